package org.velvetrope.console;

import java.net.URI;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Map;

import jakarta.annotation.security.RolesAllowed;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.CookieParam;
import jakarta.ws.rs.FormParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import org.velvetrope.VelvetConfig;
import org.velvetrope.event.AuditEntry;
import org.velvetrope.event.EventState;
import org.velvetrope.event.Lifecycle;
import org.velvetrope.event.VodApproval;
import org.velvetrope.report.Reports;
import org.velvetrope.rope.CapRequest;
import org.velvetrope.rope.CapService;
import org.velvetrope.rope.EventView;
import org.velvetrope.rope.RegionView;
import org.velvetrope.rope.Rope;
import org.velvetrope.security.Roles;
import org.velvetrope.viewer.Previewer;
import org.velvetrope.web.ProblemException;

import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import io.quarkus.security.identity.SecurityIdentity;

/** The ops console: sign-in, events, the live regional dashboard with its actions, numbers, audit and preview. */
@Path("/ops")
@Produces(MediaType.TEXT_HTML)
public class ConsoleResource {

    static final String HTML = "text/html;charset=UTF-8";
    static final int AUDIT_LIMIT = 500;

    @CheckedTemplate
    public static class Templates {
        public static native TemplateInstance login(boolean error, boolean loggedOut);

        public static native TemplateInstance events(Page page, List<EventView> events);

        public static native TemplateInstance dashboard(Page page, Dashboard.View view, String message,
                String error);

        public static native TemplateInstance dashboard$regions(Page page, Dashboard.View view);

        public static native TemplateInstance region(Page page, Dashboard.View view, Dashboard.Row row, String error);

        public static native TemplateInstance numbers(Page page, Dashboard.View view);

        public static native TemplateInstance numbers$figures(Page page, Dashboard.View view);

        public static native TemplateInstance audit(Page page, EventView event, List<AuditEntry> entries,
                Map<String, String> filters);

        public static native TemplateInstance preview(Page page, EventView event, String ip, Previewer.Preview result,
                String error);

        public static native TemplateInstance lifecycle(Page page, Dashboard.View view, List<String> next,
                List<VodApproval> approvals, String vodUrl, boolean canApprove, String message, String error);

        public static native TemplateInstance report(Page page, EventView event, Reports.Summary summary,
                List<Reports.MinuteRow> minutes, List<ReportChart> charts);
    }

    /** One region's chart in the report, with its caption. */
    public record ReportChart(String region, long capacityMbps, double peakMbps, String svg) {
    }

    /** What every console page knows: who is signed in, what they may do, the form token. */
    public record Page(String user, boolean canAct, boolean admin, String csrf, boolean reporter) {
        public Page(String user, boolean canAct, boolean admin, String csrf) {
            this(user, canAct, admin, csrf, admin);
        }
    }

    @Inject
    Rope rope;

    @Inject
    Dashboard dashboard;

    @Inject
    CapService caps;

    @Inject
    Previewer previewer;

    @Inject
    Lifecycle lifecycle;

    @Inject
    Reports reports;

    @Inject
    SecurityIdentity identity;

    @Inject
    VelvetConfig config;

    @CookieParam(ConsoleCsrf.COOKIE)
    String csrfCookie;

    Page page() {
        return new Page(identity.getPrincipal().getName(), identity.hasRole(Roles.OPS), identity.hasRole(Roles.ADMIN),
                ConsoleCsrf.tokenFor(csrfCookie), identity.hasRole(Roles.REPORTER));
    }

    Response html(Page page, TemplateInstance template, int status) {
        return html(page, template, status, csrfCookie, config.cookie().secure());
    }

    /** A console page: never cached, never framed, own assets only, and the CSRF cookie when it is new. */
    static Response html(Page page, TemplateInstance template, int status, String csrfCookie, boolean secure) {
        Response.ResponseBuilder r = Response.status(status).type(HTML).entity(template.render())
                .header("Cache-Control", "no-store").header("X-Frame-Options", "DENY")
                .header("Content-Security-Policy", "default-src 'self'; style-src 'self' 'unsafe-inline'; "
                        + "img-src 'self' data:; frame-ancestors 'none'");
        if (page != null && !page.csrf().equals(csrfCookie)) {
            r.header("Set-Cookie", ConsoleCsrf.setCookie(page.csrf(), secure));
        }
        return r.build();
    }

    EventView event(String slug) {
        EventView event = rope.current().event(slug);
        if (event == null) {
            throw ProblemException.notFound("There is no event '" + slug + "'.");
        }
        return event;
    }

