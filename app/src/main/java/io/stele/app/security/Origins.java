package io.stele.app.security;

import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.net.HostAndPort;
import java.net.URI;
import java.net.URISyntaxException;

/**
 * Tells a request a browser sent from another site: one whose {@code Sec-Fetch-Site} says {@code
 * cross-site} or {@code same-site}, or whose {@code Origin} names another host or port than the
 * request was sent to. Browsers set both headers themselves, and pages cannot forge them; the
 * registry's clients (serializers, SDKs, scripts) send neither. Refusing such writes is what keeps a
 * page elsewhere from using a signed-in person's browser to change the registry (cross-site request
 * forgery), whatever credentials the browser would add.
 */
final class Origins {

    private static final String SEC_FETCH_SITE = "Sec-Fetch-Site";
    private static final String ORIGIN = "Origin";

    private Origins() {}

    static boolean isCrossSite(HttpServerRequest request) {
        String site = request.getHeader(SEC_FETCH_SITE);
        if (site != null && (site.equalsIgnoreCase("cross-site") || site.equalsIgnoreCase("same-site"))) {
            return true;
        }
        String origin = request.getHeader(ORIGIN);
        return origin != null && !isSameOrigin(origin.trim(), request);
    }

    /**
     * Whether the origin names the host and port the request was sent to. The scheme is left out:
     * behind a proxy that ends TLS the registry sees plain HTTP from pages served over HTTPS, and
     * one host and port serve one scheme. Default ports (80, 443) count as none.
     */
    private static boolean isSameOrigin(String origin, HttpServerRequest request) {
        URI uri;
        try {
            uri = new URI(origin);
        } catch (URISyntaxException e) {
            return false; // "null" from a sandboxed or privacy-sensitive context, or nonsense
        }
        HostAndPort authority = request.authority();
        if (uri.getHost() == null || authority == null) {
            return false;
        }
        return uri.getHost().equalsIgnoreCase(authority.host()) && port(uri.getPort()) == port(authority.port());
    }

    private static int port(int port) {
        return port == 80 || port == 443 ? -1 : port;
    }
}
