#!/usr/bin/env bash
# Viewer hot-path benchmark: the landing page (GET /events/keynote) and the multivariant playlist
# (GET /events/keynote/live.m3u8) of the demo event, each request from another of >= 10,000 public IPv4
# addresses (X-Forwarded-For from a trusted proxy), so every request is placed by GeoIP like a new viewer.
#
#   bench/viewer.sh              warm-up, then measured runs; prints req/s and latency percentiles
#   bench/viewer.sh --profile    the same, with a Java Flight Recorder profile of the server during the
#                                measured landing-page and playlist runs, summarized (hot methods,
#                                allocation sites); the recordings are kept and their folder printed
#
# The server runs on CPU 0 and wrk on CPU 1 (taskset), both on loopback only. Everything is bounded in time:
# start-up, a warm-up of at most 90 s, three measured runs of 30 s (under 5 minutes in all, with --profile
# too), and the server is stopped at the end, also on failure or Ctrl-C.
#
# Settings (environment): DURATION (s, per measured run, 30), WARMUP and WARMUP_MAX (s, 20 and 90: the
# warm-up goes on past WARMUP until the throughput holds steady, at most WARMUP_MAX), CONNECTIONS (50),
# ADDRESSES (10000), SEED (20240611), PORT (first port tried, 18080), SERVER_CPU (0), LOAD_CPU (1),
# JAVA_OPTS (extra JVM options for the server).
set -euo pipefail

BENCH_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$BENCH_DIR/.." && pwd)
JAR="$ROOT/target/quarkus-app/quarkus-run.jar"

DURATION=${DURATION:-30}
WARMUP=${WARMUP:-20}
WARMUP_MAX=${WARMUP_MAX:-90}
CONNECTIONS=${CONNECTIONS:-50}
ADDRESSES=${ADDRESSES:-10000}
SEED=${SEED:-20240611}
PORT=${PORT:-18080}
SERVER_CPU=${SERVER_CPU:-0}
LOAD_CPU=${LOAD_CPU:-1}
JAVA_OPTS=${JAVA_OPTS:-}
SLUG=keynote
# A GeoLite2 address in the United Kingdom, for the sanity check and the returning viewer's token.
PROBE_ADDRESS=81.2.69.142

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

say() { printf '==> %s\n' "$*" >&2; }
die() {
    printf 'viewer.sh: %s\n' "$*" >&2
    exit 1
}

# ---- tools -----------------------------------------------------------------------------------------------------
command -v java >/dev/null || die "java is not on PATH (Java 17 needed)"
command -v taskset >/dev/null || die "taskset is missing (Debian package util-linux)"
command -v curl >/dev/null || die "curl is missing"
if ! command -v wrk >/dev/null; then
    say "installing wrk"
    SUDO=""
    [ "$(id -u)" -eq 0 ] || SUDO=sudo
    $SUDO apt-get update -qq
    $SUDO apt-get install -y -qq wrk >/dev/null
fi
if $PROFILE; then
    command -v jcmd >/dev/null && command -v jfr >/dev/null || die "--profile needs jcmd and jfr from the JDK"
fi
CPUS=$(nproc --all)
[ "$CPUS" -gt "$SERVER_CPU" ] && [ "$CPUS" -gt "$LOAD_CPU" ] ||
    die "needs CPUs $SERVER_CPU and $LOAD_CPU; this machine has $CPUS"

if [ ! -f "$JAR" ]; then
    say "building the application (no $JAR yet)"
    (cd "$ROOT" && ./mvnw -B -q package -DskipTests)
fi

