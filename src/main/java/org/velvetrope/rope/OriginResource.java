package org.velvetrope.rope;

import java.util.List;

import jakarta.annotation.security.RolesAllowed;
import jakarta.inject.Inject;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import org.velvetrope.security.Roles;
import org.velvetrope.web.ProblemException;

import io.quarkus.security.identity.SecurityIdentity;

/** Origin failover: send some or all regions to the backup origin, and back. */
@Path("/api/events/{slug}/origin")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class OriginResource {

    /** {@code {"origin": "backup"|"primary", "regions": [...] (all when absent), "reason"}}. */
    public record OriginSwitch(String origin, List<String> regions, String reason) {
    }

    @Inject
    CapService caps;

    @Inject
    SecurityIdentity identity;

    @POST
    @RolesAllowed(Roles.OPS)
    public List<RegionState> switchOrigin(@PathParam("slug") String slug,
            @NotNull(message = "the request body must be {origin, regions, reason}") OriginSwitch change) {
        if (!"backup".equals(change.origin()) && !"primary".equals(change.origin())) {
            throw ProblemException.badRequest("origin", "origin must be 'primary' or 'backup'");
        }
        return caps.switchOrigin(slug, change.regions(), "backup".equals(change.origin()), change.reason(),
                identity.getPrincipal().getName());
    }
}
