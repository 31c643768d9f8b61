/**
 * HDR interval log tools, after Nitsan Wakart's HdrLogProcessing (github.com/nitsanw/HdrLogProcessing), the
 * log tools of "Fixing Coordinated Omission in Cassandra Stress"
 * (psy-lob-saw.blogspot.com/2016/07/fixing-co-in-cstress.html): read HdrHistogram interval logs with tag and
 * time filters, summarize, split by tag, union several logs, one CSV row per interval, and plot data.
 */
package io.contend.hdr;
