# Shared by telemetry.sh and reaction.sh (sourced, not run): tool checks, the machine description, and the
# packaged server started in a fresh temporary working directory on loopback, pinned to one CPU, stopped on exit.
#
# The caller sets BENCH_DIR, NAME (for messages) and may set JAR, PORT, SERVER_CPU, LOAD_CPU, JAVA_OPTS before
# sourcing; it then calls bench_start_server [extra JVM options...] and reads SERVER_PID, BASE and WORK.

ROOT=$(cd "$BENCH_DIR/.." && pwd)
JAR=${JAR:-"$ROOT/target/quarkus-app/quarkus-run.jar"}
SERVER_CPU=${SERVER_CPU:-0}
LOAD_CPU=${LOAD_CPU:-1}
JAVA_OPTS=${JAVA_OPTS:-}
ADMIN_PASSWORD=bench-admin-password
KEEP_WORK=${KEEP_WORK:-false}

say() { printf '==> %s\n' "$*" >&2; }
die() {
    printf '%s: %s\n' "$NAME" "$*" >&2
    exit 1
}

bench_require() { # bench_require TOOL...: each must be on PATH
    local tool
    for tool in "$@"; do
        command -v "$tool" >/dev/null || die "$tool is missing"
    done
    CPUS=$(nproc --all)
    [ "$CPUS" -gt "$SERVER_CPU" ] && [ "$CPUS" -gt "$LOAD_CPU" ] ||
        die "needs CPUs $SERVER_CPU and $LOAD_CPU; this machine has $CPUS"
    [ -f "$JAR" ] || die "no $JAR: build it first (./mvnw -B -q package -DskipTests) or set JAR to a packaged quarkus-run.jar"
}

cpu_model() { grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'; }
machine_line() { echo "$(nproc --all) CPUs ($(cpu_model)), $(java -version 2>&1 | head -n 1)"; }

WORK=$(mktemp -d "${TMPDIR:-/tmp}/velvet-$NAME.XXXXXX")
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
LOAD_PID=""
bench_cleanup() {
    if [ -n "$LOAD_PID" ]; then
        kill "$LOAD_PID" 2>/dev/null || true
    fi
    stop_server
    if $KEEP_WORK; then
        say "raw output kept in $WORK"
    else
        rm -rf "$WORK"
    fi
}
trap bench_cleanup EXIT
trap 'exit 130' INT TERM

port_in_use() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# bench_start_server [JVM option...]: demo data, a random token key, the admin password above, X-Forwarded-For
# trusted from 127.0.0.1 only, listening on 127.0.0.1 only; returns when /q/health/ready answers.
bench_start_server() {
    for _ in $(seq 1 50); do
        port_in_use "$PORT" || break
        PORT=$((PORT + 1))
    done
    port_in_use "$PORT" && die "no free port found"
    BASE="http://127.0.0.1:$PORT"
    say "machine: $(machine_line)"
    say "load average before start: $(cut -d' ' -f1-3 /proc/loadavg)"
    say "starting the server on CPU $SERVER_CPU, $BASE (working directory $WORK)"
    # shellcheck disable=SC2086 # JAVA_OPTS is a list of options
    (
        cd "$WORK"
        exec taskset -c "$SERVER_CPU" java $JAVA_OPTS "$@" \
            -Dvelvet.demo=true \
            -Dvelvet.token.key="$(head -c 32 /dev/urandom | base64)" \
            -Dvelvet.admin.password="$ADMIN_PASSWORD" \
            -Dquarkus.http.proxy.proxy-address-forwarding=true \
            -Dquarkus.http.proxy.allow-x-forwarded=true \
            -Dquarkus.http.proxy.trusted-proxies=127.0.0.1 \
            -Dquarkus.http.host=127.0.0.1 \
            -Dquarkus.http.port="$PORT" \
            -jar "$JAR" >server.log 2>&1
    ) &
    SERVER_PID=$!
    local i
    for i in $(seq 1 240); do
        kill -0 "$SERVER_PID" 2>/dev/null || { tail -n 30 "$WORK/server.log" >&2; die "the server exited during start-up"; }
        curl -fs -o /dev/null "$BASE/q/health/ready" && break
        [ "$i" -lt 240 ] || { tail -n 30 "$WORK/server.log" >&2; die "the server was not ready after 120 s"; }
        sleep 0.5
    done
    say "ready after about $((i / 2)) s"
}

# server_alive: dies with the end of the server log when the server is gone.
server_alive() {
    kill -0 "$SERVER_PID" 2>/dev/null || { tail -n 30 "$WORK/server.log" >&2; die "the server exited during the run"; }
}

# CPU accounting, so a run can tell when the machine was not quiet: busy ticks of both CPUs (/proc/stat, steal
# included) and of the server (/proc/PID/stat).
machine_ticks() {
    awk -v a="cpu$SERVER_CPU" -v b="cpu$LOAD_CPU" '$1 == a || $1 == b { t += $2 + $3 + $4 + $7 + $8 + $9 } END { print t }' /proc/stat
}
server_ticks() { awk '{ print $14 + $15 }' "/proc/$SERVER_PID/stat"; }

# metric NAME LABELS FILE: the value of one Prometheus sample (0 when absent); LABELS is a substring like
# event="keynote",outcome="accepted" matched inside the braces.
metric() {
    awk -v n="$1" -v l="$2" 'index($0, n "{") == 1 && index($0, l) { v = $NF } END { printf "%.0f\n", v + 0 }' "$3"
}
