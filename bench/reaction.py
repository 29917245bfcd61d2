"""Reaction-time trials for reaction.sh: from the telemetry POST that takes a region over clampAt to the first
admission that gets the lower top.

Setup: WARMUP_TRIALS + TRIALS copies of the demo event (slug reaction-N, so no cooldown or history carries over
between trials) and one API token covering all of them. Each trial then waits a random part of a tick (so the
POST lands at a uniformly random phase of the rules loop), posts one sample putting region EU (4000 Mbps) at LOAD_MBPS, and polls
the landing page as a viewer from 81.2.69.142 (GeoLite2: United Kingdom, region EU) every POLL_MS until
X-Velvet-Top is no longer the ladder's highest rendition. Afterwards it posts a 0 Mbps sample so the rules do not
clamp that region again, and reads the clamp's audit entry for the server-side time of the step. The first
WARMUP_TRIALS trials run the same way but are not reported (the JIT has not compiled the paths yet).

    python3 reaction.py BASE_URL   (settings in the environment: ADMIN_PASSWORD, TRIALS, WARMUP_TRIALS, POLL_MS,
                                    TICK_S, LOAD_MBPS, SEED, TRIAL_TIMEOUT_S, OUT)

Writes one CSV row per trial to OUT and prints "RESULT key value" lines.
"""

import base64
import csv
import datetime
import http.client
import json
import math
import os
import random
import sys
import time
import urllib.parse

VIEWER_ADDRESS = "81.2.69.142"
REGION = "EU"
TEMPLATE_SLUG = "keynote"


def env(name, default):
    return type(default)(os.environ.get(name, default))


BASE = urllib.parse.urlsplit(sys.argv[1])
ADMIN = "Basic " + base64.b64encode(("admin:" + os.environ["ADMIN_PASSWORD"]).encode()).decode()
TRIALS = env("TRIALS", 60)
WARMUP_TRIALS = env("WARMUP_TRIALS", 3)
POLL_S = env("POLL_MS", 5.0) / 1000
TICK_S = env("TICK_S", 1.0)
LOAD_MBPS = env("LOAD_MBPS", 3800.0)
TRIAL_TIMEOUT_S = env("TRIAL_TIMEOUT_S", 5.0)
RUN = time.strftime("%H%M%S")


def connect():
    return http.client.HTTPConnection(BASE.hostname, BASE.port, timeout=10)


def call(conn, method, path, body=None, headers=None):
    """One request on a keep-alive connection: (status, headers, body bytes)."""
    h = dict(headers or {})
    data = None
    if body is not None:
        data = json.dumps(body).encode()
        h["Content-Type"] = "application/json"
    conn.request(method, path, body=data, headers=h)
    r = conn.getresponse()
    payload = r.read()
    return r.status, r, payload


def admin(conn, method, path, body=None):
    status, _, payload = call(conn, method, path, body, {"Authorization": ADMIN, "Accept": "application/json"})
    if status >= 300:
        raise SystemExit(f"{method} {path} answered {status}: {payload[:300]!r}")
    return json.loads(payload) if payload else None


def now_rfc3339():
    return datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def parse_instant(text):
    return datetime.datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp()


def percentile(sorted_values, p):
    rank = max(1, math.ceil(p / 100 * len(sorted_values)))
    return sorted_values[min(rank, len(sorted_values)) - 1]


