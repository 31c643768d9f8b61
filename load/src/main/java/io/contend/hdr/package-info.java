/**
 * HDR interval log tools (seed 004, HdrLogProcessing): read HdrHistogram interval logs with tag and time
 * filters, summarize, split by tag, union several logs, one CSV row per interval, and plot data.
 */
package io.contend.hdr;
