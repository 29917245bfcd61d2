package org.velvetrope.rope;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import org.velvetrope.traffic.Forecast;
import org.velvetrope.traffic.LoadHistory;

/**
 * The automatic velvet rope for one event. Each tick it records every region's load, forecasts it {@code lead}
 * ahead, and decides at most one step per region:
 * <ul>
 * <li>clamp one rung when utilization or its forecast reaches {@code clampAt}, at most once per {@code cooldown};</li>
 * <li>restore one rung when utilization stayed at or below {@code restoreAt} for {@code hold} and the forecast
 * stays below {@code clampAt};</li>
 * <li>never restore a stale region; leave pinned regions alone; stay within floor and ceiling;</li>
 * <li>when the event's total reaches {@code clampAt} × budget, clamp the region with the highest utilization.</li>
 * </ul>
 * Pure logic with time passed in, so it runs in simulated time. Not thread-safe: one tick at a time.
 */
public final class RuleEngine {

    /** What the engine knows of a region at a tick. */
    public record RegionInput(String code, long capacityMbps, double loadMbps, boolean stale, boolean pinned,
            int topIndex, RegionRules rules, Instant lastChangeAt) {
    }

    /** One automatic step. */
    public record Decision(String region, int fromIndex, int toIndex, String reason, boolean clamp) {
    }

    /** Load, forecast and utilization as last computed, for the region API and metrics. */
    public record Outlook(double loadMbps, double predictedMbps, double utilization, double predictedUtilization) {
        public static final Outlook NONE = new Outlook(0, 0, 0, 0);
    }

    private static final class Memory {
        final LoadHistory history;
        Instant lastStepAt;
        Instant calmSince;
        /** A step of ours is on its way into the store; the change time it comes back with is ours, not an operator's. */
        boolean ownStepPending;
        /** The latest change time of the region already accounted for. */
        Instant seenChangeAt;
        volatile Outlook outlook = Outlook.NONE;

        Memory(int historySeconds) {
            history = new LoadHistory(historySeconds);
        }
    }

    private final Map<String, Memory> regions = new java.util.concurrent.ConcurrentHashMap<>();
    private Instant lastBudgetStepAt;
    private final Duration forecastWindow;
    private final int historySeconds;

    public RuleEngine(Duration forecastWindow, int historySeconds) {
        this.forecastWindow = forecastWindow;
        this.historySeconds = Math.max(historySeconds, (int) forecastWindow.toSeconds() + 1);
    }

    public Outlook outlook(String region) {
        Memory m = regions.get(region);
        return m == null ? Outlook.NONE : m.outlook;
    }

    public LoadHistory history(String region) {
        Memory m = regions.get(region);
        return m == null ? null : m.history;
    }