    @GET
    @Path("login")
    public Response login(@QueryParam("error") String error, @QueryParam("out") String out) {
        return html(null, Templates.login(error != null, out != null), error != null ? 401 : 200);
    }

    @POST
    @Path("logout")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Response logout(@FormParam(ConsoleCsrf.FIELD) String csrf) {
        ConsoleCsrf.check(csrfCookie, csrf);
        return Response.seeOther(URI.create("/ops/login?out=1"))
                .header("Set-Cookie", "vr_session=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict")
                .header("Set-Cookie", ConsoleCsrf.COOKIE + "=; Path=/ops; Max-Age=0; HttpOnly; SameSite=Strict")
                .build();
    }

    @GET
    @RolesAllowed({ Roles.OPS, Roles.PR, Roles.REPORTER, Roles.ADMIN })
    public Response events() {
        Page page = page();
        List<EventView> events = rope.current().events().stream()
                .sorted((a, b) -> a.slug().compareTo(b.slug())).toList();
        return html(page, Templates.events(page, events), 200);
    }

    @GET
    @Path("events/{slug}")
    @RolesAllowed({ Roles.OPS, Roles.PR, Roles.REPORTER, Roles.ADMIN })
    public Response dashboard(@PathParam("slug") String slug, @QueryParam("changed") String changed) {
        Page page = page();
        String message = changed == null ? null : "Region " + changed + " changed.";
        return html(page, Templates.dashboard(page, dashboard.of(event(slug)), message, null), 200);
    }

    /** The live part of the dashboard, fetched every second. */
    @GET
    @Path("events/{slug}/regions")
    @RolesAllowed({ Roles.OPS, Roles.PR, Roles.REPORTER, Roles.ADMIN })
    public Response regions(@PathParam("slug") String slug) {
        Page page = page();
        return html(page, Templates.dashboard$regions(page, dashboard.of(event(slug))), 200);
    }

    /** One region: its chart, its state, and the actions, based on the version shown here. */
    @GET
    @Path("events/{slug}/regions/{region}")
    @RolesAllowed({ Roles.OPS, Roles.PR, Roles.REPORTER, Roles.ADMIN })
    public Response region(@PathParam("slug") String slug, @PathParam("region") String region) {
        Page page = page();
        return regionPage(page, slug, region, null, 200);
    }

    private Response regionPage(Page page, String slug, String region, String error, int status) {
        Dashboard.View view = dashboard.of(event(slug));
        Dashboard.Row row = view.rows().stream().filter(r -> r.state().region().equals(region)).findFirst()
                .orElseThrow(() -> CapService.noSuchRegion(slug, region));
        return html(page, Templates.region(page, view, row, error), status);
    }

    @POST
    @Path("events/{slug}/regions/{region}")
    @RolesAllowed(Roles.OPS)
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Response act(@PathParam("slug") String slug, @PathParam("region") String region,
            @FormParam("action") String action, @FormParam("top") String top, @FormParam("hard") String hard,
            @FormParam("reason") String reason, @FormParam("version") Long version,
            @FormParam(ConsoleCsrf.FIELD) String csrf) {
        ConsoleCsrf.check(csrfCookie, csrf);
        EventView event = event(slug);
        RegionView r = event.region(region);
        if (r == null || r.internal()) {
            throw CapService.noSuchRegion(slug, region);
        }
        Page page = page();
        String actor = identity.getPrincipal().getName();
        try {
            if (reason == null || reason.isBlank()) {
                throw ProblemException.badRequest("reason", "Say why: the reason goes into the audit trail.");
            }
            boolean isHard = "on".equals(hard) || "true".equals(hard);
            switch (action == null ? "" : action) {
                case "clamp" -> {
                    if (r.topIndex() == 0) {
                        throw ProblemException.badRequest("action", region + " is already at the lowest rung.");
                    }
                    caps.setCap(slug, region, new CapRequest(event.ladder().get(r.topIndex() - 1).id(), null, isHard,
                            reason, version), actor, false);
                }
                case "restore" -> {
                    if (r.topIndex() == event.ladder().size() - 1) {
                        throw ProblemException.badRequest("action", region + " is already at the highest rung.");
                    }
                    caps.setCap(slug, region, new CapRequest(event.ladder().get(r.topIndex() + 1).id(), null, false,
                            reason, version), actor, false);
                }
                case "set" -> caps.setCap(slug, region, new CapRequest(top, null, isHard, reason, version), actor,
                        false);
                case "pin" -> caps.setCap(slug, region, new CapRequest(null, true, null, reason, version), actor,
                        false);
                case "unpin" -> caps.unpin(slug, region, reason, actor);
                default -> throw ProblemException.badRequest("action", "Unknown action '" + action + "'.");
            }
        } catch (ProblemException e) {
            String error = e.status() == 409 ? e.getMessage() + " The state below is fresh." : e.getMessage();
            return regionPage(page, slug, region, error, e.status());
        }
        return Response.seeOther(URI.create("/ops/events/" + slug + "?changed=" + region)).build();
    }