# ---- working directory and clean-up ----------------------------------------------------------------------------
WORK=$(mktemp -d "${TMPDIR:-/tmp}/velvet-bench.XXXXXX")
SERVER_PID=""
stop_server() {
    if [ -n "$SERVER_PID" ] && kill -0 "$SERVER_PID" 2>/dev/null; then
        kill "$SERVER_PID" 2>/dev/null || true
        for _ in $(seq 1 40); do
            kill -0 "$SERVER_PID" 2>/dev/null || break
            sleep 0.5
        done
        kill -9 "$SERVER_PID" 2>/dev/null || true
        wait "$SERVER_PID" 2>/dev/null || true
    fi
    SERVER_PID=""
}
cleanup() {
    stop_server
    if $PROFILE; then
        say "recordings and raw output kept in $WORK"
    else
        rm -rf "$WORK"
    fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

awk -v n="$ADDRESSES" -v seed="$SEED" -f "$BENCH_DIR/gen-addresses.awk" >"$WORK/addresses.txt"
[ "$(wc -l <"$WORK/addresses.txt")" -ge "$ADDRESSES" ] || die "address generation failed"

port_in_use() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
for _ in $(seq 1 50); do
    port_in_use "$PORT" || break
    PORT=$((PORT + 1))
done
port_in_use "$PORT" && die "no free port found"
BASE="http://127.0.0.1:$PORT"

# ---- server ----------------------------------------------------------------------------------------------------
say "machine: $CPUS CPUs, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')"
say "java: $(java -version 2>&1 | head -n 1)"
say "load average before start: $(cut -d' ' -f1-3 /proc/loadavg)"
say "starting the server on CPU $SERVER_CPU, $BASE (working directory $WORK)"
# With --profile the JVM starts recording at once, so the recorder's instrumentation is in place before the
# warm-up: starting the first recording later makes the JIT recompile the whole hot path, and the measured run
# would profile that instead. The profiles themselves are separate recordings around the measured runs
# (jfr_start, jfr_stop) with the same settings; both write to disk, so each recording file holds only the
# chunks of its own time span. Execution samples every 2 ms.
JFR_SETTINGS="settings=profile,jdk.ExecutionSample#period=2ms"
JFR_OPTS=""
$PROFILE && JFR_OPTS="-XX:FlightRecorderOptions=stackdepth=128,repository=$WORK/jfr-repository
    -XX:StartFlightRecording=name=whole-run,$JFR_SETTINGS,maxage=2m"
# shellcheck disable=SC2086 # JAVA_OPTS and JFR_OPTS are lists of options
(
    cd "$WORK"
    exec taskset -c "$SERVER_CPU" java $JAVA_OPTS $JFR_OPTS \
        -Dvelvet.demo=true \
        -Dvelvet.token.key="$(head -c 32 /dev/urandom | base64)" \
        -Dvelvet.admin.password=some-long-password \
        -Dquarkus.http.proxy.proxy-address-forwarding=true \
        -Dquarkus.http.proxy.allow-x-forwarded=true \
        -Dquarkus.http.proxy.trusted-proxies=127.0.0.1 \
        -Dquarkus.http.host=127.0.0.1 \
        -Dquarkus.http.port="$PORT" \
        -jar "$JAR" >server.log 2>&1
) &
SERVER_PID=$!

for i in $(seq 1 240); do
    kill -0 "$SERVER_PID" 2>/dev/null || { tail -n 30 "$WORK/server.log" >&2; die "the server exited during start-up"; }
    curl -fs -o /dev/null "$BASE/q/health/ready" && break
    [ "$i" -lt 240 ] || { tail -n 30 "$WORK/server.log" >&2; die "the server was not ready after 120 s"; }
    sleep 0.5
done
say "ready after about $((i / 2)) s"

headers=$(curl -fs -D - -o /dev/null -H "X-Forwarded-For: $PROBE_ADDRESS" "$BASE/events/$SLUG") ||
    die "GET /events/$SLUG failed"
region=$(printf '%s' "$headers" | tr -d '\r' | awk -F': ' 'tolower($1) == "x-velvet-region" {print $2}')
[ "$region" = "EU" ] || die "X-Forwarded-For is not honoured: $PROBE_ADDRESS was placed in '$region', not EU"
TOKEN=$(printf '%s' "$headers" | tr -d '\r' |
    sed -n "s/^[Ss]et-[Cc]ookie: vr_$SLUG=\([^;]*\).*/\1/p")
[ -n "$TOKEN" ] || die "no assignment cookie in the landing page response"
curl -fs -o /dev/null -H "X-Forwarded-For: $PROBE_ADDRESS" "$BASE/events/$SLUG/live.m3u8" ||
    die "GET /events/$SLUG/live.m3u8 failed"

# figure FILE: req/s p50 p90 p99 max requests non-2xx socket-errors of one wrk run
figure() {
    awk '
        /^Requests\/sec:/ { rps = $2 }
        $1 == "50%" { p50 = $2 } $1 == "90%" { p90 = $2 } $1 == "99%" { p99 = $2 }
        $1 == "Latency" && max == "" { max = $4 }
        / requests in / { requests = $1 }
        /Non-2xx or 3xx responses:/ { bad = $NF }
        /Socket errors:/ { gsub(/,/, ""); errors = $4 + $6 + $8 + $10 }
        END { printf "%s %s %s %s %s %s %s %s\n", rps, p50, p90, p99, max, requests, bad + 0, errors + 0 }
    ' "$1"
}
# steady NOW BEFORE: within 5 % of each other
steady() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(b > 0 && a >= 0.95 * b && a <= 1.05 * b) }'; }

