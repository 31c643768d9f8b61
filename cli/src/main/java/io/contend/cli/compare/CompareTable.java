package io.contend.cli.compare;

import io.contend.cli.analysis.RatioEstimate;
import io.contend.cli.analysis.TextTable;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The terminal table of a comparison, in the spirit of benchstat: old, new, the ratio and a verdict per line. */
final class CompareTable {
    private CompareTable() {
    }

    static String render(List<CompareRow> rows, double margin) {
        List<List<String>> table = new ArrayList<>();
        boolean paired = rows.get(0).paired();
        table.add(paired ? List.of("benchmark", "unit", "baseline", "candidate", "ratio", "95% CI", "verdict",
                "robust (HL, Wilcoxon p)", "trending forks")
                : List.of("benchmark", "unit", "baseline", "candidate", "ratio", "95% CI", "verdict (unpaired)"));
        for (CompareRow r : rows) {
            RatioEstimate e = r.estimate();
            List<String> line = new ArrayList<>(List.of(r.key().label(), r.unit(), number(r.baselineMean()),
                    number(r.candidateMean()), String.format(Locale.ROOT, "%.3fx", e.ratio()),
                    e.hasInterval() ? String.format(Locale.ROOT, "[%.3f, %.3f]", e.low(), e.high()) : "n/a",
                    r.verdict().label()));
            if (paired) {
                line.add(String.format(Locale.ROOT, "%.3fx, p=%.3f%s", r.hodgesLehmann(), r.wilcoxonP(),
                        r.robustDisagrees() ? " !" : ""));
                line.add(r.trending().size() + "/" + r.forks());
            }
            table.add(line);
        }
        int[] widths = new int[table.get(0).size()];
        for (List<String> line : table) {
            for (int i = 0; i < line.size(); i++) {
                widths[i] = Math.max(widths[i], line.get(i).length());
            }
        }
        StringBuilder out = new StringBuilder();
        for (List<String> line : table) {
            for (int i = 0; i < line.size(); i++) {
                String cell = line.get(i);
                out.append(i < 2 ? String.format("%-" + widths[i] + "s", cell) : String.format("%" + widths[i] + "s", cell));
                out.append(i + 1 < line.size() ? "  " : "\n");
            }
        }
        for (CompareRow r : rows) {
            if (!r.trending().isEmpty()) {
                out.append("trending: ").append(r.key().label()).append(": ").append(String.join(", ", r.trending()))
                        .append('\n');
            }
        }
        for (String line : TextTable.wrap(note(rows, margin), 110)) {
            out.append("  ").append(line).append('\n');
        }
        return out.toString();
    }

    static String note(List<CompareRow> rows, double margin) {
        boolean paired = rows.get(0).paired();
        String ratio = "ratio: candidate vs baseline, above 1 is better (for times, baseline time / candidate time), "
                + "the geometric mean of per-round ratios; 95% CI: Student's t interval of the log ratios. Verdict: "
                + "faster/slower when the ratio is beyond the " + Math.round(margin * 100) + "% margin, same when it is "
                + "within it, else inconclusive";
        if (!paired) {
            return ratio.replace("the geometric mean of per-round ratios; 95% CI: Student's t interval of the log ratios",
                    "from the two files' forks, unpaired (Welch's interval of the log fork scores)")
                    + ". Unpaired is the weaker kind: the two files were measured at different times, so nothing "
                    + "cancels what drifted between them; no correction for many benchmarks.";
        }
        return ratio + ", corrected across the " + rows.size() + " configuration(s) with Holm's procedure (family-wise "
                + "5%); faster or slower also needs the signed-rank test at 5%, so at least 6 rounds. robust: the Hodges-Lehmann ratio and Wilcoxon's signed-rank p of the per-round log ratios; '!' "
                + "where it disagrees with the t interval on whether the ratio differs from 1. trending forks: forks whose "
                + "measurement iterations still trended (least-squares slope, 1% level): a longer warm-up may be needed.";
    }

    private static String number(double v) {
        double a = Math.abs(v);
        return String.format(Locale.ROOT, a >= 100 ? "%,.1f" : a >= 1 ? "%.3f" : "%.4g", v);
    }
}
