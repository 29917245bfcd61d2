package org.velvetrope.geo;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import org.jboss.logging.Logger;
import org.velvetrope.VelvetConfig;

import com.maxmind.db.CHMCache;
import com.maxmind.db.MaxMindDbConstructor;
import com.maxmind.db.MaxMindDbParameter;
import com.maxmind.db.Reader;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.Startup;
import io.quarkus.scheduler.Scheduled;

/**
 * Address → country and continent with MaxMind's database reader and its cache. A database file named by
 * {@code velvet.geoip.database} is watched and swapped in when replaced (as geoipupdate does); otherwise the
 * GeoLite2-Country database embedded from Maven Central is used.
 */
@Startup
@ApplicationScoped
public class GeoLocator {

    static final String EMBEDDED = "GeoLite2-Country.mmdb";
    private static final Logger LOG = Logger.getLogger(GeoLocator.class);

    private final AtomicReference<Loaded> current = new AtomicReference<>();
    /** A replacement that failed to open is not retried until the file changes again. */
    private volatile FileStamp failedStamp;
    private final Optional<Path> configured;
    private final int cacheSize;
    private final Counter reloads;
    private final Counter reloadFailures;

    record Loaded(Reader reader, String description, Path file, FileStamp stamp, Instant buildDate) {
    }

    /**
     * Only the three codes we match on. The reader decodes these and skips the rest of the record (names in every
     * language, subdivisions), and its cache keeps the small result per database node.
     */
    public static final class Codes {
        final String country;
        final String registeredCountry;
        final String continent;

        @MaxMindDbConstructor
        public Codes(@MaxMindDbParameter(name = "country") IsoCode country,
                @MaxMindDbParameter(name = "registered_country") IsoCode registeredCountry,
                @MaxMindDbParameter(name = "continent") ContinentCode continent) {
            this.country = country == null ? null : country.code;
            this.registeredCountry = registeredCountry == null ? null : registeredCountry.code;
            this.continent = continent == null ? null : continent.code;
        }
    }

    public static final class IsoCode {
        final String code;

        @MaxMindDbConstructor
        public IsoCode(@MaxMindDbParameter(name = "iso_code") String code) {
            this.code = code;
        }
    }

    public static final class ContinentCode {
        final String code;

        @MaxMindDbConstructor
        public ContinentCode(@MaxMindDbParameter(name = "code") String code) {
            this.code = code;
        }
    }

    record FileStamp(long size, long modified, Object key) {
        static Optional<FileStamp> of(Path file) {
            try {
                BasicFileAttributes a = Files.readAttributes(file, BasicFileAttributes.class);
                return Optional.of(new FileStamp(a.size(), a.lastModifiedTime().toMillis(), a.fileKey()));
            } catch (IOException e) {
                return Optional.empty();
            }
        }
    }

    @Inject
    public GeoLocator(VelvetConfig config, MeterRegistry registry) {
        this(config.geoip().database().filter(p -> !p.isBlank()).map(Path::of), config.geoip().cacheSize(), registry);
    }

    /** A locator over {@code file}, or over the embedded database when empty. */
    public GeoLocator(Optional<Path> file, int cacheSize, MeterRegistry registry) {
        this.configured = file;
        this.cacheSize = cacheSize;
        this.reloads = Counter.builder("velvet.geoip.reloads").description("GeoIP database files swapped in")
                .register(registry);
        this.reloadFailures = Counter.builder("velvet.geoip.reload.failures")
                .description("Replaced GeoIP database files that could not be opened").register(registry);
        current.set(open());
    }

    private Loaded open() {
        try {
            if (configured.isPresent()) {
                return openFile(configured.get());
            }
            try (InputStream in = Thread.currentThread().getContextClassLoader().getResourceAsStream(EMBEDDED)) {
                if (in == null) {
                    throw new IllegalStateException("The embedded GeoLite2 database is missing from the classpath");
                }
                return loaded(new Reader(in, new CHMCache(cacheSize)), "embedded " + EMBEDDED, null, null);
            }
        } catch (IOException e) {
            throw new IllegalStateException("Cannot open the GeoIP database " + configured.map(Path::toString).orElse(EMBEDDED) + ": "
                    + e.getMessage(), e);
        }
    }

    private Loaded openFile(Path file) throws IOException {
        FileStamp stamp = FileStamp.of(file).orElseThrow(() -> new IOException("no such file: " + file));
        return loaded(new Reader(file.toFile(), Reader.FileMode.MEMORY, new CHMCache(cacheSize)), file.toString(), file,
                stamp);
    }

    private Loaded loaded(Reader reader, String description, Path file, FileStamp stamp) throws IOException {
        String type = reader.getMetadata().getDatabaseType();
        if (!type.contains("Country") && !type.contains("City")) {
            reader.close();
            throw new IllegalStateException("GeoIP database " + description + " is a " + type
                    + " database; a Country or City database is needed");
        }
        Instant built = reader.getMetadata().getBuildDate().toInstant();
        LOG.infof("GeoIP database %s (%s, built %s)", description, type, built);
        return new Loaded(reader, description, file, stamp, built);
    }

    /** Picks up a replaced database file without a restart. */
    @Scheduled(every = "${velvet.geoip.reload-check:30s}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void checkForReplacement() {
        reloadIfReplaced();
    }

    /** @return true when a new file was swapped in */
    public boolean reloadIfReplaced() {
        Loaded now = current.get();
        if (now.file() == null) {
            return false;
        }
        Optional<FileStamp> stamp = FileStamp.of(now.file());
        if (stamp.isEmpty() || stamp.get().equals(now.stamp()) || stamp.get().equals(failedStamp)) {
            return false;
        }
        try {
            Loaded fresh = openFile(now.file());
            current.set(fresh);
            reloads.increment();
            // MEMORY mode holds the whole file on the heap, so the old reader can be closed at once.
            now.reader().close();
            return true;
        } catch (IOException | RuntimeException e) {
            failedStamp = stamp.get();
            reloadFailures.increment();
            LOG.warnf("GeoIP database %s was replaced but cannot be opened (%s); keeping the previous one",
                    now.file(), e.getMessage());
            return false;
        }
    }

    public Location locate(InetAddress address) {
        Loaded db = current.get();
        try {
            Codes codes = db.reader().get(address, Codes.class);
            if (codes == null) {
                return Location.UNKNOWN;
            }
            String country = codes.country != null ? codes.country : codes.registeredCountry;
            return country == null && codes.continent == null ? Location.UNKNOWN
                    : new Location(country, codes.continent);
        } catch (IOException | RuntimeException e) {
            return Location.UNKNOWN;
        }
    }

    public String databaseDescription() {
        return current.get().description();
    }

    public Instant databaseBuildDate() {
        return current.get().buildDate();
    }

    public boolean ready() {
        return current.get() != null;
    }

    @PreDestroy
    void close() {
        try {
            current.get().reader().close();
        } catch (IOException e) {
            LOG.debug("Closing the GeoIP reader failed", e);
        }
    }

}
