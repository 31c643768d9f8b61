package io.contend.cli.analysis;

import io.contend.cli.results.ComparisonResult;
import io.contend.cli.results.LatencyBlocks;
import io.contend.cli.results.ResultRecord;
import io.contend.cli.results.ResultsFile;
import io.contend.cli.results.RunInfo;
import io.contend.cli.results.Verdict;
import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;

/**
 * Judges the comparisons of one or more results files again, from their per-round samples: each contender's
 * round i is paired with its baseline's round i of the same run, the pairs of every run of the same comparison
 * are pooled, and the pooled ratio estimate is judged at the margin asked for, or else at the margin each
 * comparison was stored with (the lab's, unless the experiment's claim states its own). A pure function of the
 * files.
 *
 * <p>The interval is the one the {@link StoppingRule} of the records asks for: Student's t interval for runs of one
 * look, the anytime-valid confidence sequence when a record's run was continued with {@code contend lab --more}
 * (then over all the pooled rounds, in file order). Comparisons of latency percentiles whose records all keep
 * their latencies in blocks are judged by {@link PercentileBootstrap} over the pooled rounds instead, which redraws
 * whole rounds. So one file judged again at its stored margins gives the verdicts the lab stored, save percentile
 * rows of files written before the bootstrap redrew rounds (it redrew blocks within them), which are judged anew.
 *
 * <p>Records marked {@link ResultRecord#unpaired()} (a {@code contend compare} of two JMH files) keep each side's
 * independent forks, which pair with nothing: their forks of every file pool per side, and the comparison is judged
 * by {@link UnpairedRatio}, Welch's interval, as compare judged it; such a comparison never pools with paired rounds.
 * A comparison whose records carry no samples (files before schema version 3, and compares of two JMH files before
 * version 7) keeps its stored verdict, and the notes say how many did. Where several files hold a configuration
 * with its samples, its row shows their rounds pooled (a baseline's as its contenders'); otherwise the first file's
 * record is shown as it is. Configurations only in later files are added after.
 */
public final class Rejudge {
    private Rejudge() {
    }

    /**
     * What judging again gives.
     *
     * @param records every record of the files, each comparison judged again where samples allow
     * @param notes one-line observations: how many runs were pooled, whether their conditions differ, how often
     *              their own verdicts agreed, what could not be judged again
     */
    public record Result(List<ResultRecord> records, List<String> notes) {
    }

    /** One comparison's key across files: experiment, benchmark, threads and parameters. */
    private record Key(String experiment, String benchmark, int threads, Map<String, String> params) {
        static Key of(ResultRecord r) {
            return new Key(r.experiment(), r.benchmark(), r.threads(), new TreeMap<>(r.params()));
        }
    }

    /** The pooled pairs of one comparison and the verdicts each run gave it. */
    private static final class Pool {
        final List<Double> contender = new ArrayList<>();
        final List<Double> baseline = new ArrayList<>();
        final List<Verdict> runVerdicts = new ArrayList<>();
        /** The contender's own samples of every paired file, as stored (in file order), and how many files. */
        final List<Double> samples = new ArrayList<>();
        int files;
        /** Its records hold independent forks ({@link ResultRecord#unpaired()}): judged by Welch's interval. */
        boolean independentForks;
        /** Some record cannot be pooled (no samples, no baseline, or paired and unpaired mixed): kept as stored. */
        boolean cannotPool;
        /**
         * The fork lists pooled so far, per side: a JMH file compared again (in another compare run, so under
         * another run id) holds the same forks, which count once.
         */
        final Set<List<Double>> contenderForks = new HashSet<>();
        final Set<List<Double>> baselineForks = new HashSet<>();
        StoppingRule rule = StoppingRule.FIXED_PLAN;
        int looks = 1;
        /**
         * Each pooled pair's latency blocks, while every pooled record has them: kept encoded, and decoded only
         * when this pool is judged, so that judging many files holds one comparison's histograms at a time.
         */
        final List<LatencyBlocks> contenderBlocks = new ArrayList<>();
        final List<LatencyBlocks> baselineBlocks = new ArrayList<>();
        double percentile = Double.NaN;
        boolean everyRecordHasBlocks = true;

