/**
 * The coordinated-omission-free load generator (seed 004). Empty until that issue lands; the module builds
 * and is wired into CI so that it can be filled without touching the build.
 */
package io.contend.load;
