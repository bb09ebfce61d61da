package io.stele.app.apicurio.v1;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import io.stele.app.artifacts.ContentTooLargeException;
import io.stele.app.http.AllowedMethods;
import io.stele.app.http.BodyNotDecodable;
import io.stele.app.http.BodyTooLarge;
import io.stele.app.http.ClientLeft;
import io.stele.app.http.NotEnabledException;
import io.stele.app.mode.ReadOnlyException;
import io.stele.app.rules.InvalidContentException;
import io.stele.app.rules.ParserMessages;
import io.stele.app.rules.RuleViolationException;
import io.stele.app.security.ForgedRequestException;
import io.stele.app.security.NotOwnerException;
import io.stele.app.security.Operation.Api;
import io.stele.storage.AlreadyExistsException;
import io.stele.storage.ConflictException;
import io.stele.storage.InvalidRequestException;
import io.stele.storage.NotFoundException;
import io.stele.storage.ReferenceExistsException;
import io.stele.storage.RuleType;
import io.stele.storage.StorageUnavailableException;
import io.vertx.core.http.HttpServerRequest;
import jakarta.inject.Inject;
import jakarta.ws.rs.NotAllowedException;
import jakarta.ws.rs.NotSupportedException;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.jboss.logging.Logger;
import org.jboss.resteasy.reactive.common.util.URLUtils;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/**
 * Every failure becomes a JSON {@link ErrorBody} with the status a client can act on. A 500 means a
 * bug: it is logged with its stack trace, which never reaches the client.
 */
public class ErrorMappers {

    private static final Logger LOG = Logger.getLogger(ErrorMappers.class);

    @Inject
    AllowedMethods allowedMethods;

    /**
     * The status a failure answers with, for code outside JAX-RS (Vert.x routes) that must answer
     * as the mappers below do; 500 for anything unexpected.
     */
    public static int status(Throwable e) {
        if (e instanceof InvalidRequestException || e instanceof InvalidContentException) {
            return Response.Status.BAD_REQUEST.getStatusCode();
        }
        if (e instanceof NotFoundException) {
            return Response.Status.NOT_FOUND.getStatusCode();
        }
        if (e instanceof AlreadyExistsException
                || e instanceof ConflictException
                || e instanceof ReferenceExistsException
                || e instanceof RuleViolationException
                || e instanceof ReadOnlyException) {
            return Response.Status.CONFLICT.getStatusCode();
        }
        if (e instanceof ContentTooLargeException) {
            return Response.Status.REQUEST_ENTITY_TOO_LARGE.getStatusCode();
        }
        if (e instanceof StorageUnavailableException) {
            return Response.Status.SERVICE_UNAVAILABLE.getStatusCode();
        }
        if (e instanceof NotEnabledException) {
            return Response.Status.METHOD_NOT_ALLOWED.getStatusCode();
        }
        if (e instanceof NotOwnerException || e instanceof ForgedRequestException) {
            return Response.Status.FORBIDDEN.getStatusCode();
        }
        return Response.Status.INTERNAL_SERVER_ERROR.getStatusCode();
    }

    private static final String UNAVAILABLE = "The storage backend is unavailable; retry later.";
    private static final String UNEXPECTED = "An unexpected error occurred; it has been logged.";

    /**
     * The message the API answers a failure with, for pages that show it as the API states it: the
     * failure's own, except an outage's and an unexpected failure's, which say nothing of the cause.
     */
    public static String message(Throwable e) {
        if (e instanceof StorageUnavailableException) {
            return UNAVAILABLE;
        }
        return status(e) == Response.Status.INTERNAL_SERVER_ERROR.getStatusCode() ? UNEXPECTED : e.getMessage();
    }

    /** The kind of a failure as Apicurio's v2 and v3 clients know it, or null: for Vert.x routes. */
    public static String name(Throwable e) {
        return e instanceof RuntimeException r ? ApicurioErrorNames.of(r) : null;
    }

    static Response error(String path, Response.Status status, String message) {
        return error(path, status.getStatusCode(), message, null);
    }

    /**
     * An error in the shape of the API the path belongs to: Apicurio's v2 {@code Error} or v3 {@code
     * ProblemDetails} under {@code /apis/registry}, else the v1 API's {@link ErrorBody}.
     *
     * @param name the kind of error as Apicurio's v2 and v3 clients know it, or null
     */
    static Response error(String path, int status, String message, String name) {
        Api api = Api.ofPath(path);
        Object body = api == Api.REGISTRY_V2 || api == Api.REGISTRY_V3
                ? api.errorBody(status, message, name)
                : new ErrorBody(status, message);
        return Response.status(status)
                .type(MediaType.APPLICATION_JSON_TYPE)
                .entity(body)
                .build();
    }