def main():
    random.seed(env("SEED", 20240611))
    control = connect()
    template = admin(control, "GET", f"/api/events/{TEMPLATE_SLUG}")
    for field in ("updatedAt", "updatedBy"):
        template.pop(field, None)
    highest = max(template["renditions"], key=lambda r: r["bandwidth"])["id"]
    capacity = next(r["capacityMbps"] for r in template["regions"] if r["code"] == REGION)
    slugs = [f"reaction-{RUN}-{i}" for i in range(WARMUP_TRIALS + TRIALS)]
    print(f"creating {len(slugs)} events and one API token covering them", file=sys.stderr)
    for slug in slugs:
        admin(control, "POST", "/api/events", dict(template, slug=slug, title=f"Reaction trial {slug}"))
    token = admin(control, "POST", "/api/tokens", {"name": f"reaction-{RUN}", "events": slugs})["token"]
    bearer = {"Authorization": "Bearer " + token, "Accept": "application/json"}
    viewer_headers = {"X-Forwarded-For": VIEWER_ADDRESS}

    telemetry = connect()
    viewer = connect()
    cpu_at_start = time.process_time()
    rows = []
    failures = 0
    for n, slug in enumerate(slugs):
        if n == WARMUP_TRIALS:
            print("MEASURING", file=sys.stderr, flush=True)
            cpu_at_start = time.process_time()
        status, r, _ = call(viewer, "GET", f"/events/{slug}", headers=viewer_headers)
        if status != 200 or r.getheader("X-Velvet-Region") != REGION or r.getheader("X-Velvet-Top") != highest:
            raise SystemExit(f"{slug}: expected 200, region {REGION}, top {highest}; got {status}, "
                             f"{r.getheader('X-Velvet-Region')}, {r.getheader('X-Velvet-Top')}")
        time.sleep(random.uniform(0, TICK_S))

        sample = {"samples": [{"source": "bench", "region": REGION, "at": now_rfc3339(), "mbps": LOAD_MBPS,
                               "viewers": 1000}]}
        wall0 = time.time()
        t0 = time.perf_counter()
        status, _, payload = call(telemetry, "POST", f"/api/events/{slug}/telemetry", sample, bearer)
        t1 = time.perf_counter()
        if status != 202 or json.loads(payload).get("applied") != 1:
            raise SystemExit(f"{slug}: telemetry answered {status}: {payload[:300]!r}")

        polls = 0
        top = highest
        next_poll = t1
        t_sent = t_seen = None
        while time.perf_counter() - t0 < TRIAL_TIMEOUT_S:
            delay = next_poll - time.perf_counter()
            if delay > 0:
                time.sleep(delay)
            t_sent = time.perf_counter()
            status, r, _ = call(viewer, "GET", f"/events/{slug}", headers=viewer_headers)
            t_seen = time.perf_counter()
            polls += 1
            top = r.getheader("X-Velvet-Top")
            if top != highest:
                break
            next_poll = max(next_poll + POLL_S, t_seen)
        reacted = top != highest

        # A 0 Mbps sample keeps the rules from clamping this region again during the next trials.
        call(telemetry, "POST", f"/api/events/{slug}/telemetry",
             {"samples": [{"source": "bench", "region": REGION, "at": now_rfc3339(), "mbps": 0, "viewers": 0}]},
             bearer)
        clamp_at = None
        for entry in admin(control, "GET", f"/api/events/{slug}/audit?limit=20"):
            if entry.get("action") == "CLAMP" and entry.get("region") == REGION and entry.get("automatic"):
                clamp_at = parse_instant(entry["at"])
        print(f"trial {n - WARMUP_TRIALS:3d}: {round((t_seen - t0) * 1000, 2) if reacted else 'no reaction'} ms"
              f" (top {top}, {polls} polls)", file=sys.stderr)
        if n < WARMUP_TRIALS:
            continue
        if not reacted:
            failures += 1
        rows.append({
            "trial": n - WARMUP_TRIALS, "slug": slug, "reacted": int(reacted), "new_top": top,
            "reaction_ms": round((t_seen - t0) * 1000, 2) if reacted else "",
            "detecting_poll_sent_ms": round((t_sent - t0) * 1000, 2) if reacted else "",
            "post_ms": round((t1 - t0) * 1000, 2), "polls": polls,
            "server_clamp_after_post_ms": round((clamp_at - wall0) * 1000, 1) if clamp_at else "",
            "post_sent_at": f"{wall0:.3f}", "server_clamp_at": f"{clamp_at:.3f}" if clamp_at else "",
        })

    with open(os.environ.get("OUT", "reaction.csv"), "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0].keys()))
        w.writeheader()
        w.writerows(rows)

    def summary(key, values):
        values = sorted(values)
        if not values:
            return
        print(f"RESULT {key}_min {values[0]:.1f}")
        print(f"RESULT {key}_p50 {percentile(values, 50):.1f}")
        print(f"RESULT {key}_p90 {percentile(values, 90):.1f}")
        print(f"RESULT {key}_p99 {percentile(values, 99):.1f}")
        print(f"RESULT {key}_max {values[-1]:.1f}")
        print(f"RESULT {key}_mean {sum(values) / len(values):.1f}")

    print(f"RESULT client_cpu_s {time.process_time() - cpu_at_start:.2f}")
    print(f"RESULT trials {len(rows)}")
    print(f"RESULT failures {failures}")
    print(f"RESULT utilization {LOAD_MBPS / capacity:.2f}")
    print(f"RESULT highest {highest}")
    print(f"RESULT new_tops {','.join(sorted({r['new_top'] for r in rows if r['reacted']}))}")
    # A clamp written more than a tick (+100 ms) after the POST means the first tick after the POST did not run.
    print(f"RESULT late_clamps {sum(1 for r in rows if r['server_clamp_after_post_ms'] != '' and r['server_clamp_after_post_ms'] > TICK_S * 1000 + 100)}")
    summary("reaction", [r["reaction_ms"] for r in rows if r["reacted"]])
    summary("detecting_poll_sent", [r["detecting_poll_sent_ms"] for r in rows if r["reacted"]])
    summary("post", [r["post_ms"] for r in rows])
    summary("polls", [r["polls"] for r in rows])
    summary("server_clamp", [r["server_clamp_after_post_ms"] for r in rows if r["server_clamp_after_post_ms"] != ""])
    # What is left once the clamp is written: commit, snapshot swap and the poll that sees it.
    summary("after_clamp", [r["reaction_ms"] - r["server_clamp_after_post_ms"] for r in rows
                            if r["reacted"] and r["server_clamp_after_post_ms"] != ""])


if __name__ == "__main__":
    main()
