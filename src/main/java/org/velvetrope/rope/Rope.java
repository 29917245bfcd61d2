package org.velvetrope.rope;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.TransactionPhase;
import jakarta.inject.Inject;

import org.velvetrope.VelvetConfig;
import org.velvetrope.event.EventChanged;
import org.velvetrope.event.RuleSettings;
import org.velvetrope.event.Region;
import org.velvetrope.event.Rendition;
import org.velvetrope.geo.Cidr;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.runtime.StartupEvent;
import io.quarkus.scheduler.Scheduled;

/**
 * Holds the current {@link RopeState}. The database is read only here, when control state changed or at start,
 * and the result swapped in whole; admissions only ever read {@link #current()}.
 */
@ApplicationScoped
public class Rope {

    static final int DEFAULT_MULTICAST_TTL = 16;

    private final AtomicReference<RopeState> state = new AtomicReference<>(RopeState.EMPTY);
    private final AtomicLong generations = new AtomicLong();
    private final Object rebuildLock = new Object();
    private volatile Map<String, String> signatures;

    @Inject
    Event<RopeStateChanged> changed;

    @Inject
    VelvetConfig config;

    public RopeState current() {
        return state.get();
    }

    void onStart(@Observes @Priority(30) StartupEvent start) {
        refreshAll();
    }

    void onEventChanged(@Observes(during = TransactionPhase.AFTER_SUCCESS) EventChanged change) {
        refresh(change.slug());
    }