    private static Response error(HttpServerRequest request, Response.Status status, String message) {
        return error(request.path(), status.getStatusCode(), message, null);
    }

    private static Response error(HttpServerRequest request, int status, String message) {
        return error(request.path(), status, message, null);
    }

    private static Response error(HttpServerRequest request, RuntimeException e) {
        return error(request.path(), status(e), e.getMessage(), ApicurioErrorNames.of(e));
    }

    @ServerExceptionMapper
    public Response notFound(NotFoundException e, HttpServerRequest request) {
        return error(request, e);
    }

    @ServerExceptionMapper
    public Response alreadyExists(AlreadyExistsException e, HttpServerRequest request) {
        return error(request, e);
    }

    @ServerExceptionMapper
    public Response conflict(ConflictException e, HttpServerRequest request) {
        return error(request, e);
    }

    @ServerExceptionMapper
    public Response referenced(ReferenceExistsException e, HttpServerRequest request) {
        return error(request, e);
    }

    @ServerExceptionMapper
    public Response notOwner(NotOwnerException e, HttpServerRequest request) {
        return error(request, e);
    }

    @ServerExceptionMapper
    public Response readOnly(ReadOnlyException e, HttpServerRequest request) {
        return error(request, e);
    }

    @ServerExceptionMapper
    public Response ruleViolation(RuleViolationException e, HttpServerRequest request) {
        if (Api.ofPath(request.path()) != Api.V1) {
            return error(request, e);
        }
        List<ErrorBody.Cause> causes = e.causes().stream()
                .map(c -> new ErrorBody.Cause(c.message(), c.location()))
                .toList();
        return Response.status(Response.Status.CONFLICT)
                .type(MediaType.APPLICATION_JSON_TYPE)
                .entity(new ErrorBody(Response.Status.CONFLICT.getStatusCode(), e.getMessage(), causes))
                .build();
    }

    @ServerExceptionMapper
    public Response invalidRequest(InvalidRequestException e, HttpServerRequest request) {
        return error(request, e);
    }

    @ServerExceptionMapper
    public Response invalidContent(InvalidContentException e, HttpServerRequest request) {
        return error(request, e);
    }

    @ServerExceptionMapper
    public Response tooLarge(ContentTooLargeException e, HttpServerRequest request) {
        return error(request, e);
    }

    @ServerExceptionMapper
    public Response unavailable(StorageUnavailableException e, HttpServerRequest request) {
        // The backend's own lifecycle logs the outage once; a line per refused request would flood the log.
        LOG.debug(e.getMessage());
        return error(request, Response.Status.SERVICE_UNAVAILABLE, UNAVAILABLE);
    }

    @ServerExceptionMapper({JsonProcessingException.class, JsonParseException.class, MismatchedInputException.class})
    public Response badJson(JsonProcessingException e, HttpServerRequest request) {
        String reason = e instanceof MismatchedInputException m && m.getTargetType() != null
                ? expected(m, Api.ofPath(request.path()))
                : ParserMessages.json(e);
        return error(
                request,
                Response.Status.BAD_REQUEST,
                "The request body is not valid JSON of the expected shape: " + reason);
    }

    /** What a field (or the whole body) must be, in JSON's terms rather than Java's types. */
    private static String expected(MismatchedInputException e, Api api) {
        String field = e.getPath().stream()
                .map(r -> r.getFieldName() != null ? r.getFieldName() : "[" + r.getIndex() + "]")
                .collect(Collectors.joining("."));
        Class<?> type = e.getTargetType();
        String what = type == RuleType.class
                ? "one of " + (api == Api.V1 ? RuleEndpoints.V1_RULES : RuleEndpoints.RULES) // MODE is not theirs
                : type.isEnum()
                        ? "one of " + Arrays.toString(type.getEnumConstants())
                        : CharSequence.class.isAssignableFrom(type)
                                ? "a string"
                                : Number.class.isAssignableFrom(type) || type.isPrimitive() && type != boolean.class
                                        ? "a number"
                                        : type == Boolean.class || type == boolean.class
                                                ? "true or false"
                                                : Collection.class.isAssignableFrom(type) || type.isArray()
                                                        ? "an array"
                                                        : "a JSON object";
        String was = e instanceof InvalidFormatException invalid ? ", was '" + invalid.getValue() + "'" : "";
        JsonLocation at = e.getLocation();
        return (field.isEmpty() ? "the body" : "'" + field + "'") + " must be " + what + was
                + (at == null ? "" : " (line " + at.getLineNr() + ", column " + at.getColumnNr() + ")") + ".";
    }