        /**
         * Adds a compare's independent forks, each side's list once.
         *
         * @return false if a side's forks were pooled already (the same JMH file, compared again)
         */
        boolean addForks(ResultRecord contender, ResultRecord baseline) {
            independentForks = true;
            files++;
            boolean newContender = contenderForks.add(contender.samples());
            boolean newBaseline = baselineForks.add(baseline.samples());
            if (newContender) {
                this.contender.addAll(contender.samples());
                samples.addAll(contender.samples());
            }
            if (newBaseline) {
                this.baseline.addAll(baseline.samples());
            }
            return newContender && newBaseline;
        }

        /** Adds the pair's blocks, or notes that not every record has them (then the samples judge). */
        void addBlocks(ResultRecord contender, ResultRecord baseline) {
            LatencyBlocks mine = contender.latency();
            LatencyBlocks theirs = baseline.latency();
            if (mine == null || theirs == null || mine.percentile() != theirs.percentile()
                    || !Double.isNaN(percentile) && percentile != mine.percentile()) {
                everyRecordHasBlocks = false;
                return;
            }
            percentile = mine.percentile();
            contenderBlocks.add(mine);
            baselineBlocks.add(theirs);
        }

        boolean bootstrap() {
            return everyRecordHasBlocks && !contenderBlocks.isEmpty();
        }

        /** @return every pooled round's blocks, decoded, in pool order */
        static List<List<Histogram>> decoded(List<LatencyBlocks> pooled) {
            List<List<Histogram>> rounds = new ArrayList<>();
            pooled.forEach(blocks -> rounds.addAll(blocks.decode()));
            return rounds;
        }
    }

    /** The looks of a pooled record: one under a fixed plan; under a sequence, the first file's and the pool's end. */
    private static List<Integer> pooledLooks(ResultRecord first, Pool pool) {
        int n = pool.samples.size();
        if (pool.rule == StoppingRule.FIXED_PLAN) {
            return List.of(n);
        }
        List<Integer> looks = new ArrayList<>();
        for (int look : first.looks()) {
            if (look < n) {
                looks.add(look);
            }
        }
        looks.add(n);
        return looks.size() > 1 ? looks : List.of(1, n);
    }

    /**
     * @param files the files' contents, in the order given
     * @param margin the equivalence margin, in (0, 1)
     * @return the records, judged again, and notes
     * @throws IllegalArgumentException if there is no file or the margin is out of range
     */
    public static Result of(List<ResultsFile.Contents> files, double margin) {
        if (!(margin > 0 && margin < 1)) {
            throw new IllegalArgumentException("margin must be in (0, 1): " + margin);
        }
        return judge(files, margin);
    }

    /**
     * @param files the files' contents, in the order given
     * @return the records, each comparison judged again at the margin it was stored with, and notes
     * @throws IllegalArgumentException if there is no file
     */
    public static Result of(List<ResultsFile.Contents> files) {
        return judge(files, null);
    }

