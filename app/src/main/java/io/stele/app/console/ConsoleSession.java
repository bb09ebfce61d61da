package io.stele.app.console;

import io.quarkus.vertx.http.runtime.CurrentVertxRequest;
import io.stele.app.security.AuthConfig;
import io.stele.app.security.Caller;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import jakarta.inject.Singleton;

/**
 * Who is signed in to the console and the token its forms carry, for the pages' templates
 * ({@code {inject:consoleSession.name}}): read from the request being rendered.
 */
@Singleton
@Named("consoleSession")
public class ConsoleSession {

    @Inject
    CurrentVertxRequest request;

    @Inject
    AuthConfig config;

    /** The form token of the request being rendered ({@link ConsoleGuard}). */
    public String csrf() {
        Object token =
                request.getCurrent() == null ? null : request.getCurrent().get(ConsoleGuard.TOKEN_KEY);
        return token == null ? "" : token.toString();
    }

    /** Whether someone is signed in: authentication is on and the request named a caller. */
    public boolean signedIn() {
        return !Caller.current().name().isEmpty();
    }

    /** The signed-in caller's name. */
    public String name() {
        return Caller.current().name();
    }

    /** The highest of the registry's roles the caller holds, as the provider names it; "no role" for none. */
    public String role() {
        return Caller.current().role().map(config::nameOf).orElse("no role");
    }

    /** Whether the console signs people in itself, and so can sign them out. */
    public boolean signsOut() {
        return config.enabled() && config.console().clientId().isPresent();
    }
}
