package io.stele.app.security;

import io.stele.app.metrics.RequestTimer;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * Decides, before any of the registry's routes or resources runs, whether a request may go on: it
 * finds the least role the operation needs ({@link Permissions}), verifies the request's credentials
 * ({@link Identities}) and answers 401 or 403 itself, in the API's error body ({@link Refusals}).
 * A request that goes on carries its {@link Caller}, which the storage layer stamps on what it writes
 * and checks ownership against. Writes, exports and refusals are written to the audit trail ({@link
 * AuditLog}), whether authentication is on or off.
 *
 * <p>It runs ahead of the answers served from memory, so they are covered too; a request whose
 * credentials were verified before costs one look-up. Nothing here blocks: a first verification
 * pauses the request and resumes it on the request's context once the verdict is in.
 */
@Singleton
public class AccessControl {

    /** Ahead of every route of the registry's, the cached answers included. */
    public static final int ORDER = RequestTimer.ORDER - 100;

    /** The one read that is audited: an export. */
    private static final String EXPORT = "/api/admin/";

    @Inject
    AuthConfig config;

    @Inject
    Identities identities;

    void register(@Observes Router router) {
        if (config.enabled() && config.serverUrl().isEmpty()) {
            throw new IllegalStateException(
                    "stele.auth.enabled=true needs stele.auth.server-url, the identity provider's issuer URL");
        }
        router.route().order(ORDER).handler(this::handle);
    }

    private void handle(RoutingContext ctx) {
        HttpMethod verb = ctx.request().method();
        String path = ctx.normalizedPath();
        if (!config.enabled() && (verb == HttpMethod.GET || verb == HttpMethod.HEAD) && !path.startsWith(EXPORT)) {
            ctx.next(); // with authentication off, a read is neither checked nor audited
            return;
        }
        Optional<Role> needed = Permissions.required(verb.name(), path);
        boolean audited = Permissions.isAudited(needed);
        if (!config.enabled() || needed.isEmpty()) {
            if (audited) {
                AuditLog.onEnd(ctx, Caller.ANONYMOUS);
            }
            ctx.next();
            return;
        }
        String authorization = ctx.request().getHeader(HttpHeaders.AUTHORIZATION);
        if (authorization == null) {
            if (config.anonymousReads() && needed.get() == Role.READ_ONLY) {
                ctx.next();
                return;
            }
            AuditLog.onEnd(ctx, Caller.ANONYMOUS);
            Refusals.unauthenticated(
                    ctx,
                    "This operation needs credentials: a bearer token or basic credentials.",
                    config.basic().enabled());
            return;
        }
        CompletableFuture<Caller> caller = identities.caller(ctx, authorization);
        if (caller.isDone()) {
            decide(ctx, needed.get(), audited, caller);
            return;
        }
        Context context = Vertx.currentContext();
        // a body still to come waits for the verdict; an ended request (an HTTP/2 one cannot be
        // paused once ended) has nothing more to read
        boolean paused = !ctx.request().isEnded();
        if (paused) {
            ctx.request().pause();
        }
        caller.whenComplete((done, failure) -> context.runOnContext(ignored -> {
            if (paused) {
                ctx.request().resume();
            }
            decide(ctx, needed.get(), audited, caller);
        }));
    }

    private void decide(RoutingContext ctx, Role needed, boolean audited, CompletableFuture<Caller> verdict) {
        Caller caller;
        try {
            caller = verdict.join();
        } catch (CompletionException e) {
            AuditLog.onEnd(ctx, Caller.ANONYMOUS);
            if (e.getCause() instanceof NotAuthenticatedException refused) {
                Refusals.unauthenticated(
                        ctx, refused.getMessage(), config.basic().enabled());
            } else {
                Refusals.providerUnavailable(
                        ctx, "The identity provider could not be reached to verify the credentials; retry later.");
            }
            return;
        }
        if (!caller.allows(needed)) {
            AuditLog.onEnd(ctx, caller);
            Refusals.forbidden(
                    ctx,
                    "'" + caller.name() + "' may not do this: it needs the " + roleName(needed)
                            + " role or a higher one.");
            return;
        }
        caller.bind();
        if (audited) {
            AuditLog.onEnd(ctx, caller);
        }
        ctx.next();
    }

    private String roleName(Role role) {
        return switch (role) {
            case READ_ONLY -> config.roles().readOnly();
            case DEVELOPER -> config.roles().developer();
            case ADMIN -> config.roles().admin();
        };
    }
}