    /** @param margin the margin for every comparison, or null for each one's stored margin */
    private static Result judge(List<ResultsFile.Contents> files, Double margin) {
        if (files.isEmpty()) {
            throw new IllegalArgumentException("no results file to judge");
        }
        Map<Key, ResultRecord> shown = new LinkedHashMap<>();
        // Baselines and other rows without a comparison: each file's samples, so that pooled runs show them pooled.
        Map<Key, List<ResultRecord>> referenceRecords = new LinkedHashMap<>();
        Map<Key, Pool> pools = new LinkedHashMap<>();
        Set<String> conditions = new LinkedHashSet<>();
        Set<String> runIds = new LinkedHashSet<>();
        // A record of a run read already (the same file given twice, or a copy of it) would count its rounds twice.
        Set<List<Object>> seen = new HashSet<>();
        int repeated = 0;
        int repeatedForks = 0;
        for (ResultsFile.Contents file : files) {
            for (RunInfo run : file.runs().values()) {
                conditions.add(run.conditions());
                runIds.add(run.id());
            }
            for (ResultRecord r : file.records()) {
                Key key = Key.of(r);
                if (r.run() != null && !seen.add(List.of(r.run(), key))) {
                    repeated++;
                    continue;
                }
                shown.putIfAbsent(key, r);
                if (r.comparison() == null) {
                    referenceRecords.computeIfAbsent(key, k -> new ArrayList<>()).add(r);
                    continue;
                }
                Pool pool = pools.computeIfAbsent(key, k -> new Pool());
                pool.runVerdicts.add(r.comparison().verdict());
                if (StoppingRule.of(r) == StoppingRule.CONFIDENCE_SEQUENCE) {
                    pool.rule = StoppingRule.CONFIDENCE_SEQUENCE;
                }
                pool.looks = Math.max(pool.looks, r.looks().size());
                ResultRecord base = baselineOf(r, file.records());
                if (base != null && (r.unpaired() || base.unpaired())) {
                    boolean bothForks = r.unpaired() && base.unpaired() && !r.samples().isEmpty()
                            && !base.samples().isEmpty();
                    if (!bothForks || pool.files > 0 && !pool.independentForks) {
                        pool.cannotPool = true;
                        continue;
                    }
                    if (!pool.addForks(r, base)) {
                        repeatedForks++;
                    }
                    continue;
                }
                if (base == null || r.samples().isEmpty() || r.samples().size() != base.samples().size()
                        || pool.independentForks) {
                    pool.cannotPool = true;
                    continue;
                }
                pool.addBlocks(r, base);
                pool.samples.addAll(r.samples());
                pool.files++;
                for (int i = 0; i < r.samples().size(); i++) {
                    double mine = r.samples().get(i);
                    double theirs = base.samples().get(i);
                    if (Double.isFinite(mine) && Double.isFinite(theirs)) {
                        pool.contender.add(mine);
                        pool.baseline.add(theirs);
                    }
                }
            }
        }
        List<ResultRecord> records = new ArrayList<>();
        int rejudged = 0;
        int storedOnly = 0;
        int inSeveral = 0;
        int agreed = 0;
        int sequential = 0;
        int bootstrapped = 0;
        int forks = 0;
        for (Map.Entry<Key, ResultRecord> e : shown.entrySet()) {
            ResultRecord r = e.getValue();
            Pool pool = pools.get(e.getKey());
            if (pool == null) {
                records.add(pooledReference(r, referenceRecords.get(e.getKey())));
                continue;
            }
            if (pool.runVerdicts.size() > 1) {
                inSeveral++;
                if (pool.runVerdicts.stream().distinct().count() == 1) {
                    agreed++;
                }
            }
            if (pool.cannotPool || pool.contender.size() < 1) {
                storedOnly++;
                records.add(r);
                continue;
            }
            ComparisonResult stored = r.comparison();
            double at = margin != null ? margin : stored.margin();
            ComparisonResult judged;
            try {
                if (pool.independentForks) {
                    RatioEstimate estimate = UnpairedRatio.estimate(toArray(pool.contender), toArray(pool.baseline),
                            stored.direction(), RatioEstimate.CONFIDENCE);
                    judged = Judge.comparison(stored.baseline(), estimate, at, stored.direction());
                    forks++;
                } else if (pool.bootstrap()) {
                    judged = PercentileBootstrap.judge(stored.baseline(), Pool.decoded(pool.contenderBlocks),
                            Pool.decoded(pool.baselineBlocks), pool.percentile, pool.looks, stored.direction(), at);
                    bootstrapped++;
                } else {
                    RatioEstimate estimate = pool.rule.estimate(toArray(pool.contender), toArray(pool.baseline),
                            stored.direction());
                    judged = pool.rule.comparison(stored.baseline(), estimate, at, stored.direction());
                }
            } catch (IllegalArgumentException noUsableRound) {
                storedOnly++;
                records.add(r);
                continue;
            }
            // A record shown with blocks marks its interval as the bootstrap's: not so when the pool was not.
            ResultRecord shownRecord = pool.bootstrap() || r.latency() == null ? r : r.withoutLatency();
            if (pool.files > 1 && shownRecord.latency() == null) {
                // The row then shows the pooled rounds, and a table's pair rows pair two pooled records.
                shownRecord = shownRecord.withPooledSamples(pool.samples, pooledLooks(r, pool));
            }
            records.add(shownRecord.withComparison(judged));
            rejudged++;
            if (pool.rule == StoppingRule.CONFIDENCE_SEQUENCE && !pool.bootstrap()) {
                sequential++;
            }
        }
        List<String> notes = new ArrayList<>();
        String at = margin != null ? String.format(java.util.Locale.ROOT, "at a %.1f%% margin", margin * 100)
                : "at the margins they were stored with";
        notes.add(String.format(java.util.Locale.ROOT, "%d comparison(s) judged again from their samples %s, pooling "
                + "%d file(s) of %d run(s)", rejudged, at, files.size(), runIds.size()));
        if (repeated > 0) {
            notes.add(repeated + " record(s) of a run already read from another file were left out: a run's rounds "
                    + "count once");
        }
        if (sequential > 0) {
            notes.add(sequential + " of them by the anytime-valid confidence sequence, not the t interval: their runs "
                    + "were continued with --more after a look at their verdicts");
        }
        if (bootstrapped > 0) {
            notes.add(bootstrapped + " of them by the pooled percentile's round bootstrap (their records keep "
                    + "their latencies in blocks)");
        }
        if (repeatedForks > 0) {
            notes.add(repeatedForks + " compare(s) of two JMH files held forks already pooled (a file compared "
                    + "again): each file's forks count once");
        }
        if (forks > 0) {
            notes.add(forks + " of them from independent forks (a compare of two JMH files), by Welch's interval: "
                    + "unpaired, the weaker kind, as nothing cancels what drifted between the files' runs");
        }
        if (conditions.size() > 1) {
            notes.add("the runs' conditions differ: " + String.join(" | ", conditions));
        }
        if (inSeveral > 0) {
            notes.add("the runs' own verdicts agreed in " + agreed + " of " + inSeveral
                    + " comparison(s) measured more than once");
        }
        if (storedOnly > 0) {
            notes.add(storedOnly + " comparison(s) keep their stored verdict: their records have no per-round "
                    + "samples (a file older than schema version 3, or a compare of two JMH files older than "
                    + "version 7), no baseline with as many rounds, or paired rounds and unpaired forks to pool");
        }
        return new Result(records, notes);
    }

