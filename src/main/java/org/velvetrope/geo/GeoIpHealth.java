package org.velvetrope.geo;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/** Not ready until a GeoIP database is open. */
@Readiness
@ApplicationScoped
public class GeoIpHealth implements HealthCheck {

    @Inject
    GeoLocator geo;

    @Override
    public HealthCheckResponse call() {
        if (!geo.ready()) {
            return HealthCheckResponse.down("geoip");
        }
        return HealthCheckResponse.named("geoip").up().withData("database", geo.databaseDescription())
                .withData("built", geo.databaseBuildDate().toString()).build();
    }
}
