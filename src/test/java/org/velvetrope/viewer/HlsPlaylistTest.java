package org.velvetrope.viewer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.velvetrope.rope.RenditionView;

import io.lindstrom.m3u8.model.MasterPlaylist;
import io.lindstrom.m3u8.model.Resolution;
import io.lindstrom.m3u8.model.Variant;
import io.lindstrom.m3u8.parser.MasterPlaylistParser;
import io.lindstrom.m3u8.parser.ParsingMode;

class HlsPlaylistTest {

    static final List<RenditionView> LADDER = List.of(
            new RenditionView("a64", 64_000, null, "mp4a.40.2", null, null, true,
                    "https://media.example.com/k/a64/index.m3u8"),
            new RenditionView("v400", 400_000, 380_000L, "avc1.42c01e,mp4a.40.2", "640x360", 25.0, false,
                    "https://media.example.com/k/v400/index.m3u8"),
            new RenditionView("v1200", 1_200_000, null, "avc1.4d401f,mp4a.40.2", "960x540", 29.97, false,
                    "https://media.example.com/k/v1200/index.m3u8"),
            new RenditionView("v6000", 6_000_000, null, "avc1.640028,mp4a.40.2", "1920x1080", null, false,
                    "/media/k/v6000/index.m3u8"));

    static MasterPlaylist parse(String text) throws Exception {
        return new MasterPlaylistParser(ParsingMode.STRICT).readPlaylist(text);
    }

    @Test
    void everyTopGivesAStrictlyValidPlaylistWithExactlyTheRungsUpToIt() throws Exception {
        for (int top = 0; top < LADDER.size(); top++) {
            MasterPlaylist playlist = parse(HlsPlaylist.multivariant(LADDER, top));
            long limit = LADDER.get(top).bandwidth();
            List<String> expected = LADDER.stream().filter(r -> r.bandwidth() <= limit || r.audioOnly())
                    .map(RenditionView::uri).toList();
            assertEquals(expected, playlist.variants().stream().map(Variant::uri).toList(), "top " + top);
        }
    }

    @Test
    void attributesSurviveAStrictParse() throws Exception {
        MasterPlaylist playlist = parse(HlsPlaylist.multivariant(LADDER, 2));
        Variant v400 = playlist.variants().get(1);
        assertEquals(400_000, v400.bandwidth());
        assertEquals(380_000L, v400.averageBandwidth().orElseThrow());
        assertEquals(List.of("avc1.42c01e", "mp4a.40.2"), v400.codecs());
        assertEquals(Resolution.of(640, 360), v400.resolution().orElseThrow());
        assertEquals(25.0, v400.frameRate().orElseThrow(), 0.001);
        Variant audio = playlist.variants().get(0);
        assertTrue(audio.resolution().isEmpty(), "audio-only has no resolution");
        assertEquals(List.of("mp4a.40.2"), audio.codecs());
        assertTrue(playlist.independentSegments());
    }

    @Test
    void audioOnlyRungIsKeptEvenWhenItIsNotTheLowest() throws Exception {
        List<RenditionView> ladder = List.of(
                new RenditionView("v200", 200_000, null, null, "416x234", null, false, "https://m/v200.m3u8"),
                new RenditionView("a256", 256_000, null, "mp4a.40.2", null, null, true, "https://m/a256.m3u8"),
                new RenditionView("v800", 800_000, null, null, "640x360", null, false, "https://m/v800.m3u8"));
        MasterPlaylist playlist = parse(HlsPlaylist.multivariant(ladder, 0));
        assertEquals(List.of("https://m/v200.m3u8", "https://m/a256.m3u8"),
                playlist.variants().stream().map(Variant::uri).toList());
    }
}