    @GET
    @Path("events/{slug}/lifecycle")
    @RolesAllowed({ Roles.OPS, Roles.PR, Roles.REPORTER, Roles.ADMIN })
    public Response lifecycle(@PathParam("slug") String slug) {
        return lifecyclePage(page(), slug, null, null, 200);
    }

    private Response lifecyclePage(Page page, String slug, String message, String error, int status) {
        EventView event = event(slug);
        List<String> next = Lifecycle.LEGAL.get(event.state()).stream().map(Enum::name).toList();
        return html(page, Templates.lifecycle(page, dashboard.of(event), next, lifecycle.approvals(slug),
                event.lifecycle().vodUrl(), identity.hasRole(Roles.PR), message, error), status);
    }

    @POST
    @Path("events/{slug}/lifecycle")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @RolesAllowed({ Roles.OPS, Roles.PR })
    public Response lifecycleAction(@PathParam("slug") String slug, @FormParam("action") String action,
            @FormParam("to") String to, @FormParam("vodUrl") String vodUrl, @FormParam("origin") String origin,
            @FormParam("regions") List<String> regions, @FormParam("reason") String reason,
            @FormParam(ConsoleCsrf.FIELD) String csrf) {
        ConsoleCsrf.check(csrfCookie, csrf);
        Page page = page();
        String actor = page.user();
        try {
            String done;
            switch (action == null ? "" : action) {
                case "transition" -> {
                    requireRole(Roles.OPS);
                    EventState target;
                    try {
                        target = EventState.valueOf(to);
                    } catch (IllegalArgumentException | NullPointerException e) {
                        throw ProblemException.badRequest("to", "Unknown state '" + to + "'.");
                    }
                    lifecycle.transition(slug, target, reason, actor);
                    done = "The event is now " + target + ".";
                }
                case "approve" -> {
                    requireRole(Roles.PR);
                    lifecycle.approve(slug, vodUrl, reason, actor);
                    done = "VOD approved: " + vodUrl;
                }
                case "origin" -> {
                    requireRole(Roles.OPS);
                    caps.switchOrigin(slug, regions, "backup".equals(origin), reason, actor);
                    done = "Origin for " + (regions == null || regions.isEmpty() ? "all regions"
                            : String.join(", ", regions)) + ": " + ("backup".equals(origin) ? "backup" : "primary") + ".";
                }
                default -> throw ProblemException.badRequest("action", "Unknown action '" + action + "'.");
            }
            return lifecyclePage(page, slug, done, null, 200);
        } catch (ProblemException e) {
            return lifecyclePage(page, slug, null, e.getMessage(), e.status());
        }
    }

    private void requireRole(String role) {
        if (!identity.hasRole(role)) {
            throw new ProblemException(403, "Forbidden", "Your roles do not allow this action.", null, null, null);
        }
    }

    @GET
    @Path("events/{slug}/report")
    @RolesAllowed({ Roles.REPORTER, Roles.ADMIN })
    public Response report(@PathParam("slug") String slug) {
        EventView event = event(slug);
        Reports.Summary summary = reports.summary(slug);
        List<Reports.MinuteRow> minutes = reports.minutes(slug);
        Page page = page();
        return html(page, Templates.report(page, event, summary, minutes, reportCharts(event, summary)), 200);
    }

