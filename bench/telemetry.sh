#!/usr/bin/env bash
# Telemetry ingest benchmark: POST /api/events/keynote/telemetry with an API token, batches of BATCH samples
# (distinct sources from a pool of SOURCES, each request stamped with the current time, every (source, at) new),
# as fast as CONNECTIONS keep-alive connections go in a closed loop (TelemetryLoad.java, run by the JDK's source
# launcher: unlike wrk it ends each phase with every request answered, so the accounting is exact).
# Reports samples/s accepted, request latency, and checks that no sample was lost: every sample sent is counted
# by the server (velvet_telemetry_samples_total, outcome "accepted"), and every batch is answered 202 with all its
# samples accepted and applied, none duplicate.
#
#   bench/telemetry.sh              warm-up, then one measured run; prints samples/s, latency, the accounting
#   bench/telemetry.sh --profile    the same, with a Java Flight Recorder profile of the server during the
#                                   measured run, summarized (hot methods, allocation sites); the recording
#                                   and raw output are kept and their folder printed
#
# The server runs on CPU 0 and the load generator on CPU 1 (taskset), both on loopback only. The run is bounded
# in time (about a minute in all) and the server is stopped at the end, also on failure or Ctrl-C.
#
# Settings (environment): DURATION (s, measured run, 30), WARMUP (s, 15), CONNECTIONS (16), BATCH (samples per
# request, 100), SOURCES (source pool, split between the connections, 10000), PORT (first port tried, 18181),
# SERVER_CPU (0), LOAD_CPU (1), JAVA_OPTS (extra JVM options for the server), JAR (the packaged quarkus-run.jar;
# default target/ of this checkout), KEEP_WORK (true keeps the working directory).
set -euo pipefail

BENCH_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
NAME=telemetry
DURATION=${DURATION:-30}
WARMUP=${WARMUP:-15}
CONNECTIONS=${CONNECTIONS:-16}
BATCH=${BATCH:-100}
SOURCES=${SOURCES:-10000}
PORT=${PORT:-18181}
SLUG=keynote
# Velvet Rope's target for one instance.
TARGET=20000

PROFILE=false
for arg in "$@"; do
    case "$arg" in
        --profile) PROFILE=true ;;
        -h | --help)
            sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//'
            exit 0
            ;;
        *)
            echo "unknown argument: $arg (try --help)" >&2
            exit 2
            ;;
    esac
done
$PROFILE && KEEP_WORK=true

# shellcheck source=server.sh
. "$BENCH_DIR/server.sh"
bench_require java taskset curl
$PROFILE && bench_require jcmd jfr
[ $((SOURCES / CONNECTIONS)) -ge "$BATCH" ] ||
    die "each connection needs its own BATCH ($BATCH) sources: SOURCES ($SOURCES) / CONNECTIONS ($CONNECTIONS) is less"

JFR_OPTS=()
$PROFILE && JFR_OPTS=(-XX:FlightRecorderOptions=stackdepth=128)
bench_start_server "${JFR_OPTS[@]}"

INGEST="$BASE/api/events/$SLUG/telemetry"
created=$(curl -fsS -u "admin:$ADMIN_PASSWORD" -H 'Content-Type: application/json' \
    -d "{\"name\":\"bench\",\"events\":[\"$SLUG\"]}" "$BASE/api/tokens") || die "POST /api/tokens failed"
VELVET_BENCH_TOKEN=$(printf '%s' "$created" | sed -n 's/.*"token":"\([^"]*\)".*/\1/p')
[ -n "$VELVET_BENCH_TOKEN" ] || die "no token in the answer of POST /api/tokens: $created"
export VELVET_BENCH_TOKEN

probe=$(curl -sS -o "$WORK/probe.json" -w '%{http_code}' -H "Authorization: Bearer $VELVET_BENCH_TOKEN" \
    -H 'Content-Type: application/json' \
    -d "{\"samples\":[{\"source\":\"probe\",\"region\":\"EU\",\"at\":\"$(date -u +%Y-%m-%dT%H:%M:%S.%3NZ)\",\"mbps\":1,\"viewers\":1}]}" \
    "$INGEST")
[ "$probe" = 202 ] || die "the probe batch was answered $probe: $(cat "$WORK/probe.json")"

