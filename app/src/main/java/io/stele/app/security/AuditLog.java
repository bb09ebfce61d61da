package io.stele.app.security;

import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;
import java.time.Instant;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jboss.logging.Logger;

/**
 * The audit trail: one JSON line on the {@code stele.audit} logger for every write and export, and
 * for every request refused for want of credentials or of a role, written once the answer has gone.
 * Each line says who ({@code principal}, empty for nobody, and {@code role}), what ({@code method},
 * {@code path}), which artifact or subject ({@code artifact}, when the request names one) and the
 * outcome ({@code status}, and {@code outcome}: {@code success}, {@code refused} for 401 and 403,
 * {@code failed} for any other error). docs/security.md shows one.
 */
final class AuditLog {

    private static final Logger LOG = Logger.getLogger("stele.audit");

    /** An artifact or subject named by a path of either API or the console. */
    private static final Pattern NAMED = Pattern.compile(
            "(?:/api/artifacts|/ui/artifacts|(?:/apis/ccompat/v7)?/(?:subjects|config|mode|compatibility/subjects))/([^/]+).*");

    private static final String ARTIFACT_ID_HEADER = "X-Registry-ArtifactId";

    private AuditLog() {}

    /** Writes the request's line once its answer has been sent. */
    static void onEnd(RoutingContext ctx, Caller caller) {
        ctx.addEndHandler(ended -> write(ctx, caller));
    }

    private static void write(RoutingContext ctx, Caller caller) {
        int status = ctx.response().getStatusCode();
        JsonObject line = new JsonObject()
                .put("time", Instant.now().toString())
                .put("principal", caller.name())
                .put("role", caller.role().map(Enum::name).orElse(""))
                .put("method", ctx.request().method().name())
                .put("path", ctx.normalizedPath())
                .put("artifact", artifact(ctx))
                .put("status", status)
                .put("outcome", status < 400 ? "success" : status == 401 || status == 403 ? "refused" : "failed")
                .put(
                        "remote",
                        ctx.request().remoteAddress() == null
                                ? ""
                                : ctx.request().remoteAddress().hostAddress());
        LOG.info(line.encode());
    }

    private static String artifact(RoutingContext ctx) {
        Matcher named = NAMED.matcher(ctx.normalizedPath());
        if (named.matches()) {
            return io.vertx.core.net.impl.URIDecoder.decodeURIComponent(named.group(1), false);
        }
        String header = ctx.request().getHeader(ARTIFACT_ID_HEADER);
        return header == null ? "" : header;
    }
}
