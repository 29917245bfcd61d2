package org.velvetrope.web;

import java.util.List;

/** A refusal that reaches the client as problem+json with a human sentence and the field at fault. */
public class ProblemException extends RuntimeException {

    private final int status;
    private final String title;
    private final String field;
    private final List<Problem.FieldError> errors;
    private final transient Object current;

    public ProblemException(int status, String title, String detail, String field, List<Problem.FieldError> errors,
            Object current) {
        super(detail, null, false, false);
        this.status = status;
        this.title = title;
        this.field = field;
        this.errors = errors;
        this.current = current;
    }

    public static ProblemException badRequest(String field, String detail) {
        return new ProblemException(400, "Invalid request", detail, field, List.of(new Problem.FieldError(field, detail)),
                null);
    }

    public static ProblemException invalid(List<Problem.FieldError> errors) {
        String detail = errors.size() == 1 ? errors.get(0).detail()
                : errors.size() + " fields are invalid: " + errors.get(0).detail() + " (and more)";
        return new ProblemException(400, "Invalid request", detail, errors.get(0).field(), errors, null);
    }

    public static ProblemException notFound(String detail) {
        return new ProblemException(404, "Not found", detail, null, null, null);
    }

    public static ProblemException conflict(String detail, Object current) {
        return new ProblemException(409, "Conflict", detail, null, null, current);
    }

    public Problem toProblem() {
        return new Problem("about:blank", title, status, getMessage(), field, errors, current);
    }

    public int status() {
        return status;
    }
}