    /** Control changes made by another replica reach this one within one poll. */
    @Scheduled(every = "${velvet.snapshot-poll:2s}", delayed = "${velvet.snapshot-poll:2s}",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void pollForChanges() {
        List<Object[]> rows = QuarkusTransaction.requiringNew().call(() -> org.velvetrope.event.Event
                .getEntityManager()
                .createQuery("select e.slug, e.updatedAt, (select coalesce(sum(c.version), 0) from RegionCap c "
                        + "where c.eventId = e.id) from Event e", Object[].class)
                .getResultList());
        Map<String, String> now = new HashMap<>();
        for (Object[] row : rows) {
            now.put((String) row[0], row[1] + "/" + row[2]);
        }
        Map<String, String> before = signatures;
        signatures = now;
        if (before == null) {
            return;
        }
        now.forEach((slug, signature) -> {
            if (!signature.equals(before.get(slug))) {
                refresh(slug);
            }
        });
        before.keySet().stream().filter(slug -> !now.containsKey(slug)).forEach(this::refresh);
    }

    public void refreshAll() {
        List<String> slugs = QuarkusTransaction.requiringNew()
                .call(() -> org.velvetrope.event.Event.<org.velvetrope.event.Event>listAll().stream()
                        .map(e -> e.slug).toList());
        slugs.forEach(this::refresh);
    }

    /** Rebuilds one event's view from the database and swaps it in. Serialized so the latest read always wins. */
    public void refresh(String slug) {
        synchronized (rebuildLock) {
            Optional<EventView> view = QuarkusTransaction.requiringNew().call(() -> build(slug));
            state.updateAndGet(s -> view.map(s::with).orElseGet(() -> s.without(slug)));
            changed.fire(new RopeStateChanged(slug, view.orElse(null)));
        }
    }

    private Optional<EventView> build(String slug) {
        Optional<org.velvetrope.event.Event> found = org.velvetrope.event.Event.findBySlug(slug);
        if (found.isEmpty()) {
            return Optional.empty();
        }
        org.velvetrope.event.Event e = found.get();
        List<RenditionView> ladder = new ArrayList<>();
        for (Rendition r : e.renditions) {
            ladder.add(new RenditionView(r.code, r.bandwidth, r.averageBandwidth, r.codecs, r.resolution, r.frameRate,
                    r.audioOnly, resolve(e.originBase, r.uri)));
        }
        Map<String, Integer> ladderIndex = new HashMap<>();
        for (int i = 0; i < ladder.size(); i++) {
            ladderIndex.put(ladder.get(i).id(), i);
        }
        Map<String, RegionCap> caps = new HashMap<>();
        for (RegionCap cap : RegionCap.forEvent(e.id)) {
            caps.put(cap.regionCode, cap);
        }
        int highest = ladder.size() - 1;
        List<RegionView> regions = new ArrayList<>();
        Map<String, RegionView> byCountry = new HashMap<>();
        Map<String, RegionView> byContinent = new HashMap<>();
        for (Region r : e.regions) {
            RegionCap cap = caps.get(r.code);
            int top = cap == null ? highest : ladderIndex.getOrDefault(cap.top, highest);
            RegionView view = new RegionView(regions.size(), r.code, r.capacityMbps, r.isDefault,
                    r.template != null ? r.template : e.template, r.notice, top, cap != null && cap.pinned,
                    cap != null && cap.hard, cap == null ? 0 : cap.version, cap == null ? e.updatedAt : cap.updatedAt,
                    cap == null ? e.updatedBy : cap.updatedBy, cap == null ? null : cap.reason,
                    rules(e.rules, r.rules, ladderIndex, highest), cap != null && cap.onBackup);
            regions.add(view);
            r.countryList().forEach(c -> byCountry.put(c, view));
            r.continentList().forEach(c -> byContinent.put(c, view));
        }
        RegionView internal = new RegionView(regions.size(), RegionView.INTERNAL, 0, false, e.template, null, highest,
                false, false, 0, e.updatedAt, e.updatedBy, null, rules(e.rules, null, ladderIndex, highest), false);
        Cidr[] networks = e.internalNetworks.stream().map(Cidr::parse).flatMap(Optional::stream).toArray(Cidr[]::new);
        EventView.Multicast multicast = e.multicastGroup == null ? null
                : new EventView.Multicast(e.multicastGroup, e.multicastPort,
                        e.multicastTtl == null ? DEFAULT_MULTICAST_TTL : e.multicastTtl, e.multicastSource);
        return Optional.of(new EventView(e.id, e.slug, e.title, e.state, e.budgetMbps, ladder, regions, byCountry,
                byContinent, internal, networks, multicast, generations.incrementAndGet(),
                e.edges.stream().map(x -> new EventView.EdgeView(x.url, x.region, x.source)).toList(),
                e.pollIntervalSeconds == null ? config.traffic().pollInterval()
                        : Duration.ofSeconds(e.pollIntervalSeconds))
                .withLifecycle(new EventView.Lifecycle(e.startsAt, e.replayRope, e.vodUrl,
                        e.backupOriginBase == null ? null
                                : e.renditions.stream().map(r -> resolve(e.backupOriginBase, r.uri)).toList(),
                        e.replayBase == null ? null
                                : e.renditions.stream().map(r -> resolve(e.replayBase, r.uri)).toList())));
    }

    /** Region override, else the event's setting, else the configured default. */
    RegionRules rules(RuleSettings event, RuleSettings region, Map<String, Integer> ladder, int highest) {
        RuleSettings none = new RuleSettings();
        RuleSettings ev = event == null ? none : event;
        RuleSettings re = region == null ? none : region;
        VelvetConfig.Rules d = config.rules();
        return new RegionRules(
                first(re.clampAt, ev.clampAt, d.clampAt()),
                first(re.restoreAt, ev.restoreAt, d.restoreAt()),
                seconds(re.holdSeconds, ev.holdSeconds, d.hold()),
                seconds(re.cooldownSeconds, ev.cooldownSeconds, d.cooldown()),
                seconds(re.leadSeconds, ev.leadSeconds, d.lead()),
                seconds(re.staleAfterSeconds, ev.staleAfterSeconds, d.staleAfter()),
                ladder.getOrDefault(re.floor != null ? re.floor : ev.floor, 0),
                ladder.getOrDefault(re.ceiling != null ? re.ceiling : ev.ceiling, highest));
    }

    private static double first(Double a, Double b, double fallback) {
        return a != null ? a : b != null ? b : fallback;
    }

    private static Duration seconds(Integer a, Integer b, Duration fallback) {
        return a != null ? Duration.ofSeconds(a) : b != null ? Duration.ofSeconds(b) : fallback;
    }

    /**
     * Absolute URIs stay; relative ones (root-relative too) resolve against the origin base; without a base a
     * root-relative URI means this server's host.
     */
    static String resolve(String originBase, String uri) {
        URI parsed = URI.create(uri);
        if (parsed.isAbsolute() || originBase == null) {
            return uri;
        }
        return URI.create(originBase).resolve(parsed).toString();
    }
}
