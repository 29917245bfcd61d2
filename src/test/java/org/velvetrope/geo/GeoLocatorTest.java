package org.velvetrope.geo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;

/** Runs against the real GeoLite2 databases from Maven Central. */
class GeoLocatorTest {

    private static Location locate(GeoLocator geo, String ip) {
        return geo.locate(IpLiteral.parse(ip).orElseThrow());
    }

    @Test
    void embeddedDatabaseKnowsRealAddresses() {
        GeoLocator geo = new GeoLocator(Optional.empty(), 1024, new SimpleMeterRegistry());
        assertEquals(new Location("GB", "EU"), locate(geo, "81.2.69.142"));
        assertEquals(new Location("US", "NA"), locate(geo, "8.8.8.8"));
        assertEquals("AU", locate(geo, "1.1.1.1").country());
        assertEquals(new Location("JP", "AS"), locate(geo, "126.0.0.1"));
        assertEquals("SA", locate(geo, "200.1.1.1").continent());
    }

    @Test
    void privateAndUnknownAddressesHaveNoLocation() {
        GeoLocator geo = new GeoLocator(Optional.empty(), 1024, new SimpleMeterRegistry());
        assertFalse(locate(geo, "10.1.2.3").known());
        assertFalse(locate(geo, "127.0.0.1").known());
        assertFalse(locate(geo, "fd00::1").known());
    }

    @Test
    void replacedDatabaseFileIsPickedUpWithoutRestart(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("GeoIP2-Country.mmdb");
        copyResource("GeoLite2-Country.mmdb", file);
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        GeoLocator geo = new GeoLocator(Optional.of(file), 1024, registry);
        assertTrue(geo.databaseDescription().contains(file.toString()));
        assertFalse(geo.reloadIfReplaced(), "an unchanged file is not reloaded");

        // geoipupdate writes a new file beside the old one and renames it over it.
        Path incoming = dir.resolve("incoming.mmdb");
        copyResource("GeoLite2-City.mmdb", incoming);
        Files.setLastModifiedTime(incoming, FileTime.from(Instant.now().plusSeconds(5)));
        Files.move(incoming, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);

        assertTrue(geo.reloadIfReplaced());
        assertEquals(new Location("GB", "EU"), locate(geo, "81.2.69.142"), "City databases answer too");
        assertEquals(1.0, registry.get("velvet.geoip.reloads").counter().count());
    }

    @Test
    void brokenReplacementKeepsThePreviousDatabase(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("country.mmdb");
        copyResource("GeoLite2-Country.mmdb", file);
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        GeoLocator geo = new GeoLocator(Optional.of(file), 1024, registry);

        Files.writeString(file, "not a database");
        assertFalse(geo.reloadIfReplaced());
        assertFalse(geo.reloadIfReplaced(), "the same broken file is not retried");
        assertEquals("US", locate(geo, "8.8.8.8").country());
        assertEquals(1.0, registry.get("velvet.geoip.reload.failures").counter().count());
    }

    private static void copyResource(String name, Path target) throws IOException {
        try (InputStream in = GeoLocatorTest.class.getClassLoader().getResourceAsStream(name)) {
            Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
        }
    }
}