    /**
     * One tick. {@code eventRules} are the event-level settings (clampAt and cooldown apply to the budget);
     * {@code rulesOn} false only records load and forecasts.
     */
    public List<Decision> tick(Instant now, long budgetMbps, RegionRules eventRules, List<RegionInput> inputs,
            boolean rulesOn) {
        double budgetClampAt = eventRules.clampAt();
        long second = now.getEpochSecond();
        double total = 0;
        for (RegionInput in : inputs) {
            Memory m = regions.computeIfAbsent(in.code(), c -> new Memory(historySeconds));
            if (!in.stale()) {
                m.history.append(second, in.loadMbps());
            }
            LoadHistory.Window window = m.history.since(second - forecastWindow.toSeconds());
            double predicted = in.stale() ? in.loadMbps()
                    : Forecast.predict(window, second + in.rules().lead().toSeconds(),
                            (int) (forecastWindow.toSeconds() / 2));
            double capacity = Math.max(in.capacityMbps(), 1);
            m.outlook = new Outlook(in.loadMbps(), predicted, in.loadMbps() / capacity, predicted / capacity);
            if (in.lastChangeAt() != null && (m.seenChangeAt == null || in.lastChangeAt().isAfter(m.seenChangeAt))) {
                m.seenChangeAt = in.lastChangeAt();
                if (!m.ownStepPending) {
                    // Someone else (an operator) changed the region: cooldown and hold both start again.
                    m.calmSince = null;
                    if (m.lastStepAt == null || in.lastChangeAt().isAfter(m.lastStepAt)) {
                        m.lastStepAt = in.lastChangeAt();
                    }
                }
            }
            m.ownStepPending = false;
            total += in.loadMbps();
        }
        if (!rulesOn) {
            return List.of();
        }
        boolean budgetHot = budgetMbps > 0 && total >= budgetClampAt * budgetMbps;
        List<Decision> decisions = new ArrayList<>();
        Set<String> stepped = new HashSet<>();
        for (RegionInput in : inputs) {
            Memory m = regions.get(in.code());
            RegionRules rules = in.rules();
            Outlook o = m.outlook;
            if (in.pinned() || in.stale()) {
                m.calmSince = null;
                continue;
            }
            boolean hot = o.utilization() >= rules.clampAt() || o.predictedUtilization() >= rules.clampAt();
            if (in.topIndex() > rules.ceilingIndex()) {
                if (cooled(m, rules, now)) {
                    decisions.add(step(m, in, in.topIndex() - 1, "auto: top is above the region's ceiling"
                            + load(o, in), true, now));
                    stepped.add(in.code());
                }
                continue;
            }
            if (hot) {
                m.calmSince = null;
                if (in.topIndex() > rules.floorIndex() && cooled(m, rules, now)) {
                    String why = o.utilization() >= rules.clampAt()
                            ? "auto: utilization " + fmt(o.utilization()) + " ≥ " + fmt(rules.clampAt())
                            : "auto: forecast " + fmt(o.predictedUtilization()) + " ≥ " + fmt(rules.clampAt()) + " in "
                                    + rules.lead().toSeconds() + " s (utilization now " + fmt(o.utilization()) + ")";
                    decisions.add(step(m, in, in.topIndex() - 1, why + load(o, in), true, now));
                    stepped.add(in.code());
                }
            } else if (o.utilization() <= rules.restoreAt()) {
                if (m.calmSince == null) {
                    m.calmSince = now;
                }
                boolean held = !now.isBefore(m.calmSince.plus(rules.hold()));
                if (held && in.topIndex() < rules.ceilingIndex() && !budgetHot && cooled(m, rules, now)) {
                    decisions.add(step(m, in, in.topIndex() + 1, "auto: utilization ≤ " + fmt(rules.restoreAt())
                            + " for " + rules.hold().toSeconds() + " s (now " + fmt(o.utilization()) + ")" + load(o, in),
                            false, now));
                    stepped.add(in.code());
                    m.calmSince = now;
                }
            } else {
                m.calmSince = null;
            }
        }
        boolean budgetCooled = lastBudgetStepAt == null || !now.isBefore(lastBudgetStepAt.plus(eventRules.cooldown()));
        if (budgetHot && budgetCooled) {
            RegionInput worst = null;
            for (RegionInput in : inputs) {
                Memory m = regions.get(in.code());
                if (in.pinned() || in.stale() || stepped.contains(in.code())
                        || in.topIndex() <= in.rules().floorIndex() || !cooled(m, in.rules(), now)) {
                    continue;
                }
                if (worst == null || m.outlook.utilization() > regions.get(worst.code()).outlook.utilization()) {
                    worst = in;
                }
            }
            if (worst != null) {
                Memory m = regions.get(worst.code());
                decisions.add(step(m, worst, worst.topIndex() - 1,
                        "auto: event total " + Math.round(total) + " Mbps ≥ " + fmt(budgetClampAt) + " × budget "
                                + budgetMbps + " Mbps; " + worst.code() + " has the highest utilization "
                                + fmt(m.outlook.utilization()),
                        true, now));
                lastBudgetStepAt = now;
            }
        }
        return decisions;
    }

    private static boolean cooled(Memory m, RegionRules rules, Instant now) {
        return m.lastStepAt == null || !now.isBefore(m.lastStepAt.plus(rules.cooldown()));
    }

    private static Decision step(Memory m, RegionInput in, int to, String reason, boolean clamp, Instant now) {
        m.lastStepAt = now;
        m.ownStepPending = true;
        return new Decision(in.code(), in.topIndex(), to, reason, clamp);
    }

    private static String load(Outlook o, RegionInput in) {
        return " [load " + Math.round(o.loadMbps()) + " of " + in.capacityMbps() + " Mbps, forecast "
                + Math.round(o.predictedMbps()) + " Mbps]";
    }

    static String fmt(double value) {
        return String.format(Locale.ROOT, "%.2f", value);
    }

    /** Forgets regions no longer in the event. */
    public void retain(Set<String> codes) {
        regions.keySet().retainAll(codes);
    }
}
