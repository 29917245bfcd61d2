package org.velvetrope.viewer;

import jakarta.annotation.security.RolesAllowed;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;

import org.velvetrope.event.EventResource;
import org.velvetrope.rope.EventView;
import org.velvetrope.rope.Rope;
import org.velvetrope.security.Roles;

/** What a viewer from a given address would get now: for checking the set-up before the show. */
@Path("/api/events/{slug}/preview")
@RolesAllowed({ Roles.OPS, Roles.PR, Roles.REPORTER, Roles.ADMIN })
@Produces(MediaType.APPLICATION_JSON)
public class PreviewResource {

    @Inject
    Rope rope;

    @Inject
    Previewer previewer;

    @GET
    public Previewer.Preview preview(@PathParam("slug") String slug, @QueryParam("ip") String ip) {
        EventView event = rope.current().event(slug);
        if (event == null) {
            throw EventResource.noSuchEvent(slug);
        }
        return previewer.preview(event, ip);
    }
}
