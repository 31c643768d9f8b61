/** HDR interval log tools: summarize, split, union, to-csv, plot data (seed 004). Empty until that issue lands. */
package io.contend.hdr;