# ---- load ------------------------------------------------------------------------------------------------------
# CPU accounting of a run, so it can tell when the machine was not quiet: busy clock ticks of both CPUs
# (/proc/stat, steal included), ticks of the server (/proc/PID/stat) and of wrk (the shell's children).
machine_ticks() {
    awk -v a="cpu$SERVER_CPU" -v b="cpu$LOAD_CPU" '$1 == a || $1 == b { t += $2 + $3 + $4 + $7 + $8 + $9 } END { print t }' /proc/stat
}
server_ticks() { awk '{ print $14 + $15 }' "/proc/$SERVER_PID/stat"; }
# The "times" builtin must run in this shell, not in a $(...) subshell, to see the children's time.
children_ticks() { # children_ticks VAR: user + system time of the finished children, in ticks
    times >"$WORK/times"
    printf -v "$1" '%s' "$(awk -v hz="$(getconf CLK_TCK)" 'NR == 2 {
        for (i = 1; i <= 2; i++) { split($i, t, /[ms]/); s += t[1] * 60 + t[2] } print int(s * hz + 0.5) }' "$WORK/times")"
}

# run_wrk NAME SECONDS PATH: one wrk run on the load CPU, output kept in $WORK/NAME.txt, and the CPU use
# during it in $WORK/NAME.cpu: server, wrk, everything else (other processes, interrupts, steal), in % of one CPU
run_wrk() {
    local m0 s0 w0 t0 m1 s1 w1 t1
    m0=$(machine_ticks); s0=$(server_ticks); children_ticks w0; t0=$(date +%s%N)
    taskset -c "$LOAD_CPU" wrk -t1 -c"$CONNECTIONS" -d"$2"s --timeout 5s --latency \
        -s "$BENCH_DIR/rotate-xff.lua" "$BASE" -- "$WORK/addresses.txt" "$3" >"$WORK/$1.txt"
    m1=$(machine_ticks); s1=$(server_ticks); children_ticks w1; t1=$(date +%s%N)
    awk -v m="$((m1 - m0))" -v s="$((s1 - s0))" -v w="$((w1 - w0))" -v ns="$((t1 - t0))" -v hz="$(getconf CLK_TCK)" \
        'BEGIN { t = ns / 1e9 * hz / 100; o = m - s - w; if (o < 0) o = 0
                 printf "%.0f%% %.0f%% %.0f%%\n", s / t, w / t, o / t }' >"$WORK/$1.cpu"
}

