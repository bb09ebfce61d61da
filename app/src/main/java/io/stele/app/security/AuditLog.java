package io.stele.app.security;

import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;
import java.time.Instant;
import org.jboss.logging.Logger;

/**
 * The audit trail: one JSON line on the {@code stele.audit} logger for every write and export, and
 * for every request refused for want of credentials or of a role or for its form, written once the
 * answer has gone. Each line says who ({@code principal}, empty for nobody, and {@code role}), what
 * ({@code operation}, the one the router matched, as {@code PUT /config}; empty when the request was
 * refused before any was; and {@code method}, {@code path}), which artifact or subject ({@code
 * artifact}, as the matched operation's path parameter names it, or {@code X-Registry-ArtifactId}
 * when it creates one) and the outcome ({@code status}, and {@code outcome}: {@code success}, {@code
 * refused} for 401 and 403, {@code failed} for any other error). docs/security.md shows one.
 */
final class AuditLog {

    private static final Logger LOG = Logger.getLogger("stele.audit");

    private static final String ARTIFACT_ID_HEADER = "X-Registry-ArtifactId";

    private AuditLog() {}

    /**
     * Writes the request's line once its answer has been sent.
     *
     * @param operation the matched operation's name, empty when none was matched
     * @param artifact the artifact or subject the operation's path names, empty for none
     */
    static void onEnd(RoutingContext ctx, Caller caller, String operation, String artifact) {
        if (LOG.isInfoEnabled()) { // else nothing is written, and the line need not be made
            ctx.addEndHandler(ended -> write(ctx, caller, operation, artifact));
        }
    }

    private static void write(RoutingContext ctx, Caller caller, String operation, String artifact) {
        int status = ctx.response().getStatusCode();
        String header = ctx.request().getHeader(ARTIFACT_ID_HEADER);
        JsonObject line = new JsonObject()
                .put("time", Instant.now().toString())
                .put("principal", caller.name())
                .put("role", caller.role().map(Enum::name).orElse(""))
                .put("operation", operation)
                .put("method", ctx.request().method().name())
                .put("path", ctx.normalizedPath())
                .put("artifact", artifact.isEmpty() && header != null ? header : artifact)
                .put("status", status)
                .put("outcome", status < 400 ? "success" : status == 401 || status == 403 ? "refused" : "failed")
                .put(
                        "remote",
                        ctx.request().remoteAddress() == null
                                ? ""
                                : ctx.request().remoteAddress().hostAddress());
        LOG.info(line.encode());
    }
}
