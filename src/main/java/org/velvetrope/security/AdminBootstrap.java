package org.velvetrope.security;

import java.security.SecureRandom;
import java.time.Clock;
import java.time.Instant;
import java.util.Base64;

import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;

import org.jboss.logging.Logger;
import org.velvetrope.VelvetConfig;

import io.quarkus.runtime.LaunchMode;
import io.quarkus.runtime.StartupEvent;

/** On a first start with no users, creates {@code admin} with the configured password. */
@ApplicationScoped
public class AdminBootstrap {

    private static final Logger LOG = Logger.getLogger(AdminBootstrap.class);
    static final int MIN_PASSWORD = 12;

    @Inject
    VelvetConfig config;

    @Inject
    Clock clock;

    @Transactional
    void onStart(@Observes @Priority(10) StartupEvent start) {
        if (User.count() > 0) {
            return;
        }
        String password = config.admin().password().filter(p -> !p.isBlank()).orElse(null);
        if (password == null) {
            if (LaunchMode.current() == LaunchMode.NORMAL) {
                throw new IllegalStateException("No users exist yet and velvet.admin.password is not set: set it "
                        + "(e.g. VELVET_ADMIN_PASSWORD) so the first admin can sign in");
            }
            byte[] random = new byte[18];
            new SecureRandom().nextBytes(random);
            password = Base64.getUrlEncoder().withoutPadding().encodeToString(random);
            LOG.warnf("No users exist and velvet.admin.password is not set: created user 'admin' with the generated "
                    + "password %s (development only)", password);
        } else if (password.length() < MIN_PASSWORD) {
            LOG.warnf("velvet.admin.password is shorter than %d characters; change it after the first sign-in",
                    MIN_PASSWORD);
        }
        User.create("admin", password, Roles.ADMIN, config.admin().bcryptCost(), Instant.now(clock));
        LOG.info("Created the first user 'admin'");
    }
}
