#!/usr/bin/awk -f
# Writes N distinct public IPv4 addresses, one a line, the same list on every machine and every awk:
# a Park–Miller generator (exact in double precision) from a fixed seed, drawing uniformly over the
# address space and skipping private, shared, loopback, link-local, documentation, benchmarking,
# multicast and reserved ranges. Uniform draws follow how addresses are allocated, so the list spreads
# over most of the countries GeoLite2 knows, weighted like real registries (many US, EU, CN, JP, ...).
#
#   awk -v n=10000 -v seed=20240611 -f gen-addresses.awk > addresses.txt

function next_rand() {
    state = (state * 48271) % 2147483647
    return state
}

function reserved(a, b, c) {
    if (a == 0 || a == 10 || a == 127 || a >= 224) return 1
    if (a == 100 && b >= 64 && b <= 127) return 1          # shared address space (RFC 6598)
    if (a == 169 && b == 254) return 1                     # link-local
    if (a == 172 && b >= 16 && b <= 31) return 1           # private
    if (a == 192 && b == 168) return 1                     # private
    if (a == 192 && b == 0 && (c == 0 || c == 2)) return 1 # IETF protocol assignments, TEST-NET-1
    if (a == 192 && b == 88 && c == 99) return 1           # 6to4 relay anycast
    if (a == 198 && (b == 18 || b == 19)) return 1         # benchmarking
    if (a == 198 && b == 51 && c == 100) return 1          # TEST-NET-2
    if (a == 203 && b == 0 && c == 113) return 1           # TEST-NET-3
    return 0
}

BEGIN {
    if (n == "") n = 10000
    if (seed == "") seed = 20240611
    state = seed % 2147483647
    if (state <= 0) state = 1
    count = 0
    while (count < n) {
        a = next_rand() % 256
        b = next_rand() % 256
        c = next_rand() % 256
        d = 1 + next_rand() % 254
        if (reserved(a, b, c)) continue
        ip = a "." b "." c "." d
        if (ip in seen) continue
        seen[ip] = 1
        print ip
        count++
    }
}