jfr_start() {
    $PROFILE && jcmd "$SERVER_PID" JFR.start name="$1" ${JFR_SETTINGS//,/ } filename="$WORK/$1.jfr" >/dev/null || true
}
jfr_stop() { $PROFILE && jcmd "$SERVER_PID" JFR.stop name="$1" >/dev/null || true; }

LANDING="/events/$SLUG"
PLAYLIST="/events/$SLUG/live.m3u8"
RETURNING="/events/$SLUG/live.m3u8?t=$TOKEN"

# On one core the JIT compiles on the same core as the requests, and throughput keeps rising for a minute or
# more; so warm up in 5 s slices, landing page and playlist in turn, until two rounds in a row agree.
say "warming up: at least $WARMUP s, at most $WARMUP_MAX s, until the throughput holds steady"
warm=0
last_landing=0
last_playlist=0
while :; do
    run_wrk warmup-landing 5 "$LANDING"
    run_wrk warmup-playlist 5 "$PLAYLIST"
    warm=$((warm + 10))
    landing=$(figure "$WORK/warmup-landing.txt" | cut -d' ' -f1)
    playlist=$(figure "$WORK/warmup-playlist.txt" | cut -d' ' -f1)
    say "  after $warm s: landing page $landing req/s, playlist $playlist req/s"
    if [ "$warm" -ge "$WARMUP" ] && steady "$landing" "$last_landing" && steady "$playlist" "$last_playlist"; then
        break
    fi
    if [ "$warm" -ge "$WARMUP_MAX" ]; then
        say "  not steady after $WARMUP_MAX s; measuring anyway"
        break
    fi
    last_landing=$landing
    last_playlist=$playlist
done

say "measuring: landing page, $DURATION s, $CONNECTIONS connections"
jfr_start landing
run_wrk landing "$DURATION" "$LANDING"
jfr_stop landing
say "measuring: playlist, new viewer, $DURATION s"
jfr_start playlist
run_wrk playlist "$DURATION" "$PLAYLIST"
jfr_stop playlist
say "measuring: playlist, returning viewer (?t=token), $DURATION s"
run_wrk playlist-token "$DURATION" "$RETURNING"

curl -fs "$BASE/q/metrics" >"$WORK/metrics.txt" || true
say "load average after the runs: $(cut -d' ' -f1-3 /proc/loadavg)"
stop_server

# ---- results ---------------------------------------------------------------------------------------------------
echo
echo "Viewer hot path: $CPUS CPUs ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')),"
echo "server on CPU $SERVER_CPU, wrk on CPU $LOAD_CPU, 1 thread, $CONNECTIONS connections, ${DURATION} s per run,"
echo "X-Forwarded-For over $ADDRESSES addresses (seed $SEED)$($PROFILE && echo ', JFR recording on (landing, playlist)')"
echo
printf '%-36s %9s %9s %8s %8s %8s %8s %9s %7s %6s   %s\n' run req/s "req/CPU-s" p50 p90 p99 max requests \
    non-2xx errors "CPU: server wrk other"
for run in landing:"GET $LANDING" playlist:"GET $PLAYLIST" playlist-token:"GET $PLAYLIST?t=TOKEN"; do
    name=${run%%:*}
    read -r rps p50 p90 p99 max requests bad errors <<<"$(figure "$WORK/$name.txt")"
    read -r server wrk other <<<"$(cat "$WORK/$name.cpu")"
    per_cpu=$(awk -v r="$rps" -v s="${server%\%}" 'BEGIN { if (s > 0) printf "%.0f", r * 100 / s; else print "-" }')
    printf '%-36s %9s %9s %8s %8s %8s %8s %9s %7s %6s   %5s %5s %5s\n' "${run#*:}" "$rps" "$per_cpu" "$p50" "$p90" \
        "$p99" "$max" "$requests" "$bad" "$errors" "$server" "$wrk" "$other"
done
for name in landing playlist playlist-token; do
    read -r _ _ _ _ _ _ bad errors <<<"$(figure "$WORK/$name.txt")"
    [ "$bad" = 0 ] && [ "$errors" = 0 ] || echo "WARNING: the $name run had $bad non-2xx responses and $errors socket errors"
done
echo "(req/CPU-s: requests per second of server CPU time, the throughput one full core would give. CPU in % of"
echo " one CPU over CPUs $SERVER_CPU and $LOAD_CPU; \"other\" is time spent by other processes, interrupts and steal:"
echo " more than a few percent means the machine was not quiet, and req/s and latencies are worse than they should)"

if [ -s "$WORK/metrics.txt" ]; then
    echo
    echo "Viewers by region during the whole run (velvet_admissions_total):"
    awk '/^velvet_admissions_total\{/ {
            match($0, /region="[^"]*"/); r = substr($0, RSTART + 8, RLENGTH - 9)
            n[r] += $NF; t += $NF }
         END { for (r in n) printf "  %-9s %5.1f%%\n", r, 100 * n[r] / t }' "$WORK/metrics.txt" | sort
    awk '/^velvet_geo_misses_total\{/ { printf "  (GeoIP misses, placed in the default region: %d)\n", $NF }' \
        "$WORK/metrics.txt"
fi

# ---- profile summary -------------------------------------------------------------------------------------------
# section FILE NAME ROWS MB TITLE [BELOW]: the ROWS largest rows of one section of the aggregated profile
# (sizes in MB when MB is 1), leaving out rows of BELOW percent or more
section() {
    echo "  $5"
    # awk, not head, takes the first rows: it reads to the end, so sort never meets a closed pipe
    awk -F'\t' -v s="$2" -v below="${6:-101}" '$1 == s && $2 < below' "$1" | sort -t"$(printf '\t')" -k2,2gr |
        awk -v n="$3" 'NR <= n' |
        awk -F'\t' -v mb="$4" '{ if (mb) printf "    %5.1f%%  %8.1f MB  %s\n", $2, $3 / 1048576, $4;
                                 else printf "    %5.1f%%  %6d  %s\n", $2, $3, $4 }'
}
total() { awk -F'\t' -v k="$2" '$1 == "totals" && $4 == k { print $3 }' "$1"; }

