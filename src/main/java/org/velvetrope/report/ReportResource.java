package org.velvetrope.report;

import java.io.StringWriter;
import java.util.List;
import java.util.Locale;

import jakarta.annotation.security.RolesAllowed;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import org.velvetrope.security.Roles;

/** The post-event report as CSV (per region and minute) and JSON (the summary). */
@Path("/api/events/{slug}")
@RolesAllowed({ Roles.REPORTER, Roles.ADMIN })
public class ReportResource {

    @Inject
    Reports reports;

    @GET
    @Path("report.json")
    @Produces(MediaType.APPLICATION_JSON)
    public Reports.Summary summary(@PathParam("slug") String slug) {
        return reports.summary(slug);
    }

    @GET
    @Path("report.csv")
    @Produces("text/csv")
    public Response csv(@PathParam("slug") String slug) {
        List<String> ladder = reports.ladder(slug);
        StringWriter out = new StringWriter();
        out.append("minute,region,avg_mbps,peak_mbps,capacity_mbps,peak_utilization,top,viewers");
        for (String rung : ladder) {
            out.append(",admissions_").append(rung);
        }
        out.append("\r\n");
        for (Reports.MinuteRow row : reports.minutes(slug)) {
            out.append(row.minute().toString()).append(',').append(row.region()).append(',')
                    .append(num(row.avgMbps())).append(',').append(num(row.peakMbps())).append(',')
                    .append(Long.toString(row.capacityMbps())).append(',').append(num(row.peakUtilization()))
                    .append(',').append(row.top() == null ? "" : row.top()).append(',')
                    .append(row.viewers() == null ? "" : row.viewers().toString());
            for (String rung : ladder) {
                out.append(',').append(Long.toString(row.admissions().getOrDefault(rung, 0L)));
            }
            out.append("\r\n");
        }
        return Response.ok(out.toString(), "text/csv;charset=UTF-8")
                .header("Content-Disposition", "attachment; filename=\"" + slug + "-report.csv\"").build();
    }

    static String num(double v) {
        return String.format(Locale.ROOT, "%.3f", v);
    }

}
