package org.velvetrope.rope;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

import io.agroal.api.AgroalDataSource;

/**
 * Only one replica runs the automatic rules at a time: on PostgreSQL the one holding a session advisory lock on a
 * connection kept for the purpose (released by the database if the replica dies). On the embedded H2 database
 * there is only one replica, which always leads.
 */
@ApplicationScoped
public class RulesLeadership {

    /** Advisory lock key: "velvet rules". */
    static final long LOCK_KEY = 0x76656c7672756c65L;
    private static final Logger LOG = Logger.getLogger(RulesLeadership.class);

    @Inject
    AgroalDataSource dataSource;

    @ConfigProperty(name = "quarkus.datasource.db-kind")
    String dbKind;

    private Connection held;
    private boolean leader;

    public boolean shared() {
        return dbKind.startsWith("postgres");
    }

    /** Tries to become (or checks it still is) the rules replica; cheap when the answer is unchanged. */
    public synchronized boolean isLeader() {
        if (!shared()) {
            return true;
        }
        try {
            if (held == null || !held.isValid(2)) {
                if (leader) {
                    LOG.warn("The connection holding the rules lock was lost; competing for the lock again");
                }
                release();
                held = dataSource.getConnection();
                held.setAutoCommit(true);
            }
            if (leader) {
                return true;
            }
            try (PreparedStatement ps = held.prepareStatement("select pg_try_advisory_lock(?)")) {
                ps.setLong(1, LOCK_KEY);
                try (ResultSet rs = ps.executeQuery()) {
                    leader = rs.next() && rs.getBoolean(1);
                }
            }
            if (leader) {
                LOG.info("This replica now runs the automatic rules");
            }
            return leader;
        } catch (SQLException e) {
            if (leader) {
                LOG.warnf("Lost the rules lock (%s); another replica takes over", e.getMessage());
            }
            release();
            return false;
        }
    }

    @PreDestroy
    synchronized void release() {
        leader = false;
        if (held != null) {
            try {
                held.close();
            } catch (SQLException e) {
                LOG.debug("Closing the rules lock connection failed", e);
            }
            held = null;
        }
    }
}
