package org.velvetrope.viewer;

import java.net.InetAddress;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import org.velvetrope.geo.IpLiteral;
import org.velvetrope.rope.Admission;
import org.velvetrope.rope.EventView;
import org.velvetrope.rope.RegionView;
import org.velvetrope.rope.RenditionView;
import org.velvetrope.web.ProblemException;

import com.fasterxml.jackson.annotation.JsonInclude;

/** What a new viewer from a given address would get now, without counting as a viewer. */
@ApplicationScoped
public class Previewer {

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Preview(String ip, String country, String continent, String region, String top, long topBandwidth,
            String page, String template, String playlist, String sdp, boolean geoMiss) {
    }

    @Inject
    Admission admission;

    public Preview preview(EventView event, String ip) {
        if (ip == null || ip.isBlank()) {
            throw ProblemException.badRequest("ip", "Give the address to preview, e.g. ?ip=81.2.69.142");
        }
        InetAddress address = IpLiteral.parse(ip.strip()).orElseThrow(() -> ProblemException.badRequest("ip",
                "'" + ip + "' is not an IPv4 or IPv6 address"));
        Admission.Placement placement = admission.place(event, address, false);
        RegionView region = placement.region();
        RenditionView top = event.ladder().get(region.topIndex());
        boolean multicast = region.internal() && event.multicast() != null;
        String base = "/events/" + event.slug();
        return new Preview(address.getHostAddress(), placement.location().country(), placement.location().continent(),
                region.code(), top.id(), top.bandwidth(), base, multicast ? "multicast" : region.template(),
                base + "/live.m3u8", multicast ? base + "/multicast.sdp" : null, placement.geoMiss());
    }
}
