package org.velvetrope.event;

import java.util.List;

import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

import org.jboss.logging.Logger;
import org.velvetrope.VelvetConfig;
import org.velvetrope.event.EventDefinition.MulticastDefinition;
import org.velvetrope.event.EventDefinition.RegionDefinition;
import org.velvetrope.event.EventDefinition.RenditionDefinition;

import io.quarkus.runtime.StartupEvent;

/** Loads the demo event {@code keynote} at start when {@code velvet.demo=true} and it is absent; never overwrites. */
@ApplicationScoped
public class DemoEvent {

    public static final String SLUG = "keynote";
    private static final Logger LOG = Logger.getLogger(DemoEvent.class);
    private static final String MEDIA = "https://media.example.com/keynote/";

    @Inject
    VelvetConfig config;

    @Inject
    EventService events;

    void onStart(@Observes @Priority(20) StartupEvent start) {
        if (!config.demo() || Event.existsWithSlug(SLUG)) {
            return;
        }
        events.create(definition(), "demo");
        LOG.info("Loaded the demo event 'keynote' at /events/keynote");
    }

    public static EventDefinition definition() {
        List<RenditionDefinition> ladder = List.of(
                new RenditionDefinition("a64", 64_000L, null, "mp4a.40.2", null, null, true, MEDIA + "a64/index.m3u8"),
                new RenditionDefinition("v400", 400_000L, null, "avc1.42c01e,mp4a.40.2", "640x360", null, false,
                        MEDIA + "v400/index.m3u8"),
                new RenditionDefinition("v1200", 1_200_000L, null, "avc1.4d401f,mp4a.40.2", "960x540", null, false,
                        MEDIA + "v1200/index.m3u8"),
                new RenditionDefinition("v3000", 3_000_000L, null, "avc1.4d401f,mp4a.40.2", "1280x720", null, false,
                        MEDIA + "v3000/index.m3u8"),
                new RenditionDefinition("v6000", 6_000_000L, null, "avc1.640028,mp4a.40.2", "1920x1080", null, false,
                        MEDIA + "v6000/index.m3u8"));
        List<RegionDefinition> regions = List.of(
                new RegionDefinition("NA", List.of("US", "CA", "MX"), List.of(), 8000L, null, null, null, null),
                new RegionDefinition("EU", List.of(), List.of("EU"), 4000L, null, null, null, null),
                new RegionDefinition("AU", List.of("AU", "NZ"), List.of(), 800L, null, null, null, null),
                new RegionDefinition("JP", List.of("JP"), List.of(), 1500L, null, null, null, null),
                new RegionDefinition("ROW", List.of(), List.of(), 1700L, true, null, null, null));
        return new EventDefinition(SLUG, "Keynote", EventState.LIVE, 16_000L, "standard", null, ladder, regions,
                List.of("10.0.0.0/8", "fd00::/8"), new MulticastDefinition("239.255.10.10", 5004, null, null), null, null,
                List.of(), null, null, true, null, null, null, null);
    }
}
