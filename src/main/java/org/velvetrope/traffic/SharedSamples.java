package org.velvetrope.traffic;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import org.jboss.logging.Logger;

import io.agroal.api.AgroalDataSource;

/**
 * With several replicas each receives part of the telemetry. Every tick a replica writes the latest samples it
 * received to PostgreSQL (newer wins) and reads back everyone's, so every replica — and the one running the rules —
 * sees the whole load. Unused on the embedded database.
 */
@ApplicationScoped
public class SharedSamples {

    private static final Logger LOG = Logger.getLogger(SharedSamples.class);
    /** Samples older than this are not read back: they could not be fresh anyway. */
    static final Duration READ_BACK = Duration.ofMinutes(5);

    @Inject
    AgroalDataSource dataSource;

    @Inject
    TrafficBook book;

    public void exchange(Instant now) {
        List<TrafficBook.Latest> mine = book.drainLocal();
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(true);
            if (!mine.isEmpty()) {
                try (PreparedStatement ps = c.prepareStatement("insert into source_sample "
                        + "(event_slug, region, source, at, mbps, viewers) values (?, ?, ?, ?, ?, ?) "
                        + "on conflict (event_slug, region, source) do update set at = excluded.at, "
                        + "mbps = excluded.mbps, viewers = excluded.viewers where excluded.at > source_sample.at")) {
                    for (TrafficBook.Latest l : mine) {
                        ps.setString(1, l.event());
                        ps.setString(2, l.sample().region());
                        ps.setString(3, l.sample().source());
                        ps.setTimestamp(4, Timestamp.from(l.sample().at()));
                        ps.setDouble(5, l.sample().mbps());
                        if (l.sample().viewers() == null) {
                            ps.setNull(6, Types.BIGINT);
                        } else {
                            ps.setLong(6, l.sample().viewers());
                        }
                        ps.addBatch();
                    }
                    ps.executeBatch();
                }
            }
            try (PreparedStatement ps = c.prepareStatement(
                    "select event_slug, region, source, at, mbps, viewers from source_sample where at > ?")) {
                ps.setTimestamp(1, Timestamp.from(now.minus(READ_BACK)));
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        long viewers = rs.getLong(6);
                        Long v = rs.wasNull() ? null : viewers;
                        book.recordShared(rs.getString(1), new TrafficBook.Sample(rs.getString(3), rs.getString(2),
                                rs.getTimestamp(4).toInstant(), rs.getDouble(5), v));
                    }
                }
            }
        } catch (SQLException e) {
            book.requeueLocal(mine);
            LOG.warnf("Could not exchange telemetry with the other replicas: %s", e.getMessage());
        }
    }
}