accepted_counter() {
    curl -fsS "$BASE/q/metrics" >"$WORK/metrics.txt" || die "GET /q/metrics failed"
    metric velvet_telemetry_samples_total "event=\"$SLUG\",outcome=\"accepted\"" "$WORK/metrics.txt"
}
result() { awk -v k="$1" '$1 == "RESULT" && $2 == k { print $3 }' "$WORK/load.txt"; }

# The load generator runs the warm-up and then the measured phase without a break, and prints MEASURING between
# them: the CPU accounting and the recording start there. Each phase ends with every request answered.
say "compiling the load generator, then warming up for $WARMUP s and measuring for $DURATION s:" \
    "$CONNECTIONS connections, $BATCH samples per request, $SOURCES sources"
taskset -c "$LOAD_CPU" java -XX:+UseSerialGC -Xmx256m "$BENCH_DIR/TelemetryLoad.java" \
    "$INGEST" "$CONNECTIONS" "$BATCH" "$SOURCES" "$WARMUP" "$DURATION" >"$WORK/load.txt" 2>"$WORK/load.err" &
LOAD_PID=$!
until grep -q '^MEASURING' "$WORK/load.txt"; do
    kill -0 "$LOAD_PID" 2>/dev/null || { server_alive; cat "$WORK/load.err" >&2; die "the load generator stopped early"; }
    sleep 0.05
done
m0=$(machine_ticks); s0=$(server_ticks); t0=$(date +%s%N)
$PROFILE && jcmd "$SERVER_PID" JFR.start name=ingest settings=profile 'jdk.ExecutionSample#period=2ms' \
    filename="$WORK/ingest.jfr" >/dev/null
wait "$LOAD_PID" || { server_alive; cat "$WORK/load.err" >&2; die "the load generator failed"; }
server_alive
m1=$(machine_ticks); s1=$(server_ticks); t1=$(date +%s%N)
LOAD_PID=""
$PROFILE && jcmd "$SERVER_PID" JFR.stop name=ingest >/dev/null
# CPU in % of one CPU; the load generator reports its own CPU time.
read -r server_cpu load_cpu other_cpu < <(awk -v m="$((m1 - m0))" -v s="$((s1 - s0))" -v ns="$((t1 - t0))" \
    -v hz="$(getconf CLK_TCK)" -v lus="$(result cpu_us)" 'BEGIN {
        t = ns / 1e9 * hz / 100; l = lus / 1e6 * hz; o = m - s - l; if (o < 0) o = 0
        printf "%.0f%% %.0f%% %.0f%%\n", s / t, l / t, o / t }')
counted=$(accepted_counter)
say "load average after the run: $(cut -d' ' -f1-3 /proc/loadavg)"
grep -E ' (ERROR|WARN) ' "$WORK/server.log" | grep -v 'org.flywaydb' >"$WORK/server-problems.txt" || true
stop_server

# ---- results ---------------------------------------------------------------------------------------------------
samples=$(result samples)
answered=$(result answered_202)
accepted=$(result accepted)
applied=$(result applied)
duplicates=$(result duplicates)
other_status=$(result other_status)
io_errors=$(result io_errors)
duration_us=$(result duration_us)
# Everything ever sent: the one-sample probe, the warm-up and the measured phase.
sent_total=$((1 + $(result warmup_samples) + samples))

ms() { awk -v us="$1" 'BEGIN { printf "%.1f ms", us / 1000 }'; }
rate() { awk -v n="$1" -v us="$duration_us" 'BEGIN { printf "%.0f", n / (us / 1e6) }'; }

echo
echo "Telemetry ingest: $(machine_line),"
echo "server on CPU $SERVER_CPU, load generator (TelemetryLoad.java) on CPU $LOAD_CPU with $CONNECTIONS connections," \
    "${DURATION} s measured after ${WARMUP} s warm-up, $BATCH samples per request from $SOURCES" \
    "sources$($PROFILE && echo ', JFR recording on')"
echo
printf '  %-46s %s\n' \
    "samples/s accepted" "$(rate "$accepted") (target >= $TARGET)" \
    "requests/s" "$(rate "$answered")" \
    "latency p50 / p90 / p99 / p99.9 / max" "$(ms "$(result p50_us)") / $(ms "$(result p90_us)") / $(ms "$(result p99_us)") / $(ms "$(result p999_us)") / $(ms "$(result max_us)")" \
    "CPU: server / load generator / other" "$server_cpu / $load_cpu / $other_cpu (of one CPU; other = other processes, interrupts, steal)"
