package org.velvetrope.web;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonInclude;

/** An RFC 9457 problem detail, as every error of the API is answered. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Problem(String type, String title, int status, String detail, String field, List<FieldError> errors,
        Object current) {

    public static final String MEDIA_TYPE = "application/problem+json";

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record FieldError(String field, String detail) {
    }
}
