package org.velvetrope.viewer;

import java.net.InetAddress;

import jakarta.annotation.security.RolesAllowed;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;

import org.velvetrope.event.EventResource;
import org.velvetrope.geo.IpLiteral;
import org.velvetrope.rope.Admission;
import org.velvetrope.rope.EventView;
import org.velvetrope.rope.RegionView;
import org.velvetrope.rope.RenditionView;
import org.velvetrope.rope.Rope;
import org.velvetrope.security.Roles;
import org.velvetrope.web.ProblemException;

import com.fasterxml.jackson.annotation.JsonInclude;


/** What a viewer from a given address would get now: for checking the set-up before the show. */
@Path("/api/events/{slug}/preview")
@RolesAllowed({ Roles.OPS, Roles.PR, Roles.REPORTER, Roles.ADMIN })
@Produces(MediaType.APPLICATION_JSON)
public class PreviewResource {

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Preview(String ip, String country, String continent, String region, String top, long topBandwidth,
            String page, String template, String playlist, String sdp, boolean geoMiss) {
    }

    @Inject
    Rope rope;

    @Inject
    Admission admission;

    @GET
    public Preview preview(@PathParam("slug") String slug, @QueryParam("ip") String ip) {
        EventView event = rope.current().event(slug);
        if (event == null) {
            throw EventResource.noSuchEvent(slug);
        }
        if (ip == null || ip.isBlank()) {
            throw ProblemException.badRequest("ip", "Give the address to preview, e.g. ?ip=81.2.69.142");
        }
        InetAddress address = IpLiteral.parse(ip.strip()).orElseThrow(() -> ProblemException.badRequest("ip",
                "'" + ip + "' is not an IPv4 or IPv6 address"));
        Admission.Placement placement = admission.place(event, address, false);
        RegionView region = placement.region();
        RenditionView top = event.ladder().get(region.topIndex());
        boolean multicast = region.internal() && event.multicast() != null;
        String base = "/events/" + slug;
        return new Preview(address.getHostAddress(), placement.location().country(), placement.location().continent(),
                region.code(), top.id(), top.bandwidth(), base, multicast ? "multicast" : region.template(),
                base + "/live.m3u8", multicast ? base + "/multicast.sdp" : null, placement.geoMiss());
    }
}
