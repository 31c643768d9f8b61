/**
 * The coordinated-omission-free load generator, after cassandra-stress's fix (CASSANDRA-11853, "Introduce
 * HdrHistogram and response/service/wait separation to stress tool"; Nitsan Wakart, "Fixing Coordinated
 * Omission in Cassandra Stress", psy-lob-saw.blogspot.com/2016/07/fixing-co-in-cstress.html): schedules with an intended start time per operation, response / service / wait time recorded
 * separately per operation tag, HdrHistogram interval logs, and the workload SPI.
 */
package io.contend.load;