    /** A JSON body sent as another media type: the resource has nothing to read it with. */
    @ServerExceptionMapper
    public Response unsupportedType(NotSupportedException e, HttpServerRequest request) {
        return error(
                request,
                Response.Status.UNSUPPORTED_MEDIA_TYPE,
                "This endpoint reads a JSON body: send it with Content-Type: application/json.");
    }

    /** An operation left off by configuration: 405, allowing the path's other methods. */
    @ServerExceptionMapper
    public Response notEnabled(NotEnabledException e, HttpServerRequest request) {
        Set<String> allowed = new TreeSet<>(allowedMethods.of(request.path()));
        allowed.remove(request.method().name());
        return Response.fromResponse(error(request, e)).allow(allowed).build();
    }

    /** A 405 names the methods the path allows, as RFC 9110 requires, in the header and the message. */
    @ServerExceptionMapper
    public Response notAllowed(NotAllowedException e, HttpServerRequest request) {
        Set<String> allowed = allowedMethods.of(request.path());
        Response answer = error(
                request,
                Response.Status.METHOD_NOT_ALLOWED,
                request.method() + " is not allowed on " + request.path() + "; it allows " + String.join(", ", allowed)
                        + ".");
        return Response.fromResponse(answer).allow(allowed).build();
    }

    @ServerExceptionMapper
    public Response web(WebApplicationException e, HttpServerRequest request) {
        if (e.getCause() instanceof JsonProcessingException json) { // a body the JSON reader could not parse
            return badJson(json, request);
        }
        if (e instanceof jakarta.ws.rs.NotFoundException) { // no resource: say so, not how the router looked
            return error(request, Response.Status.NOT_FOUND, "Not Found: nothing is served at " + request.path() + ".");
        }
        int status = e.getResponse().getStatus();
        if (status == Response.Status.NOT_ACCEPTABLE.getStatusCode()) { // in the user's terms, not the router's
            return error(request, status, "Nothing here is served as a media type the Accept header names.");
        }
        if (status >= 500) {
            LOG.error("Request failed", e);
        }
        String message = e.getMessage() == null || e.getMessage().isBlank()
                ? Response.Status.fromStatusCode(status) + ""
                : e.getMessage();
        return error(request, status, message);
    }

    /**
     * A URL-encoded form whose percent-encoding is broken ({@code name=%zz}) fails while the form is
     * decoded, before any resource runs: the client's error. Any other such failure is a bug.
     */
    @ServerExceptionMapper
    public Response illegalArgument(IllegalArgumentException e, HttpServerRequest request) {
        for (StackTraceElement frame : e.getStackTrace()) {
            if (frame.getClassName().equals(URLUtils.class.getName())) {
                return error(
                        request,
                        Response.Status.BAD_REQUEST,
                        "The form is not valid URL encoding: a '%' must be followed by two hexadecimal digits.");
            }
        }
        return unexpected(e, request);
    }

    @ServerExceptionMapper
    public Response unexpected(Throwable e, HttpServerRequest request) {
        if (ClientLeft.is(e)) { // the client left, or the registry stops: nobody reads an answer
            LOG.debug("A request's connection closed before its body was read", e);
            return error(
                    request, Response.Status.BAD_REQUEST, "The connection closed before the request's body was read.");
        }
        if (BodyTooLarge.is(e)) { // answered 413 by the HTTP layer already, which closes the connection
            LOG.debug("A request's body passed quarkus.http.limits.max-body-size as it was read", e);
            return error(
                    request,
                    Response.Status.REQUEST_ENTITY_TOO_LARGE,
                    "The request body is larger than the server reads (quarkus.http.limits.max-body-size).");
        }
        if (BodyNotDecodable.is(e)) {
            LOG.debug("A request's body did not decode as its Content-Encoding says", e);
            return error(
                    request,
                    Response.Status.BAD_REQUEST,
                    "The request body is not valid for its Content-Encoding (gzip or deflate).");
        }
        LOG.error("Unexpected failure while serving a request", e);
        return error(request, Response.Status.INTERNAL_SERVER_ERROR, UNEXPECTED);
    }
}
