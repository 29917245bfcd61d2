package org.velvetrope.viewer;

import java.net.InetAddress;

import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import org.velvetrope.VelvetConfig;
import org.velvetrope.event.EventState;
import org.velvetrope.report.AdmissionStats;
import org.velvetrope.rope.Admission;
import org.velvetrope.rope.EventView;
import org.velvetrope.rope.RegionView;
import org.velvetrope.rope.RenditionView;
import org.velvetrope.rope.Rope;
import org.velvetrope.web.ProblemException;

import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import io.smallrye.common.annotation.NonBlocking;
import io.vertx.core.http.Cookie;
import io.vertx.core.http.HttpServerRequest;

/**
 * The viewer path: landing page, multivariant playlist, multicast SDP. Anonymous, never touches the database:
 * one snapshot read, one GeoIP lookup, one token check, bytes out.
 */
@Path("/events/{slug}")
@NonBlocking
public class ViewerResource {

    static final String HTML = "text/html;charset=UTF-8";

    @CheckedTemplate
    public static class Templates {
        public static native TemplateInstance landing(EventView event, RegionView region, RenditionView top,
                String playlistUrl, String label);

        public static native TemplateInstance landingLite(EventView event, RegionView region, RenditionView top,
                String playlistUrl, String label);

        public static native TemplateInstance scheduled(EventView event, String startsAt);

        public static native TemplateInstance ended(EventView event);

        public static native TemplateInstance multicast(EventView event, String sdpUrl, String playlistUrl);

        public static native TemplateInstance notFound(String slug);
    }

    @Inject
    Rope rope;

    @Inject
    Admission admission;

    @Inject
    ViewerPages pages;

    @Inject
    VelvetConfig config;

    @Inject
    AdmissionStats stats;

    @Context
    HttpServerRequest request;

    @GET
    public Response landing(@PathParam("slug") String slug) {
        EventView event = rope.current().event(slug);
        if (event == null) {
            return Response.status(404).type(HTML).header("Cache-Control", "no-store")
                    .entity(Templates.notFound(slug).render()).build();
        }
        ViewerPages.Rendered rendered = pages.of(event);
        EventState state = event.state();
        if (state != EventState.LIVE && state != EventState.REPLAY) {
            // Before, after and on demand there is no rope: no assignment, nothing counted against a budget.
            RegionView region = admission.place(event, ClientAddress.of(request), false).region();
            int top = state == EventState.VOD ? event.ladder().size() - 1 : region.topIndex();
            return Response.ok(rendered.page(region, top, ""), HTML).header("X-Velvet-Region", region.code())
                    .header("X-Velvet-Top", event.ladder().get(top).id()).header("Cache-Control", "private, no-store")
                    .build();
        }
        Admission.Admitted admitted = admit(event, null);
        rendered.countAdmission(admitted.region(), admitted.topIndex());
        stats.record(event, admitted.region(), admitted.topIndex(), admitted.viewerId());
        byte[] body = rendered.page(admitted.region(), admitted.topIndex(), admitted.token());
        return viewerResponse(event, admitted, body, HTML);
    }

    @GET
    @Path("live.m3u8")
    public Response playlist(@PathParam("slug") String slug, @QueryParam("t") String token) {
        EventView event = rope.current().event(slug);
        if (event == null) {
            throw ProblemException.notFound("There is no event '" + slug + "'.");
        }
        switch (event.state()) {
            case SCHEDULED -> throw ProblemException.notFound("Event '" + slug + "' has not started yet"
                    + (event.lifecycle().startsAt() == null ? "." : "; it starts at " + event.lifecycle().startsAt()
                            + "."));
            case ENDED -> throw new ProblemException(410, "Gone", "Event '" + slug + "' has ended.", null, null, null);
            case VOD -> {
                return Response.status(302).location(java.net.URI.create(event.lifecycle().vodUrl()))
                        .header("Cache-Control", "private, no-store").build();
            }
            default -> {
            }
        }
        ViewerPages.Rendered rendered = pages.of(event);
        Admission.Admitted admitted = admit(event, token);
        rendered.countAdmission(admitted.region(), admitted.topIndex());
        stats.record(event, admitted.region(), admitted.topIndex(), admitted.viewerId());
        return viewerResponse(event, admitted, rendered.playlist(admitted.region(), admitted.topIndex()),
                HlsPlaylist.MEDIA_TYPE);
    }

    @GET
    @Path("multicast.sdp")
    public Response sdp(@PathParam("slug") String slug) {
        EventView event = rope.current().event(slug);
        if (event == null) {
            throw ProblemException.notFound("There is no event '" + slug + "'.");
        }
        byte[] sdp = pages.of(event).sdp();
        if (sdp == null) {
            throw ProblemException.notFound("Event '" + slug + "' has no multicast group.");
        }
        return Response.ok(sdp, MulticastSdp.MEDIA_TYPE).header("Cache-Control", "private, max-age=60").build();
    }

    /** A token in the URL decides; otherwise the cookie; otherwise the viewer is new. */
    private Admission.Admitted admit(EventView event, String urlToken) {
        InetAddress client = ClientAddress.of(request);
        RegionView region = admission.place(event, client).region();
        String token = urlToken;
        if (token == null || token.isEmpty()) {
            Cookie cookie = request.getCookie(cookieName(event.slug()));
            token = cookie == null ? null : cookie.getValue();
        }
        return admission.admit(event, region, token);
    }

    private Response viewerResponse(EventView event, Admission.Admitted admitted, byte[] body, String type) {
        return Response.ok(body, type)
                .header("X-Velvet-Region", admitted.region().code())
                .header("X-Velvet-Top", event.ladder().get(admitted.topIndex()).id())
                .header("Cache-Control", "private, no-store")
                .header("Set-Cookie", setCookie(event.slug(), admitted.token()))
                .build();
    }

    static String cookieName(String slug) {
        return "vr_" + slug;
    }

    private String setCookie(String slug, String token) {
        StringBuilder sb = new StringBuilder(200);
        sb.append(cookieName(slug)).append('=').append(token).append("; Path=/events/").append(slug)
                .append("; Max-Age=").append(config.token().ttl().toSeconds()).append("; HttpOnly; SameSite=Lax");
        if (config.cookie().secure()) {
            sb.append("; Secure");
        }
        return sb.toString();
    }
}
