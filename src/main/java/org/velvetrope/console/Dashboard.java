package org.velvetrope.console;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import org.velvetrope.event.AuditEntry;
import org.velvetrope.rope.EventView;
import org.velvetrope.rope.RegionState;
import org.velvetrope.rope.RegionStates;
import org.velvetrope.rope.RegionView;
import org.velvetrope.rope.RenditionView;
import org.velvetrope.rope.RulesLoop;
import org.velvetrope.traffic.LoadHistory;

/** What the event dashboard and the numbers view show, computed from the snapshot, telemetry and audit. */
@ApplicationScoped
public class Dashboard {

    static final long CHART_SECONDS = 15 * 60;

    /** One region's row. */
    public record Row(RegionState state, String topLabel, int barPercent, String utilizationText,
            String forecastText, String barClass, String chart, String lastChange, boolean canClamp,
            boolean canRestore, List<RenditionView> ladder) {
    }

    /** The whole screen. */
    public record View(EventView event, List<Row> rows, double totalMbps, long budgetMbps, int totalPercent,
            String totalText, long totalViewers, String totalGbps, Instant at) {
    }

    @Inject
    RegionStates states;

    @Inject
    RulesLoop loop;

    @Inject
    Clock clock;

    public View of(EventView event) {
        Instant now = clock.instant().truncatedTo(java.time.temporal.ChronoUnit.SECONDS);
        List<AuditEntry> recent = AuditEntry.search(event.slug(), null, null, null, now.minusSeconds(CHART_SECONDS),
                null, 500);
        List<Row> rows = new ArrayList<>();
        double total = 0;
        long viewers = 0;
        for (RegionView r : event.regions()) {
            RegionState s = states.of(event, r);
            total += s.loadMbps();
            viewers += s.viewers();
            RenditionView top = event.ladder().get(r.topIndex());
            List<Charts.Mark> marks = new ArrayList<>();
            for (AuditEntry e : recent) {
                if (r.code().equals(e.region) && (e.action.equals("CLAMP") || e.action.equals("RESTORE")
                        || e.action.equals("CAP"))) {
                    marks.add(new Charts.Mark(e.at, e.action + " by " + e.actor + ": " + e.toValue,
                            e.action.equals("CLAMP")));
                }
            }
            LoadHistory history = loop.history(event.slug(), r.code());
            LoadHistory.Window window = history == null ? new LoadHistory.Window(new long[0], new double[0])
                    : history.since(now.getEpochSecond() - CHART_SECONDS);
            String chart = Charts.regionLoad(r.code(), window, r.capacityMbps(), r.rules().clampAt(), marks, now,
                    CHART_SECONDS);
            double util = s.utilization();
            String barClass = s.stale() ? "stale" : util >= r.rules().clampAt() ? "hot"
                    : util > r.rules().restoreAt() ? "warm" : "calm";
            rows.add(new Row(s, top.id() + " · " + label(top), (int) Math.min(100, Math.round(util * 100)),
                    percent(util), percent(s.predictedMbps() / Math.max(r.capacityMbps(), 1)), barClass, chart,
                    lastChange(s, now), r.topIndex() > 0, r.topIndex() < event.ladder().size() - 1, event.ladder()));
        }
        double totalRatio = total / Math.max(event.budgetMbps(), 1);
        return new View(event, rows, Math.round(total), event.budgetMbps(), (int) Math.min(100, Math.round(totalRatio
                * 100)), percent(totalRatio), viewers, String.format(Locale.ROOT, "%.2f", total / 1000), now);
    }

    static String label(RenditionView r) {
        if (r.audioOnly() || r.resolution() == null) {
            return "audio " + r.kbps() + " kbit/s";
        }
        String[] wh = r.resolution().split("x");
        return wh[1] + "p " + String.format(Locale.ROOT, "%.1f", r.bandwidth() / 1e6) + " Mbit/s";
    }

    static String percent(double ratio) {
        return Math.round(ratio * 100) + " %";
    }

    static String lastChange(RegionState s, Instant now) {
        if (s.updatedAt() == null) {
            return "";
        }
        Duration ago = Duration.between(s.updatedAt(), now);
        if (ago.isNegative()) {
            ago = Duration.ZERO;
        }
        String when = ago.toSeconds() < 2 ? "just now" : ago.toSeconds() < 90 ? ago.toSeconds() + " s ago" : ago.toMinutes() < 90
                ? ago.toMinutes() + " min ago" : ago.toHours() + " h ago";
        return when + " by " + s.updatedBy() + (s.reason() == null ? "" : " — " + s.reason());
    }
}
