package org.velvetrope.traffic;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import jakarta.inject.Singleton;

/**
 * The latest sample of every source of every region, in memory. Telemetry pushes and edge polls write it; the rules
 * tick and the region API read it. A sample replaces a source's latest only when it is newer, so replays of the same
 * {@code (source, at)} change nothing.
 */
@Singleton
public class TrafficBook {

    /** One validated sample. */
    public record Sample(String source, String region, Instant at, double mbps, Long viewers) {
    }

    /** A source's latest sample received by this replica, to share with the others. */
    public record Latest(String event, Sample sample) {
    }

    /** What became of one sample. */
    public enum Outcome {
        APPLIED, DUPLICATE, OUTDATED
    }

    static final class SourceState {
        Instant at;
        double mbps;
        long viewers = -1;
        long failures;
        String lastError;
    }

    private final Map<String, Map<String, Map<String, SourceState>>> events = new ConcurrentHashMap<>();
    /** Latest samples received here since the last exchange, by event/region/source (only the newest is kept). */
    private final Map<String, Latest> local = new ConcurrentHashMap<>();

    private Map<String, SourceState> sources(String event, String region) {
        return events.computeIfAbsent(event, e -> new ConcurrentHashMap<>())
                .computeIfAbsent(region, r -> new ConcurrentHashMap<>());
    }

    public Outcome record(String event, Sample sample) {
        Outcome outcome = apply(event, sample);
        if (outcome == Outcome.APPLIED) {
            local.merge(event + "\u0000" + sample.region() + "\u0000" + sample.source(), new Latest(event, sample),
                    (a, b) -> b.sample().at().isAfter(a.sample().at()) ? b : a);
        }
        return outcome;
    }

    /** A sample another replica received. */
    public void recordShared(String event, Sample sample) {
        apply(event, sample);
    }

    /** Takes the samples received here since the last call. */
    public List<Latest> drainLocal() {
        List<Latest> out = new ArrayList<>();
        for (String key : List.copyOf(local.keySet())) {
            Latest l = local.remove(key);
            if (l != null) {
                out.add(l);
            }
        }
        return out;
    }

    /** Puts back samples whose exchange failed, unless newer ones arrived meanwhile. */
    public void requeueLocal(List<Latest> samples) {
        for (Latest l : samples) {
            local.merge(l.event() + "\u0000" + l.sample().region() + "\u0000" + l.sample().source(), l,
                    (a, b) -> b.sample().at().isAfter(a.sample().at()) ? b : a);
        }
    }

    private Outcome apply(String event, Sample sample) {
        SourceState state = sources(event, sample.region()).computeIfAbsent(sample.source(), s -> new SourceState());
        synchronized (state) {
            if (state.at != null && !sample.at().isAfter(state.at)) {
                return sample.at().equals(state.at) ? Outcome.DUPLICATE : Outcome.OUTDATED;
            }
            state.at = sample.at();
            state.mbps = sample.mbps();
            state.viewers = sample.viewers() == null ? -1 : sample.viewers();
            return Outcome.APPLIED;
        }
    }

    /** A poll that failed: counted and shown; the source's last sample simply ages until it is stale. */
    public void recordFailure(String event, String region, String source, String error) {
        SourceState state = sources(event, region).computeIfAbsent(source, s -> new SourceState());
        synchronized (state) {
            state.failures++;
            state.lastError = error;
        }
    }

    /** The region's load alone: no per-source list, no allocation. */
    public double freshLoadMbps(String event, String region, Instant now, Duration staleAfter) {
        Map<String, Map<String, SourceState>> regions = events.get(event);
        Map<String, SourceState> sources = regions == null ? null : regions.get(region);
        if (sources == null) {
            return 0;
        }
        Instant oldest = now.minus(staleAfter);
        double load = 0;
        for (SourceState s : sources.values()) {
            synchronized (s) {
                if (s.at != null && !s.at.isBefore(oldest)) {
                    load += s.mbps;
                }
            }
        }
        return load;
    }

    public RegionLoad load(String event, String region, Instant now, Duration staleAfter) {
        Map<String, Map<String, SourceState>> regions = events.get(event);
        Map<String, SourceState> sources = regions == null ? null : regions.get(region);
        if (sources == null || sources.isEmpty()) {
            return RegionLoad.NONE;
        }
        double load = 0;
        long viewers = -1;
        boolean anyFresh = false;
        List<RegionLoad.SourceFreshness> list = new ArrayList<>(sources.size());
        for (Map.Entry<String, SourceState> e : sources.entrySet()) {
            SourceState s = e.getValue();
            synchronized (s) {
                double age = s.at == null ? Double.POSITIVE_INFINITY : Duration.between(s.at, now).toMillis() / 1000.0;
                boolean fresh = s.at != null && age <= staleAfter.toMillis() / 1000.0;
                if (fresh) {
                    anyFresh = true;
                    load += s.mbps;
                    if (s.viewers >= 0) {
                        viewers = Math.max(viewers, 0) + s.viewers;
                    }
                }
                list.add(new RegionLoad.SourceFreshness(e.getKey(), s.mbps, s.at,
                        Double.isInfinite(age) ? -1 : Math.max(age, 0), fresh, s.failures, s.lastError));
            }
        }
        list.sort(Comparator.comparing(RegionLoad.SourceFreshness::source));
        return new RegionLoad(load, viewers, !anyFresh, List.copyOf(list));
    }

    /** Forgets an event's traffic (when it is removed). */
    public void forget(String event) {
        events.remove(event);
    }
}
