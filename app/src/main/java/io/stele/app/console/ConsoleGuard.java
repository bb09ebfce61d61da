package io.stele.app.console;

import io.stele.app.security.ForgedRequestException;
import io.stele.app.security.Operation.Api;
import io.vertx.core.http.Cookie;
import io.vertx.core.http.CookieSameSite;
import io.vertx.ext.web.RoutingContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.core.MultivaluedMap;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.regex.Pattern;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;
import org.jboss.resteasy.reactive.server.ServerResponseFilter;
import org.jboss.resteasy.reactive.server.SimpleResourceInfo;

/**
 * What keeps another site from using a person's browser against the console, beside the refusal
 * of every cross-site write ({@code AccessControl}):
 *
 * <ul>
 *   <li>every form carries a token that must match the {@value #COOKIE} cookie, which the console
 *       sets on its pages ({@code HttpOnly}, {@code SameSite=Strict}, {@code Secure} under HTTPS):
 *       a page elsewhere can neither read it nor set it, so a form it posts lacks the token and is
 *       refused with 403 before anything is written ({@link #checkForm}, which every form of {@code
 *       ConsoleActions} calls first);
 *   <li>every page and answer of the console's forbids framing ({@code Content-Security-Policy:
 *       frame-ancestors 'none'}, {@code X-Frame-Options: DENY}), loads nothing but the registry's
 *       own files, is never sniffed as another type and sends no referrer to other sites.
 * </ul>
 */
public class ConsoleGuard {

    /** The cookie that holds the console's form token. */
    static final String COOKIE = "stele-csrf";

    /** The form field that repeats it. */
    static final String FIELD = "csrf";

    /** Where the request's token is kept for the page being rendered. */
    static final String TOKEN_KEY = "stele.console.token";

    private static final Pattern TOKEN = Pattern.compile("[A-Za-z0-9_-]{43}");
    private static final SecureRandom RANDOM = new SecureRandom();

    static final String POLICY =
            "default-src 'self'; frame-ancestors 'none'; form-action 'self'; base-uri 'none';" + " object-src 'none'";

    /**
     * Gives every console request the form token its page carries: the cookie's, or a new one set
     * with the answer when the browser has none.
     */
    @ServerRequestFilter
    public void issueToken(SimpleResourceInfo resource, RoutingContext ctx) {
        if (resource.getResourceClass() == null || Api.of(resource.getResourceClass()) != Api.CONSOLE) {
            return;
        }
        String token = cookieToken(ctx);
        if (token == null) {
            token = newToken();
            ctx.response()
                    .addCookie(Cookie.cookie(COOKIE, token)
                            .setPath("/ui")
                            .setHttpOnly(true)
                            .setSecure(ctx.request().isSSL())
                            .setSameSite(CookieSameSite.STRICT));
        }
        ctx.put(TOKEN_KEY, token);
    }

    /**
     * Checks a posted form's token against the cookie the browser sent with it; every console form
     * calls this before it writes or reads anything.
     *
     * @throws ForgedRequestException when either is missing or they differ
     */
    static void checkForm(RoutingContext ctx, String sent) {
        String token = cookieToken(ctx);
        if (token == null || sent == null || !same(sent, token)) {
            throw new ForgedRequestException("This form has expired or was not sent from the registry's console:"
                    + " open the page again and send it from there.");
        }
    }

    private static String cookieToken(RoutingContext ctx) {
        Cookie cookie = ctx.request().getCookie(COOKIE);
        return cookie != null && TOKEN.matcher(cookie.getValue()).matches() ? cookie.getValue() : null;
    }

    @ServerResponseFilter
    public void headers(SimpleResourceInfo resource, ContainerResponseContext response) {
        if (resource == null
                || resource.getResourceClass() == null
                || Api.of(resource.getResourceClass()) != Api.CONSOLE) {
            return;
        }
        MultivaluedMap<String, Object> headers = response.getHeaders();
        headers.putSingle("Content-Security-Policy", POLICY);
        headers.putSingle("X-Frame-Options", "DENY");
        headers.putSingle("X-Content-Type-Options", "nosniff");
        headers.putSingle("Referrer-Policy", "same-origin");
        headers.putSingle("Cache-Control", "no-store");
    }

    private static String newToken() {
        byte[] bytes = new byte[32];
        RANDOM.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    private static boolean same(String given, String token) {
        return MessageDigest.isEqual(given.getBytes(StandardCharsets.UTF_8), token.getBytes(StandardCharsets.UTF_8));
    }
}