    /** Load against capacity per region over the whole event, top changes marked. */
    private List<ReportChart> reportCharts(EventView event, Reports.Summary summary) {
        List<ReportChart> charts = new java.util.ArrayList<>();
        if (summary.from() == null) {
            return charts;
        }
        List<org.velvetrope.traffic.LoadSample> steps = org.velvetrope.traffic.LoadSample.forEventSince(event.slug(),
                Instant.EPOCH);
        List<AuditEntry> audit = AuditEntry.search(event.slug(), null, null, null, null, null, 100_000);
        long window = Math.max(java.time.Duration.between(summary.from(), summary.to()).toSeconds(), 1);
        for (RegionView r : event.regions()) {
            List<org.velvetrope.traffic.LoadSample> mine = steps.stream().filter(s -> s.region.equals(r.code()))
                    .toList();
            long[] t = mine.stream().mapToLong(s -> s.at.getEpochSecond()).toArray();
            double[] y = mine.stream().mapToDouble(s -> s.loadMbps).toArray();
            double peak = mine.stream().mapToDouble(s -> s.peakMbps).max().orElse(0);
            List<Charts.Mark> marks = audit.stream().filter(a -> r.code().equals(a.region)
                    && ("CLAMP".equals(a.action) || "RESTORE".equals(a.action) || "CAP".equals(a.action)))
                    .map(a -> new Charts.Mark(a.at, a.action + " by " + a.actor + ": " + a.toValue,
                            "CLAMP".equals(a.action)))
                    .toList();
            String title = r.code() + ": load over the event, peak " + Math.round(peak) + " of " + r.capacityMbps()
                    + " Mbps; " + marks.size() + " top change(s)";
            charts.add(new ReportChart(r.code(), r.capacityMbps(), Math.round(peak),
                    Charts.regionLoad(r.code(), new org.velvetrope.traffic.LoadHistory.Window(t, y), r.capacityMbps(),
                            r.rules().clampAt(), marks, summary.to(), window, title)));
        }
        return charts;
    }

    @GET
    @Path("events/{slug}/numbers")
    @RolesAllowed({ Roles.OPS, Roles.PR, Roles.REPORTER, Roles.ADMIN })
    public Response numbers(@PathParam("slug") String slug) {
        Page page = page();
        return html(page, Templates.numbers(page, dashboard.of(event(slug))), 200);
    }

    @GET
    @Path("events/{slug}/numbers/figures")
    @RolesAllowed({ Roles.OPS, Roles.PR, Roles.REPORTER, Roles.ADMIN })
    public Response figures(@PathParam("slug") String slug) {
        Page page = page();
        return html(page, Templates.numbers$figures(page, dashboard.of(event(slug))), 200);
    }

    @GET
    @Path("events/{slug}/audit")
    @RolesAllowed({ Roles.OPS, Roles.PR, Roles.REPORTER, Roles.ADMIN })
    public Response audit(@PathParam("slug") String slug, @QueryParam("region") String region,
            @QueryParam("actor") String actor, @QueryParam("kind") String kind, @QueryParam("from") String from,
            @QueryParam("to") String to) {
        EventView event = event(slug);
        Boolean automatic = "auto".equals(kind) ? Boolean.TRUE : "manual".equals(kind) ? Boolean.FALSE : null;
        List<AuditEntry> entries = AuditEntry.search(slug, blank(region), blank(actor), automatic,
                time("from", from), time("to", to), AUDIT_LIMIT);
        Map<String, String> filters = Map.of("region", nz(region), "actor", nz(actor), "kind", nz(kind), "from",
                nz(from), "to", nz(to));
        Page page = page();
        return html(page, Templates.audit(page, event, entries, filters), 200);
    }

    @GET
    @Path("events/{slug}/preview")
    @RolesAllowed({ Roles.OPS, Roles.PR, Roles.REPORTER, Roles.ADMIN })
    public Response preview(@PathParam("slug") String slug, @QueryParam("ip") String ip) {
        EventView event = event(slug);
        Previewer.Preview result = null;
        String error = null;
        if (ip != null && !ip.isBlank()) {
            try {
                result = previewer.preview(event, ip);
            } catch (ProblemException e) {
                error = e.getMessage();
            }
        }
        Page page = page();
        return html(page, Templates.preview(page, event, nz(ip), result, error), error == null ? 200 : 400);
    }

    private static String blank(String s) {
        return s == null || s.isBlank() ? null : s.strip();
    }

    private static String nz(String s) {
        return s == null ? "" : s;
    }

    /** Times from a datetime-local field, read as UTC (the console shows UTC). */
    private static Instant time(String field, String value) {
        if (value == null || value.isBlank()) {
            return null;
        }
        try {
            return LocalDateTime.parse(value).toInstant(ZoneOffset.UTC);
        } catch (DateTimeParseException e) {
            throw ProblemException.badRequest(field, field + " must be a time like 2026-06-01T16:00");
        }
    }
}
