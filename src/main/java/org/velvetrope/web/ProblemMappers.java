package org.velvetrope.web;

import java.net.URI;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import jakarta.validation.ConstraintViolation;
import jakarta.validation.ConstraintViolationException;
import jakarta.ws.rs.NotAllowedException;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;

import org.jboss.logging.Logger;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;

import io.quarkus.security.AuthenticationFailedException;
import io.quarkus.security.ForbiddenException;
import io.quarkus.security.UnauthorizedException;

/** The application's one set of error mappers: every failure answers application/problem+json. */
public class ProblemMappers {

    private static final Logger LOG = Logger.getLogger(ProblemMappers.class);

    static Response answer(Problem problem) {
        Response.ResponseBuilder builder = Response.status(problem.status()).type(Problem.MEDIA_TYPE).entity(problem);
        if (problem.status() == 401) {
            builder.header("WWW-Authenticate", "Basic realm=\"velvet-rope\"");
        }
        return builder.build();
    }

    static Response answer(int status, String title, String detail) {
        return answer(new Problem("about:blank", title, status, detail, null, null, null));
    }

    @ServerExceptionMapper
    public Response problem(ProblemException e) {
        return answer(e.toProblem());
    }

    @ServerExceptionMapper
    public Response invalid(ConstraintViolationException e) {
        List<Problem.FieldError> errors = new ArrayList<>();
        for (ConstraintViolation<?> v : e.getConstraintViolations()) {
            errors.add(new Problem.FieldError(fieldOf(v.getPropertyPath().toString()), v.getMessage()));
        }
        errors.sort(Comparator.comparing(Problem.FieldError::field));
        return answer(ProblemException.invalid(errors).toProblem());
    }

    /** Bean validation paths look like {@code create.definition.regions[0].code}; clients want {@code regions[0].code}. */
    static String fieldOf(String path) {
        String[] parts = path.split("\\.", 3);
        return parts.length == 3 ? parts[2] : parts[parts.length - 1];
    }

    @ServerExceptionMapper({ JsonMappingException.class, MismatchedInputException.class })
    public Response unreadable(JsonMappingException e) {
        String field = e.getPath().isEmpty() ? null : pathOf(e.getPath());
        String detail = field == null ? "The request body is not valid JSON for this resource."
                : "The value of '" + field + "' has the wrong type or shape.";
        return answer(new Problem("about:blank", "Invalid request", 400, detail, field, null, null));
    }

    @ServerExceptionMapper({ JsonProcessingException.class, JsonParseException.class })
    public Response malformed(JsonProcessingException e) {
        return answer(400, "Invalid request", "The request body is not well-formed JSON.");
    }

    private static String pathOf(List<JsonMappingException.Reference> path) {
        StringBuilder sb = new StringBuilder();
        for (JsonMappingException.Reference ref : path) {
            if (ref.getFieldName() != null) {
                if (!sb.isEmpty()) {
                    sb.append('.');
                }
                sb.append(ref.getFieldName());
            } else if (ref.getIndex() >= 0) {
                sb.append('[').append(ref.getIndex()).append(']');
            }
        }
        return sb.toString();
    }

    @ServerExceptionMapper({ UnauthorizedException.class, AuthenticationFailedException.class })
    public Response unauthorized(RuntimeException e, UriInfo uri) {
        String path = uri.getPath();
        // People at the console's sign-in form or pages go back to the sign-in page, not to a JSON answer.
        if (path.startsWith("/j_security_check")) {
            return Response.seeOther(URI.create("/ops/login?error=1")).build();
        }
        if (path.equals("/ops") || path.startsWith("/ops/")) {
            return Response.seeOther(URI.create("/ops/login")).build();
        }
        return answer(401, "Unauthorized", "Sign in with a valid user name and password (HTTP Basic) or an API token.");
    }

    @ServerExceptionMapper
    public Response forbidden(ForbiddenException e) {
        return answer(403, "Forbidden", "Your roles do not allow this action.");
    }

    @ServerExceptionMapper
    public Response notFound(NotFoundException e) {
        return answer(404, "Not found", "There is nothing at this address.");
    }

    @ServerExceptionMapper
    public Response notAllowed(NotAllowedException e) {
        return answer(405, "Method not allowed", "This address does not accept that method.");
    }

    @ServerExceptionMapper
    public Response web(WebApplicationException e) {
        int status = e.getResponse().getStatus();
        String title = e.getResponse().getStatusInfo().getReasonPhrase();
        String detail = switch (status) {
            case 406 -> "None of the accepted media types can be produced here.";
            case 413 -> "The request body is too large.";
            case 415 -> "Send the body as application/json.";
            default -> status >= 500 ? "The server could not complete the request." : "The request was refused.";
        };
        return answer(status, title, detail);
    }

    @ServerExceptionMapper
    public Response unexpected(Exception e) {
        LOG.error("Unexpected failure answering a request", e);
        return answer(500, "Internal error", "The server could not complete the request; the failure is logged.");
    }
}
