/** Helpers shared inside contend-core. Not API: nothing here is stable. */
package io.contend.internal;
