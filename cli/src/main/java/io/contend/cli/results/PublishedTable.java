package io.contend.cli.results;

import java.util.List;

/**
 * Headline numbers a published source reports for an experiment (a ticket, a pull request, a post), shown in
 * the report beside this machine's and labelled as measured elsewhere. Transcribed with their source; never
 * mixed into ratios.
 *
 * @param source where the numbers come from, e.g. {@code Netty PR #7248 (2017), AbstractReferenceCountedByteBufBenchmark}
 * @param header column headers
 * @param rows the numbers as the source prints them, one list per row
 */
public record PublishedTable(String source, List<String> header, List<List<String>> rows) {

    /** Copies the lists and checks every row has a cell per column. */
    public PublishedTable {
        header = List.copyOf(header);
        rows = rows.stream().map(List::copyOf).toList();
        for (List<String> row : rows) {
            if (row.size() != header.size()) {
                throw new IllegalArgumentException("row " + row + " has " + row.size() + " cells for "
                        + header.size() + " columns " + header);
            }
        }
    }
}
