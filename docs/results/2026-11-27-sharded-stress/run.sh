#!/usr/bin/env bash
# Sharded stress on one machine (2 vCPUs): 4 shard processes at 4k/s in all against a 200 us sleep, compared
# with one process of 4 generator threads at the same rate and, as a control without oversubscription, 2 shard
# processes of 2 threads; interleaved, three rounds. Then a run whose shard 3 is overloaded.
# Run from the repository's root: docs/results/2026-11-27-sharded-stress/run.sh
# CONTEND may name another launcher, e.g. a script that runs java -jar cli/target/contend.jar.
set -euo pipefail
contend=${CONTEND:-./contend}
out=docs/results/2026-11-27-sharded-stress
workload=(sleep --service-time 200us --rate fixed=4k/s --duration 10s --warmup 4s)
for round in 1 2 3; do
  "$contend" stress "${workload[@]}" --threads 4 --log "$out/single-$round.hlog" > "$out/single-$round.txt" 2>&1
  for shards in 4 2; do
    dir="$out/sharded$shards-$round"
    "$contend" shards local --shards "$shards" --start-in 8s --out-dir "$dir" -- "${workload[@]}" \
      --threads $((4 / shards)) > "$dir.txt" 2>&1 || echo "contend shards local: exit $?" >> "$dir.txt"
  done
  # the must-show's check: hdr union of the 4 shards' logs, and its count per tag
  "$contend" hdr union "$out"/sharded4-$round/shard-*.hlog --out "$out/sharded4-$round/hdr-union.hlog" \
    >> "$out/sharded4-$round.txt"
  "$contend" hdr summarize "$out/sharded4-$round/hdr-union.hlog" >> "$out/sharded4-$round.txt"
done
# response time of every run, one row per run: the comparison
"$contend" hdr summarize --per-file --format csv --tag sleep-rt "$out"/single-?.hlog \
  "$out"/sharded4-?/hdr-union.hlog "$out"/sharded2-?/union.hlog > "$out/response-times.csv"

# Shard 3 of 4 gets a 2 ms service on one thread: it can start at most about 450 of its 1,000 operations a second.
dir="$out/overloaded"
mkdir -p "$dir"
start=$(date -u -d '+8 seconds' +%Y-%m-%dT%H:%M:%S.%3NZ)
pids=()
for i in 0 1 2 3; do
  service=200us
  if [ "$i" = 3 ]; then service=2ms; fi
  "$contend" stress sleep --service-time "$service" --rate fixed=4k/s --duration 10s --warmup 4s --shard "$i/4" \
    --start-at "$start" --log "$dir/shard-$i.hlog" > "$dir/shard-$i.out" 2>&1 &
  pids+=($!)
done
for pid in "${pids[@]}"; do wait "$pid"; done
"$contend" shards merge "$dir"/shard-*.hlog --out "$dir/union.hlog" > "$out/overloaded.txt" 2>&1 \
  || echo "contend shards merge: exit $?" >> "$out/overloaded.txt"
