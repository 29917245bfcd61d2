package org.velvetrope.report;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import org.velvetrope.VelvetConfig;
import org.velvetrope.event.AuditEntry;
import org.velvetrope.event.Event;
import org.velvetrope.event.EventResource;
import org.velvetrope.event.Region;
import org.velvetrope.event.Rendition;
import org.velvetrope.event.VodApproval;
import org.velvetrope.traffic.LoadSample;

/** The post-event report: per region and minute, and the summary, from load history, admissions and audit. */
@ApplicationScoped
public class Reports {

    /** One region's minute. {@code admissions} maps every rung of the ladder to the pages and playlists handed out. */
    public record MinuteRow(Instant minute, String region, double avgMbps, double peakMbps, long capacityMbps,
            double peakUtilization, String top, Long viewers, Map<String, Long> admissions) {
    }

    public record Peak(double value, Instant at) {
    }

    public record StalePeriod(String region, Instant from, Instant to, long seconds) {
    }

    public record TimelineEntry(Instant at, String actor, String action, String region, String from, String to,
            String reason) {
    }

    public record VodSwitch(String vodUrl, String approvedBy, Instant approvedAt, String executedBy,
            Instant executedAt) {
    }

    public record Clamps(long automatic, long manual) {
    }

    public record Summary(String event, String title, String state, Instant from, Instant to,
            long peakConcurrentViewers, Instant peakConcurrentAt, Map<String, Long> peakViewersByRegion,
            long uniqueViewers, Map<String, Long> uniqueViewersByRegion, double peakTotalGbps, Instant peakTotalAt,
            Map<String, Double> peakGbpsByRegion, Map<String, Map<String, Double>> minutesAtTop, Clamps clamps,
            Map<String, Clamps> clampsByRegion, List<StalePeriod> stalePeriods, List<TimelineEntry> timeline,
            VodSwitch vodSwitch) {
    }

    static final List<String> TIMELINE_ACTIONS = List.of("EVENT_CREATED", "STATE", "VOD_APPROVED",
            "VOD_APPROVAL_VOIDED", "ORIGIN");

    @Inject
    VelvetConfig config;

    private Event event(String slug) {
        return Event.findBySlug(slug).orElseThrow(() -> EventResource.noSuchEvent(slug));
    }

    public List<String> ladder(String slug) {
        return event(slug).renditions.stream().map(r -> r.code).toList();
    }

    public List<MinuteRow> minutes(String slug) {
        Event event = event(slug);
        Map<String, Long> capacity = new HashMap<>();
        for (Region r : event.regions) {
            capacity.put(r.code, r.capacityMbps);
        }
        record Acc(List<LoadSample> steps) {
        }
        Map<String, Acc> byKey = new TreeMap<>();
        for (LoadSample s : LoadSample.forEventSince(slug, Instant.EPOCH)) {
            byKey.computeIfAbsent(key(s.at.truncatedTo(ChronoUnit.MINUTES), s.region), k -> new Acc(new ArrayList<>()))
                    .steps().add(s);
        }
        Map<String, Map<String, Long>> admissions = new HashMap<>();
        for (AdmissionMinute a : AdmissionMinute.forEvent(slug)) {
            admissions.computeIfAbsent(key(a.minute, a.region), k -> new HashMap<>()).merge(a.top, a.admissions,
                    Long::sum);
            byKey.computeIfAbsent(key(a.minute, a.region), k -> new Acc(new ArrayList<>()));
        }
        List<MinuteRow> rows = new ArrayList<>();
        for (Map.Entry<String, Acc> e : byKey.entrySet()) {
            String[] k = e.getKey().split("\\|", 2);
            Instant minute = Instant.parse(k[0]);
            String region = k[1];
            List<LoadSample> steps = e.getValue().steps();
            double avg = steps.stream().mapToDouble(s -> s.loadMbps).average().orElse(0);
            double peak = steps.stream().mapToDouble(s -> s.peakMbps).max().orElse(0);
            long cap = capacity.getOrDefault(region, 0L);
            String top = steps.isEmpty() ? null : steps.get(steps.size() - 1).top;
            Long viewers = steps.stream().filter(s -> s.viewers != null).map(s -> s.viewers).max(Long::compare)
                    .orElse(null);
            Map<String, Long> perTop = new LinkedHashMap<>();
            for (Rendition r : event.renditions) {
                perTop.put(r.code, admissions.getOrDefault(e.getKey(), Map.of()).getOrDefault(r.code, 0L));
            }
            rows.add(new MinuteRow(minute, region, round(avg), round(peak), cap, cap == 0 ? 0 : round(peak / cap), top,
                    viewers, perTop));
        }
        return rows;
    }

    private static String key(Instant minute, String region) {
        return minute + "|" + region;
    }