echo
echo "  Accounting, measured phase (samples):"
printf '    %-62s %12s\n' \
    "sent ($(result requests) requests x $BATCH)" "$samples" \
    "in batches answered 202 ($answered; $other_status other statuses, $io_errors I/O errors)" "$((answered * BATCH))" \
    "  accepted (sum of \"accepted\" in the answers)" "$accepted" \
    "  applied (sum of \"applied\")" "$applied" \
    "  duplicates (sum of \"duplicates\")" "$duplicates"
echo "  Accounting, whole run (probe + warm-up + measured):"
printf '    %-62s %12s\n' \
    "sent" "$sent_total" \
    "counted by the server (velvet_telemetry_samples_total accepted)" "$counted"
if [ "$counted" -eq "$sent_total" ] && [ "$accepted" -eq "$samples" ] && [ "$applied" -eq "$samples" ] &&
    [ "$duplicates" -eq 0 ] && [ "$other_status" -eq 0 ] && [ "$io_errors" -eq 0 ] &&
    [ "$(result warmup_other_status)" -eq 0 ] && [ "$(result warmup_io_errors)" -eq 0 ]; then
    echo "  No sample lost: all sent were accepted, applied and counted."
else
    echo "  SAMPLES LOST OR REFUSED: sent $sent_total, counted $counted; see the rows above."
    grep '^PROBLEM' "$WORK/load.txt" | cut -c1-300 | sed 's/^/  first problem: /' || true
fi
if [ -s "$WORK/server-problems.txt" ]; then
    echo
    echo "  Server log warnings and errors ($(wc -l <"$WORK/server-problems.txt") lines), first 5:"
    head -n 5 "$WORK/server-problems.txt" | cut -c1-200 | sed 's/^/    /'
fi

# ---- profile summary -------------------------------------------------------------------------------------------
section() { # section FILE NAME ROWS MB TITLE: the ROWS largest rows of one section of the aggregated profile
    echo "  $5"
    awk -F'\t' -v s="$2" '$1 == s' "$1" | sort -t"$(printf '\t')" -k2,2gr | awk -v n="$3" 'NR <= n' |
        awk -F'\t' -v mb="$4" '{ if (mb) printf "    %5.1f%%  %8.1f MB  %s\n", $2, $3 / 1048576, $4;
                                 else printf "    %5.1f%%  %6d  %s\n", $2, $3, $4 }'
}
total() { awk -F'\t' -v k="$2" '$1 == "totals" && $4 == k { print $3 }' "$1"; }

if $PROFILE && [ -s "$WORK/ingest.jfr" ]; then
    agg="$WORK/ingest.profile.tsv"
    jfr print --stack-depth 128 \
        --events jdk.ExecutionSample,jdk.ObjectAllocationSample,jdk.GarbageCollection,jdk.CPULoad \
        "$WORK/ingest.jfr" | awk -f "$BENCH_DIR/jfr-summary.awk" >"$agg"
    echo
    echo "Profile of the measured run ($WORK/ingest.jfr):"
    echo "  CPU samples: $(total "$agg" cpu_samples) on request threads of $(total "$agg" all_samples);" \
        "JVM CPU user $(total "$agg" jvm_user_pct)%, system $(total "$agg" jvm_system_pct)% (of all CPUs)"
    echo "  GC: $(total "$agg" gc_count) collections, $(total "$agg" gc_pause_ms) ms paused," \
        "longest $(total "$agg" gc_longest_ms) ms"
    awk -v a="$(total "$agg" alloc_bytes)" -v s="$accepted" -v d="$DURATION" 'BEGIN {
        if (s > 0) printf "  Allocated (sampled estimate): %.0f MB/s, %.0f bytes per sample\n", a / d / 1048576, a / s }'
    section "$agg" cpu.thread 6 0 "Threads (share of all execution samples):"
    section "$agg" cpu.self 20 0 "Hot methods (top frame; share of the request threads' samples):"
    section "$agg" cpu.caller 15 0 "Hot methods with their first caller outside the JDK:"
    section "$agg" cpu.package 10 0 "By package of the top frame:"
    section "$agg" cpu.app 12 0 "Own code, inclusive (share of samples with the method on the stack):"
    section "$agg" alloc.site 12 1 "Allocation sites (top frame <- first caller outside the JDK; share of sampled bytes):"
    section "$agg" alloc.class 8 1 "Allocated classes:"
fi
