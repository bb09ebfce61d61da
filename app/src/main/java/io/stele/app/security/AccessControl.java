package io.stele.app.security;

import io.stele.app.security.Operation.Api;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * Who may do what, in two steps. First, ahead of every route of the registry's, a route that
 * refuses what no operation may be sent as (a {@code ;} in the path; a write sent from another
 * site, {@link Origins}) and, with authentication on, finds who the caller is: it verifies the
 * request's credentials ({@link Identities}) or the console's sign-in ({@link WebSignIn}) and binds
 * the {@link Caller}, refusing nothing for want of them. Then, once the router has matched the
 * operation, {@link #decide} compares the caller with the role the operation declares ({@link
 * Needs}, {@link Operation}): for JAX-RS in {@link AccessFilter}, for the registry's own routes in
 * the route itself. So the role checked is the one of the operation served, whatever form of the
 * path named it, and no table of paths stands beside the operations.
 *
 * <p>Writes, exports and refusals are written to the audit trail ({@link AuditLog}), naming the
 * operation, whether authentication is on or off. Nothing here blocks: a first verification pauses
 * the request and resumes it on the request's context once the verdict is in; a verdict seen before
 * costs one look-up.
 */
@Singleton
public class AccessControl {

    private static final String VERDICT = "stele.verdict";

    /** What the credentials a request carried were found to be: a caller, or why they were refused. */
    private record Verdict(Caller caller, RuntimeException refusal) {}

    @Inject
    AuthConfig config;

    @Inject
    Identities identities;

    @Inject
    WebSignIn webSignIn;

    void register(@Observes Router router) {
        if (config.enabled() && config.serverUrl().isEmpty()) {
            throw new IllegalStateException(
                    "stele.auth.enabled=true needs stele.auth.server-url, the identity provider's issuer URL");
        }
        RouteDeclarations.passing(router.route().order(RouteOrder.ACCESS.order()))
                .handler(this::handle);
    }

    private void handle(RoutingContext ctx) {
        HttpServerRequest request = ctx.request();
        if (request.path().indexOf(';') >= 0) {
            refuseUnmatched(
                    ctx,
                    Refusal.badRequest(
                            Api.ofPath(ctx.normalizedPath()),
                            "A path may not carry parameters after ';': send a ';' in an id or subject as %3B."));
            return;
        }
        HttpMethod verb = request.method();
        if (verb != HttpMethod.GET
                && verb != HttpMethod.HEAD
                && verb != HttpMethod.OPTIONS
                && Origins.isCrossSite(request)) {
            refuseUnmatched(
                    ctx,
                    Refusal.forbidden(
                            Api.ofPath(ctx.normalizedPath()),
                            "A change sent from another site is refused: it must come from the registry's own"
                                    + " pages or from a client that sends no Origin."));
            return;
        }
        if (!config.enabled()) {
            ctx.next(); // nobody signs in: each operation still decides whether to audit
            return;
        }
        String authorization = request.getHeader(HttpHeaders.AUTHORIZATION);
        CompletableFuture<Caller> caller;
        if (authorization != null) {
            caller = identities.caller(ctx, authorization);
        } else if (webSignIn.carriesSession(ctx)) {
            caller = webSignIn.caller(ctx);
        } else {
            ctx.next(); // anonymous: the operation decides whether it may go on
            return;
        }
        if (caller.isDone()) {
            settle(ctx, caller);
            return;
        }
        Context context = Vertx.currentContext();
        // a body still to come waits for the verdict; an ended request (an HTTP/2 one cannot be
        // paused once ended) has nothing more to read
        boolean paused = !request.isEnded();
        if (paused) {
            request.pause();
        }
        caller.whenComplete((done, failure) -> context.runOnContext(ignored -> {
            if (paused) {
                request.resume();
            }
            settle(ctx, caller);
        }));
    }

    private void settle(RoutingContext ctx, CompletableFuture<Caller> verdict) {
        if (ctx.response().ended()) {
            return; // the sign-in answered itself (a redirect of its own flow)
        }
        try {
            Caller caller = verdict.join();
            if (caller != Caller.ANONYMOUS) { // a session that named nobody any longer is anonymous
                caller.bind();
                ctx.put(VERDICT, new Verdict(caller, null));
            }
        } catch (CompletionException e) {
            RuntimeException cause = e.getCause() instanceof RuntimeException runtime
                    ? runtime
                    : new ProviderUnavailableException("The credentials could not be verified.", e.getCause());
            ctx.put(VERDICT, new Verdict(null, cause));
        }
        ctx.next();
    }

