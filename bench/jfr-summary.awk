#!/usr/bin/awk -f
# Aggregates the text of `jfr print --events jdk.ExecutionSample,jdk.ObjectAllocationSample,...` into
# tab-separated rows "section<TAB>percent<TAB>value<TAB>key", for the caller to sort and cut:
#   cpu.thread   execution samples by thread (numbers stripped), all threads
#   cpu.self     execution samples by top frame (where the CPU is)
#   cpu.caller   the same, with the first caller outside the JDK when the top frame is in the JDK
#   cpu.app      execution samples whose stack holds an org.velvetrope method, by that method (inclusive)
#   cpu.package  execution samples by the package of the top frame
#   cpu.layer    execution samples whose stack holds a package (four levels), by package (inclusive)
#   cpu.component execution samples by the package (four levels) of the first frame outside the JDK, so
#                JDK collections, strings and crypto count for the library or code that called them
#   cpu.method   execution samples whose stack holds a method, by method (inclusive)
#   alloc.site   allocated bytes (sample weight) by top frame, with the first caller outside the JDK
#   alloc.class  allocated bytes by class
#   alloc.app    allocated bytes by the innermost org.velvetrope method on the stack
#   alloc.layer  allocated bytes whose stack holds a package (four levels), by package (inclusive)
#   alloc.component, alloc.method  as for the CPU
#   cpu.watch, alloc.watch  samples (bytes) whose stack holds a frame containing one of the strings given in
#                -v watch="a;b;c" (plain substrings, ';'-separated), by string (inclusive)
#   totals       sample counts, GC pauses, CPU load, one row each
# All but cpu.thread count only the threads that serve requests (-v threads=REGEX, default the Vert.x
# event loops and the worker pool), so the recorder's own work does not show. Line numbers are dropped so a
# method is one key.

function bytes(n, unit) {
    if (unit ~ /^bytes?$/) return n
    if (unit == "kB") return n * 1024
    if (unit == "MB") return n * 1024 * 1024
    if (unit == "GB") return n * 1024 * 1024 * 1024
    return n
}

function millis(n, unit) {
    if (unit == "ns") return n / 1000000
    if (unit == "us") return n / 1000
    if (unit == "ms") return n
    if (unit == "s") return n * 1000
    if (unit == "min") return n * 60000
    return n
}

