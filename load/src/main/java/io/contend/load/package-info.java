/**
 * The coordinated-omission-free load generator (seed 004, "Fixing Coordinated Omission in Cassandra
 * Stress"): schedules with an intended start time per operation, response / service / wait time recorded
 * separately per operation tag, HdrHistogram interval logs, and the workload SPI.
 */
package io.contend.load;