    /** Refuses a request that came after the registry's drain, with 503 in its API's error body. */
    public static void refuseWhileStopping(RoutingContext ctx) {
        refuseUnmatched(ctx, Refusal.stopping(Api.ofPath(ctx.normalizedPath())));
    }

    private static void refuseUnmatched(RoutingContext ctx, Refusal refusal) {
        AuditLog.onEnd(ctx, Caller.ANONYMOUS, "", "");
        refusal.send(ctx);
    }

    /**
     * Whether the request may run {@code operation}, deciding nothing and writing nothing: what a
     * route that answers from memory asks before it answers, leaving any other request to the
     * operation's resource method, which refuses it.
     */
    public boolean admits(RoutingContext ctx, Operation operation) {
        if (!config.enabled() || operation.needs().isEmpty()) {
            return true;
        }
        Verdict verdict = ctx.get(VERDICT);
        Role needed = operation.needs().get();
        if (verdict == null) {
            return config.anonymousReads() && needed == Role.READ_ONLY;
        }
        return verdict.caller() != null && verdict.caller().allows(needed);
    }

    /**
     * As {@link #admits}, for a route that answers an audited operation (a write's) from memory:
     * when the request is admitted, its audit line is arranged as the operation's resource method
     * would arrange it, so that an answer from memory is audited as any other.
     */
    public boolean admitsAudited(RoutingContext ctx, Operation operation) {
        if (!admits(ctx, operation)) {
            return false;
        }
        decide(ctx, operation, "");
        return true;
    }

    /**
     * Decides whether the request may run the operation the router matched: empty to go on (its
     * audit line arranged, if it is audited), or the refusal to answer (its audit line arranged).
     *
     * @param artifact the artifact or subject the request names, empty for none
     */
    Optional<Refusal> decide(RoutingContext ctx, Operation operation, String artifact) {
        if (operation.needs().isEmpty()) {
            return Optional.empty();
        }
        Role needed = operation.needs().get();
        Verdict verdict = config.enabled() ? ctx.get(VERDICT) : new Verdict(Caller.ANONYMOUS, null);
        Optional<Refusal> refusal = refusal(verdict, needed, operation.api());
        if (refusal.isPresent() || operation.audited()) {
            Caller caller = verdict == null || verdict.caller() == null ? Caller.ANONYMOUS : verdict.caller();
            AuditLog.onEnd(ctx, caller, operation.name(), artifact);
        }
        return refusal;
    }

    /**
     * Decides as {@link #decide} does, for a route of the registry's own, and answers a refusal:
     * true when the route may go on.
     */
    public boolean enter(RoutingContext ctx, Operation operation) {
        Optional<Refusal> refusal = decide(ctx, operation, "");
        refusal.ifPresent(refused -> refused.send(ctx));
        return refusal.isEmpty();
    }

    /**
     * Whether the request is anonymous, may not run the operation so, and the console may send it
     * to sign in instead of refusing it.
     */
    boolean signsIn(RoutingContext ctx, Operation operation) {
        return config.enabled()
                && operation.api() == Api.CONSOLE
                && ctx.get(VERDICT) == null
                && webSignIn.enabled()
                && !admits(ctx, operation);
    }

    private Optional<Refusal> refusal(Verdict verdict, Role needed, Api api) {
        if (!config.enabled()) {
            return Optional.empty();
        }
        if (verdict == null) {
            if (config.anonymousReads() && needed == Role.READ_ONLY) {
                return Optional.empty();
            }
            return Optional.of(Refusal.unauthenticated(
                    api,
                    "This operation needs credentials: a bearer token or basic credentials.",
                    config.basic().enabled()));
        }
        if (verdict.refusal() != null) {
            if (verdict.refusal() instanceof NotAuthenticatedException refused) {
                return Optional.of(Refusal.unauthenticated(
                        api, refused.getMessage(), config.basic().enabled()));
            }
            return Optional.of(Refusal.providerUnavailable(
                    api, "The identity provider could not be reached to verify the credentials; retry later."));
        }
        Caller caller = verdict.caller();
        if (!caller.allows(needed)) {
            return Optional.of(Refusal.forbidden(
                    api,
                    "'" + caller.name() + "' may not do this: it needs the " + config.nameOf(needed)
                            + " role or a higher one."));
        }
        return Optional.empty();
    }
}