function package_of(frame,    p, parts, i, n, out) {
    p = frame
    sub(/\(.*$/, "", p)
    n = split(p, parts, ".")
    # drop Class.method; keep at most three package levels
    out = parts[1]
    for (i = 2; i <= n - 2 && i <= 3; i++) out = out "." parts[i]
    return out
}

function layer_of(frame,    p, parts, i, n, out) {
    p = frame
    sub(/\(.*$/, "", p)
    n = split(p, parts, ".")
    out = parts[1]
    for (i = 2; i <= n - 2 && i <= 4; i++) out = out "." parts[i]
    return out
}

function jdk(frame) {
    return frame ~ /^(java|javax|jdk|sun|com\.sun)\./
}

BEGIN {
    if (threads == "") threads = "^(vert\\.x-eventloop-thread|executor-thread)"
    watches = watch == "" ? 0 : split(watch, watched, ";")
}

/^jdk\.[A-Za-z]+ \{/ {
    type = $1
    event = 1; in_stack = 0; depth = 0; weight = 1; cls = ""; thread = ""; app_first = ""; caller = ""
    split("", seen_app)
    split("", seen_layer)
    split("", layers)
    split("", methods)
    split("", hit)
    component = ""
    next
}

event && !in_stack && /^  stackTrace = \[/ { in_stack = 1; next }

in_stack && /^  \]/ { in_stack = 0; next }

in_stack {
    frame = $0
    sub(/^ +/, "", frame)
    sub(/ +line: .*$/, "", frame)
    if (frame == "...") next
    depth++
    if (depth == 1) top = frame
    if (depth > 1 && caller == "" && jdk(top) && !jdk(frame)) caller = frame
    l = layer_of(frame)
    if (component == "" && !jdk(frame)) component = l
    methods[frame] = 1
    for (w = 1; w <= watches; w++) if (index(frame, watched[w])) hit[watched[w]] = 1
    if (!(l in seen_layer)) { seen_layer[l] = 1; layers[l] = 1 }
    if (frame ~ /^org\.velvetrope\./) {
        if (app_first == "") app_first = frame
        if (!(frame in seen_app)) { seen_app[frame] = 1; pending[frame] = 1 }
    }
    next
}

event && /^  weight = / { weight = bytes($3 + 0, $4) }
event && /^  objectClass = / { cls = $3 }
event && /^  (sampledThread|eventThread) = / {
    thread = $0
    sub(/^[^"]*"/, "", thread); sub(/".*$/, "", thread); gsub(/[0-9]+/, "N", thread)
}

# jdk.GarbageCollection
event && type == "jdk.GarbageCollection" && /^  sumOfPauses = / { gc_pause += millis($3 + 0, $4); gc_count++ }
event && type == "jdk.GarbageCollection" && /^  longestPause = / {
    p = millis($3 + 0, $4); if (p > gc_longest) gc_longest = p
}
# jdk.CPULoad
event && type == "jdk.CPULoad" && /^  jvmUser = / { cpu_user += $3 + 0; cpu_n++ }
event && type == "jdk.CPULoad" && /^  jvmSystem = / { cpu_system += $3 + 0 }
event && type == "jdk.CPULoad" && /^  machineTotal = / { cpu_machine += $3 + 0 }

/^\}/ {
    if (!event) next
    event = 0
    site = caller == "" ? top : top "  <-  " caller
    if (type == "jdk.ExecutionSample" && depth > 0) {
        all_samples++
        cpu_thread[thread]++
        if (thread ~ threads) {
            cpu_total++
            cpu_self[top]++
            cpu_caller[site]++
            cpu_package[package_of(top)]++
            for (f in pending) cpu_app[f]++
            for (f in layers) cpu_layer[f]++
            for (f in methods) cpu_method[f]++
            for (f in hit) cpu_watch[f]++
            cpu_component[component == "" ? "(JDK only)" : component]++
        }
    } else if (type == "jdk.ObjectAllocationSample" && depth > 0 && thread ~ threads) {
        alloc_total += weight
        alloc_site[site] += weight
        alloc_class[cls] += weight
        alloc_app[app_first == "" ? "(no org.velvetrope frame)" : app_first] += weight
        for (f in layers) alloc_layer[f] += weight
        for (f in methods) alloc_method[f] += weight
        for (f in hit) alloc_watch[f] += weight
        alloc_component[component == "" ? "(JDK only)" : component] += weight
    }
    split("", pending)
}

function emit(section, arr, total,    k) {
    for (k in arr) printf "%s\t%.2f\t%.0f\t%s\n", section, 100 * arr[k] / total, arr[k], k
}

END {
    if (all_samples > 0) emit("cpu.thread", cpu_thread, all_samples)
    if (cpu_total > 0) {
        emit("cpu.self", cpu_self, cpu_total)
        emit("cpu.caller", cpu_caller, cpu_total)
        emit("cpu.app", cpu_app, cpu_total)
        emit("cpu.package", cpu_package, cpu_total)
        emit("cpu.layer", cpu_layer, cpu_total)
        emit("cpu.component", cpu_component, cpu_total)
        emit("cpu.method", cpu_method, cpu_total)
        emit("cpu.watch", cpu_watch, cpu_total)
    }
    if (alloc_total > 0) {
        emit("alloc.site", alloc_site, alloc_total)
        emit("alloc.class", alloc_class, alloc_total)
        emit("alloc.app", alloc_app, alloc_total)
        emit("alloc.layer", alloc_layer, alloc_total)
        emit("alloc.component", alloc_component, alloc_total)
        emit("alloc.method", alloc_method, alloc_total)
        emit("alloc.watch", alloc_watch, alloc_total)
    }
    printf "totals\t0\t%d\tcpu_samples\n", cpu_total
    printf "totals\t0\t%d\tall_samples\n", all_samples
    printf "totals\t0\t%.0f\talloc_bytes\n", alloc_total
    printf "totals\t0\t%d\tgc_count\n", gc_count
    printf "totals\t0\t%.1f\tgc_pause_ms\n", gc_pause
    printf "totals\t0\t%.1f\tgc_longest_ms\n", gc_longest
    if (cpu_n > 0) {
        printf "totals\t0\t%.1f\tjvm_user_pct\n", cpu_user / cpu_n
        printf "totals\t0\t%.1f\tjvm_system_pct\n", cpu_system / cpu_n
        printf "totals\t0\t%.1f\tmachine_total_pct\n", cpu_machine / cpu_n
    }
}
