/**
 * The results model: what a lab run measured and how it was judged, as written to and read from results.json
 * ({@link io.contend.cli.results.ResultsFile}). It depends on neither the experiments that fill it nor the analysis
 * and rendering that read it.
 */
package io.contend.cli.results;