    /**
     * A row without a comparison (a baseline) as its contenders are shown when runs pool: over every file's rounds
     * (each distinct list once: a JMH file compared again holds the same forks), when it is in more than one file,
     * each kept its samples and all are rounds or all forks, unless its score is a percentile kept in blocks; else
     * as the first file has it.
     */
    private static ResultRecord pooledReference(ResultRecord first, List<ResultRecord> perFile) {
        if (perFile == null || perFile.size() < 2 || perFile.stream().anyMatch(r -> r.samples().isEmpty())
                || perFile.stream().anyMatch(r -> r.unpaired() != first.unpaired()) || first.latency() != null) {
            return first; // a percentile's contenders are judged and shown from their blocks, per file, too
        }
        Set<List<Double>> distinct = new LinkedHashSet<>();
        perFile.forEach(r -> distinct.add(r.samples()));
        if (distinct.size() < 2) {
            return first;
        }
        List<Double> pooled = new ArrayList<>();
        distinct.forEach(pooled::addAll);
        return first.withPooledSamples(pooled, List.of(pooled.size()));
    }

    /** @return the record of the contender's baseline in the same run, or null */
    static ResultRecord baselineOf(ResultRecord contender, List<ResultRecord> records) {
        Map<String, String> params = new LinkedHashMap<>(contender.params());
        params.putAll(contender.comparison().baseline());
        ResultRecord sameThreads = null;
        ResultRecord any = null;
        for (ResultRecord r : records) {
            if (r != contender && r.experiment().equals(contender.experiment())
                    && r.benchmark().equals(contender.benchmark()) && Objects.equals(r.run(), contender.run())
                    && r.params().equals(params)) {
                if (r.threads() == contender.threads() && sameThreads == null) {
                    sameThreads = r;
                }
                if (any == null) {
                    any = r;
                }
            }
        }
        return sameThreads != null ? sameThreads : any;
    }

    private static double[] toArray(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).toArray();
    }
}