    public Summary summary(String slug) {
        Event event = event(slug);
        List<LoadSample> steps = LoadSample.forEventSince(slug, Instant.EPOCH);
        long stepSeconds = Math.max(config.traffic().historyStep().toSeconds(), 1);
        Map<Instant, long[]> viewersAt = new TreeMap<>();
        Map<Instant, double[]> loadAt = new TreeMap<>();
        Map<String, Long> peakViewers = new TreeMap<>();
        Map<String, Double> peakGbps = new TreeMap<>();
        Map<String, Map<String, Long>> secondsAtTop = new TreeMap<>();
        Map<String, List<StalePeriod>> stale = new TreeMap<>();
        Map<String, StalePeriod> open = new HashMap<>();
        for (LoadSample s : steps) {
            loadAt.computeIfAbsent(s.at, a -> new double[1])[0] += s.loadMbps;
            if (s.viewers != null) {
                viewersAt.computeIfAbsent(s.at, a -> new long[1])[0] += s.viewers;
                peakViewers.merge(s.region, s.viewers, Math::max);
            }
            peakGbps.merge(s.region, round(s.peakMbps / 1000), Math::max);
            secondsAtTop.computeIfAbsent(s.region, r -> new TreeMap<>()).merge(s.top, stepSeconds, Long::sum);
            if (s.stale) {
                StalePeriod running = open.get(s.region);
                Instant end = s.at.plusSeconds(stepSeconds);
                if (running != null && running.to().equals(s.at)) {
                    open.put(s.region, new StalePeriod(s.region, running.from(), end,
                            Duration.between(running.from(), end).toSeconds()));
                } else {
                    if (running != null) {
                        stale.computeIfAbsent(s.region, r -> new ArrayList<>()).add(running);
                    }
                    open.put(s.region, new StalePeriod(s.region, s.at, end, stepSeconds));
                }
            }
        }
        open.values().forEach(p -> stale.computeIfAbsent(p.region(), r -> new ArrayList<>()).add(p));
        Map<String, Map<String, Double>> minutesAtTop = new TreeMap<>();
        secondsAtTop.forEach((region, tops) -> {
            Map<String, Double> minutes = new TreeMap<>();
            tops.forEach((top, seconds) -> minutes.put(top, round(seconds / 60.0)));
            minutesAtTop.put(region, minutes);
        });
        Peak concurrent = viewersAt.entrySet().stream().max(Map.Entry.comparingByValue(
                (a, b) -> Long.compare(a[0], b[0]))).map(e -> new Peak(e.getValue()[0], e.getKey()))
                .orElse(new Peak(0, null));
        Peak total = loadAt.entrySet().stream().max(Map.Entry.comparingByValue(
                (a, b) -> Double.compare(a[0], b[0]))).map(e -> new Peak(round(e.getValue()[0] / 1000), e.getKey()))
                .orElse(new Peak(0, null));

        UniqueViewers all = new UniqueViewers();
        Map<String, UniqueViewers> perRegion = new TreeMap<>();
        for (ViewerSketch s : ViewerSketch.forEvent(slug)) {
            all.add(s.sketch);
            perRegion.computeIfAbsent(s.region, r -> new UniqueViewers()).add(s.sketch);
        }
        Map<String, Long> unique = new TreeMap<>();
        perRegion.forEach((r, u) -> unique.put(r, u.estimate()));

        List<AuditEntry> audit = AuditEntry.search(slug, null, null, null, null, null, 100_000);
        long autoClamps = 0;
        long manualClamps = 0;
        Map<String, long[]> clampsBy = new TreeMap<>();
        List<TimelineEntry> timeline = new ArrayList<>();
        AuditEntry vodExecuted = null;
        for (int i = audit.size() - 1; i >= 0; i--) {
            AuditEntry a = audit.get(i);
            if ("CLAMP".equals(a.action)) {
                long[] c = clampsBy.computeIfAbsent(a.region, r -> new long[2]);
                if (a.automatic) {
                    autoClamps++;
                    c[0]++;
                } else {
                    manualClamps++;
                    c[1]++;
                }
            }
            if (TIMELINE_ACTIONS.contains(a.action)) {
                timeline.add(new TimelineEntry(a.at, a.actor, a.action, a.region, a.fromValue, a.toValue, a.reason));
            }
            if ("STATE".equals(a.action) && "VOD".equals(a.toValue)) {
                vodExecuted = a;
            }
        }
        Map<String, Clamps> clampsByRegion = new TreeMap<>();
        clampsBy.forEach((r, c) -> clampsByRegion.put(r, new Clamps(c[0], c[1])));
        VodSwitch vod = null;
        if (vodExecuted != null) {
            AuditEntry executed = vodExecuted;
            Optional<VodApproval> approval = VodApproval.allFor(event.id).stream()
                    .filter(a -> a.vodUrl.equals(event.vodUrl) && !a.approvedAt.isAfter(executed.at)
                            && (a.voidedAt == null || a.voidedAt.isAfter(executed.at)))
                    .findFirst();
            vod = new VodSwitch(event.vodUrl, approval.map(a -> a.approvedBy).orElse(null),
                    approval.map(a -> a.approvedAt).orElse(null), executed.actor, executed.at);
        }
        Instant from = steps.isEmpty() ? null : steps.get(0).at;
        Instant to = steps.isEmpty() ? null : steps.get(steps.size() - 1).at.plusSeconds(stepSeconds);
        List<StalePeriod> stalePeriods = new ArrayList<>();
        stale.values().forEach(stalePeriods::addAll);
        return new Summary(slug, event.title, event.state.name(), from, to, Math.round(concurrent.value()),
                concurrent.at(), peakViewers, all.estimate(), unique, total.value(), total.at(), peakGbps, minutesAtTop,
                new Clamps(autoClamps, manualClamps), clampsByRegion, stalePeriods, timeline, vod);
    }

    static double round(double v) {
        return Math.round(v * 1000) / 1000.0;
    }
}