# The steps of the viewer path, and the framework work around it, whose inclusive share the summary lists
WATCH="ViewerResource.landing(;ViewerResource.playlist(;Admission.place(;GeoLocator.locate(\
;AbstractNamedRecord.getNames(;Decoder.decodeString(;ClientAddress.of(;IpLiteral.parse(;Admission.admit(\
;AssignmentTokens.issue(;AssignmentTokens.verify(;AssignmentTokens.newViewerId(;ViewerResource.viewerResponse(\
;ViewerResource.setCookie(;Rendered.page(;Rendered.countAdmission(;AdmissionStats.record(\
;ObservabilityIntegrationRecorder.setTemplatePath(;io.quarkus.micrometer.;io.micrometer.\
;ManagedContext.;io.smallrye.context.;MultivaluedTreeMap.;ResponseHandler.fromResponse(\
;ServerSerialisers.encodeResponseHeaders(;ResponseWriterHandler.handle(;Http1xServerResponse.end(\
;HttpSecurityRecorder\$AuthenticationHandler.handle(;ForwardedProxyHandler.;RequestMapper.map("

if $PROFILE; then
    for name in landing playlist; do
        [ -s "$WORK/$name.jfr" ] || { echo "no recording $WORK/$name.jfr" >&2; continue; }
        jfr print --stack-depth 128 \
            --events jdk.ExecutionSample,jdk.ObjectAllocationSample,jdk.GarbageCollection,jdk.CPULoad \
            "$WORK/$name.jfr" | awk -v watch="$WATCH" -f "$BENCH_DIR/jfr-summary.awk" >"$WORK/$name.profile.tsv"
        agg="$WORK/$name.profile.tsv"
        requests=$(figure "$WORK/$name.txt" | cut -d' ' -f6)
        alloc=$(total "$agg" alloc_bytes)
        echo
        echo "Profile of the $name run ($WORK/$name.jfr):"
        echo "  CPU samples: $(total "$agg" cpu_samples) on request threads of $(total "$agg" all_samples); JVM CPU user $(total "$agg" jvm_user_pct)%," \
            "system $(total "$agg" jvm_system_pct)%, whole machine $(total "$agg" machine_total_pct)%" \
            "(of all CPUs)"
        echo "  GC: $(total "$agg" gc_count) collections, $(total "$agg" gc_pause_ms) ms paused," \
            "longest $(total "$agg" gc_longest_ms) ms"
        awk -v a="$alloc" -v r="$requests" -v d="$DURATION" 'BEGIN {
            if (r > 0) printf "  Allocated (sampled estimate): %.0f MB/s, %.1f kB per request\n",
                a / d / 1048576, a / r / 1024 }'
        section "$agg" cpu.thread 5 0 "Threads (share of all execution samples):"
        section "$agg" cpu.self 15 0 "Hot methods (top frame; share of the request threads' samples):"
        section "$agg" cpu.caller 15 0 "Hot methods with their first caller outside the JDK:"
        section "$agg" cpu.component 15 0 "Components (package of the first frame outside the JDK):"
        section "$agg" cpu.watch 40 0 "Steps of the viewer path and the framework around it, inclusive:"
        section "$agg" cpu.method 40 0 "Methods, inclusive, below the request dispatch (under 60 % of samples):" 60
        section "$agg" cpu.layer 25 0 "Packages, inclusive (share of samples with the package on the stack):"
        section "$agg" cpu.app 15 0 "Own code, inclusive:"
        section "$agg" alloc.site 15 1 "Allocation sites (top frame <- first caller outside the JDK; share of sampled bytes):"
        section "$agg" alloc.class 10 1 "Allocated classes:"
        section "$agg" alloc.component 15 1 "Allocations by component (package of the first frame outside the JDK):"
        section "$agg" alloc.watch 40 1 "Allocations by step of the viewer path, inclusive:"
        section "$agg" alloc.method 25 1 "Allocations by method, inclusive (under 60 %):" 60
        section "$agg" alloc.app 10 1 "Allocations by innermost own method on the stack:"
    done
fi
