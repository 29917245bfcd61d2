package org.velvetrope.viewer;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import org.velvetrope.event.EventState;
import org.velvetrope.rope.EventView;
import org.velvetrope.rope.RegionView;
import org.velvetrope.rope.RenditionView;
import org.velvetrope.rope.RopeStateChanged;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.qute.TemplateInstance;

/**
 * Everything a viewer response is made of, rendered once per snapshot: landing pages per region and top (split
 * around the viewer's token), playlists per top, the SDP, and the admission counters. Requests only copy bytes.
 */
@Singleton
public class ViewerPages {

    /** Stands in for the viewer's token while a page is rendered; split out afterwards. */
    static final String TOKEN_MARK = "__VELVET_TOKEN__";

    /** The responses of one event view. */
    public static final class Rendered {
        final EventView view;
        /** [region index, INTERNAL last][top index] → page parts around the token. */
        final byte[][][][] pages;
        /** [0 primary origin, 1 backup origin][top]; in REPLAY the replay's playlists. */
        final byte[][][] playlists;
        final byte[] sdp;
        final Counter[][] admissions;

        Rendered(EventView view, byte[][][][] pages, byte[][][] playlists, byte[] sdp, Counter[][] admissions) {
            this.view = view;
            this.pages = pages;
            this.playlists = playlists;
            this.sdp = sdp;
            this.admissions = admissions;
        }

        public byte[] playlist(RegionView region, int top) {
            return playlists[region.onBackup() ? 1 : 0][top];
        }

        public byte[] sdp() {
            return sdp;
        }

        /** The landing page for a region at a top, with the viewer's token put in. */
        public byte[] page(RegionView region, int top, String token) {
            byte[][] parts = pages[region.index()][top];
            byte[] tokenBytes = token.getBytes(StandardCharsets.US_ASCII);
            int length = 0;
            for (byte[] part : parts) {
                length += part.length;
            }
            byte[] out = new byte[length + tokenBytes.length * (parts.length - 1)];
            int at = 0;
            for (int i = 0; i < parts.length; i++) {
                if (i > 0) {
                    System.arraycopy(tokenBytes, 0, out, at, tokenBytes.length);
                    at += tokenBytes.length;
                }
                System.arraycopy(parts[i], 0, out, at, parts[i].length);
                at += parts[i].length;
            }
            return out;
        }

        public void countAdmission(RegionView region, int top) {
            admissions[region.index()][top].increment();
        }
    }

    private final Map<String, Rendered> rendered = new ConcurrentHashMap<>();
    private final MeterRegistry registry;

    @Inject
    public ViewerPages(MeterRegistry registry) {
        this.registry = registry;
    }

    void onChange(@Observes RopeStateChanged change) {
        if (change.view() == null) {
            rendered.remove(change.slug());
        } else {
            of(change.view());
        }
    }

    /** The rendered responses of exactly this view; built on first use if the change event has not run yet. */
    public Rendered of(EventView view) {
        Rendered r = rendered.get(view.slug());
        if (r != null && r.view == view) {
            return r;
        }
        synchronized (this) {
            r = rendered.get(view.slug());
            if (r != null && r.view.generation() >= view.generation()) {
                return r.view == view ? r : build(view);
            }
            Rendered fresh = build(view);
            rendered.put(view.slug(), fresh);
            return fresh;
        }
    }

    private Rendered build(EventView view) {
        List<RenditionView> ladder = view.ladder();
        List<RegionView> regions = view.regions();
        int regionCount = regions.size() + 1;
        byte[][][][] pages = new byte[regionCount][ladder.size()][][];
        Counter[][] admissions = new Counter[regionCount][ladder.size()];
        EventView.Lifecycle life = view.lifecycle();
        String playlistUrl = view.state() == EventState.VOD ? life.vodUrl()
                : "/events/" + view.slug() + "/live.m3u8?t=" + TOKEN_MARK;
        String label = switch (view.state()) {
            case REPLAY -> "Replay";
            case VOD -> "On demand";
            default -> "Live";
        };
        for (int ri = 0; ri < regionCount; ri++) {
            RegionView region = ri < regions.size() ? regions.get(ri) : view.internalRegion();
            for (int top = 0; top < ladder.size(); top++) {
                TemplateInstance page = switch (view.state()) {
                    case SCHEDULED -> ViewerResource.Templates.scheduled(view,
                            life.startsAt() == null ? null : life.startsAt().toString());
                    case ENDED -> ViewerResource.Templates.ended(view);
                    default -> region.internal() && view.multicast() != null && view.state() == EventState.LIVE
                            ? ViewerResource.Templates.multicast(view, "/events/" + view.slug() + "/multicast.sdp",
                                    playlistUrl)
                            : "lite".equals(region.template())
                                    ? ViewerResource.Templates.landingLite(view, region, ladder.get(top), playlistUrl,
                                            label)
                                    : ViewerResource.Templates.landing(view, region, ladder.get(top), playlistUrl,
                                            label);
                };
                pages[ri][top] = split(page.render());
                admissions[ri][top] = Counter.builder("velvet.admissions").tag("event", view.slug())
                        .tag("region", region.code()).tag("top", ladder.get(top).id())
                        .description("Landing pages and playlists handed out, by the top they carried")
                        .register(registry);
            }
        }
        List<String> primary = view.state() == EventState.REPLAY && life.replayUris() != null ? life.replayUris()
                : null;
        List<String> backup = view.state() == EventState.REPLAY ? primary : life.backupUris();
        byte[][][] playlists = new byte[2][ladder.size()][];
        for (int top = 0; top < ladder.size(); top++) {
            playlists[0][top] = HlsPlaylist.multivariant(ladder, primary, top).getBytes(StandardCharsets.UTF_8);
            playlists[1][top] = HlsPlaylist.multivariant(ladder, backup != null ? backup : primary, top)
                    .getBytes(StandardCharsets.UTF_8);
        }
        byte[] sdp = view.multicast() == null ? null : MulticastSdp.describe(view).getBytes(StandardCharsets.UTF_8);
        return new Rendered(view, pages, playlists, sdp, admissions);
    }

    static byte[][] split(String html) {
        String[] parts = html.split(TOKEN_MARK, -1);
        byte[][] out = new byte[parts.length][];
        for (int i = 0; i < parts.length; i++) {
            out[i] = parts[i].getBytes(StandardCharsets.UTF_8);
        }
        return out;
    }
}
