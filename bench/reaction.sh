#!/usr/bin/env bash
# Reaction-time benchmark: how long from the telemetry POST that takes a region over clampAt to the first viewer
# admission that gets the lower top. TRIALS fresh copies of the demo event (no cooldown or load history carried
# over); in each trial one sample puts region EU (4000 Mbps) at LOAD_MBPS (3800: utilization 0.95 >= clampAt
# 0.85), then a viewer from 81.2.69.142 (region EU, via X-Forwarded-For) loads GET /events/<slug> every POLL_MS
# until X-Velvet-Top is no longer v6000. Each POST is sent at a random phase of the rules tick. Reports
# min / p50 / p90 / p99 / max over the trials, and the server's own time of the clamp (audit entry) to split the
# reaction into waiting for the tick and what follows it. WARMUP_TRIALS trials run first and are not reported.
# The trials run in reaction.py (Python 3.8 or newer).
#
#   bench/reaction.sh
#
# The server runs on CPU 0 and the client on CPU 1 (taskset), on loopback only, with the default rules tick
# (1 s). The run is bounded (TRIALS x about 1.5 s plus set-up, about 2 minutes for 60 trials) and the server is
# stopped at the end, also on failure or Ctrl-C.
#
# Settings (environment): TRIALS (60), WARMUP_TRIALS (3), POLL_MS (5), LOAD_MBPS (3800), SEED (20240611), PORT
# (first port tried, 18182), SERVER_CPU (0), LOAD_CPU (1), JAVA_OPTS (extra JVM options for the server), JAR (the
# packaged quarkus-run.jar; default target/ of this checkout), PYTHON (python3), KEEP_WORK (true keeps the working
# directory with the per-trial CSV).
set -euo pipefail

BENCH_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
NAME=reaction
TRIALS=${TRIALS:-60}
WARMUP_TRIALS=${WARMUP_TRIALS:-3}
POLL_MS=${POLL_MS:-5}
LOAD_MBPS=${LOAD_MBPS:-3800}
SEED=${SEED:-20240611}
PORT=${PORT:-18182}
PYTHON=${PYTHON:-python3}
# The rules tick of the server (velvet.rules.tick, default) and Velvet Rope's target: one tick + 100 ms at p99.
TICK_MS=1000
TARGET_MS=$((TICK_MS + 100))

for arg in "$@"; do
    case "$arg" in
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

# shellcheck source=server.sh
. "$BENCH_DIR/server.sh"
bench_require java taskset curl "$PYTHON"
"$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 8))' || die "$PYTHON is older than 3.8"
[ "$TRIALS" -ge 1 ] || die "TRIALS must be at least 1"

bench_start_server
say "creating the events, then $WARMUP_TRIALS warm-up and $TRIALS measured trials (client on CPU $LOAD_CPU," \
    "polling every $POLL_MS ms)"
ADMIN_PASSWORD=$ADMIN_PASSWORD TRIALS=$TRIALS WARMUP_TRIALS=$WARMUP_TRIALS POLL_MS=$POLL_MS \
    TICK_S=$(awk -v t="$TICK_MS" 'BEGIN { print t / 1000 }') LOAD_MBPS=$LOAD_MBPS SEED=$SEED OUT="$WORK/trials.csv" \
    taskset -c "$LOAD_CPU" "$PYTHON" "$BENCH_DIR/reaction.py" "$BASE" >"$WORK/results.txt" 2>"$WORK/trials.log" &
LOAD_PID=$!
# CPU accounting from the first measured trial on (the set-up signs in as admin many times: bcrypt).
until grep -q '^MEASURING' "$WORK/trials.log"; do
    kill -0 "$LOAD_PID" 2>/dev/null || { server_alive; tail -n 20 "$WORK/trials.log" >&2; die "the trials failed"; }
    sleep 0.05
done
m0=$(machine_ticks); s0=$(server_ticks); t0=$(date +%s%N)
wait "$LOAD_PID" || { server_alive; tail -n 20 "$WORK/trials.log" >&2; die "the trials failed"; }
LOAD_PID=""
server_alive
m1=$(machine_ticks); s1=$(server_ticks); t1=$(date +%s%N)
say "load average after the run: $(cut -d' ' -f1-3 /proc/loadavg)"
# Each trial's region goes stale 30 s after its last sample, as intended; that warning is left out.
grep -E ' (ERROR|WARN) ' "$WORK/server.log" | grep -v -e 'org.flywaydb' -e 'is stale: no source has reported' \
    >"$WORK/server-problems.txt" || true
stop_server

# ---- results ---------------------------------------------------------------------------------------------------
result() { awk -v k="$1" '$1 == "RESULT" && $2 == k { print $3 }' "$WORK/results.txt"; }
# CPU in % of one CPU during the trials; the client reports its own CPU time.
read -r server_cpu client_cpu other_cpu < <(awk -v m="$((m1 - m0))" -v s="$((s1 - s0))" -v ns="$((t1 - t0))" \
    -v hz="$(getconf CLK_TCK)" -v c="$(result client_cpu_s)" 'BEGIN {
        t = ns / 1e9 * hz / 100; l = c * hz; o = m - s - l; if (o < 0) o = 0
        printf "%.0f%% %.0f%% %.0f%%\n", s / t, l / t, o / t }')
row() { # row TITLE KEY: min / p50 / p90 / p99 / max / mean of one series, in ms
    printf '  %-52s %8s %8s %8s %8s %8s %8s\n' "$1" "$(result "$2_min")" "$(result "$2_p50")" "$(result "$2_p90")" \
        "$(result "$2_p99")" "$(result "$2_max")" "$(result "$2_mean")"
}

echo
echo "Reaction time: $(machine_line),"
echo "server on CPU $SERVER_CPU, client (reaction.py) on CPU $LOAD_CPU, rules tick $TICK_MS ms, $(result trials) trials," \
    "poll every $POLL_MS ms, EU at $LOAD_MBPS Mbps (utilization $(result utilization))"
echo
printf '  %-52s %8s %8s %8s %8s %8s %8s\n' "ms" min p50 p90 p99 max mean
row "POST sent -> first admission with the lower top" reaction
row "POST sent -> the detecting poll was sent" detecting_poll_sent
row "POST sent -> clamp written (server audit time)" server_clamp
row "clamp written -> lower top seen by the poll" after_clamp
row "telemetry POST round trip" post
row "polls per trial" polls
echo
echo "  Trials without a reaction within 5 s: $(result failures); top after the clamp: $(result new_tops)" \
    "(was $(result highest))"
echo "  Trials whose clamp was written more than one tick + 100 ms after the POST (a rules tick did not run):" \
    "$(result late_clamps)"
p99=$(result reaction_p99)
if awk -v p="$p99" -v t="$TARGET_MS" 'BEGIN { exit !(p != "" && p <= t) }' && [ "$(result failures)" -eq 0 ]; then
    echo "  Target met: p99 $p99 ms <= one tick + 100 ms ($TARGET_MS ms)."
else
    echo "  TARGET MISSED: p99 ${p99:-n/a} ms > one tick + 100 ms ($TARGET_MS ms), or trials without reaction."
fi
echo "  (p99 over $(result trials) trials is the nearest-rank value. CPU during the trials, % of one CPU: server" \
    "$server_cpu, client $client_cpu, other $other_cpu: other processes, interrupts, steal)"
if [ -s "$WORK/server-problems.txt" ]; then
    echo
    echo "  Server log warnings and errors ($(wc -l <"$WORK/server-problems.txt") lines), first 5:"
    head -n 5 "$WORK/server-problems.txt" | cut -c1-200 | sed 's/^/    /'
fi
