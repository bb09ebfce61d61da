package io.stele.app.security;

import io.stele.testservers.RegistryProcess;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Posts the console's forms as a browser on the registry's own page would: with the form token the
 * page carried and the cookie it came with, as one caller.
 */
public final class ConsoleForms {

    private static final Pattern TOKEN = Pattern.compile("name=\"csrf\" value=\"([^\"]+)\"");
    private static final Pattern COOKIE = Pattern.compile("stele-csrf=([^;]+)");
    static final String BOUNDARY = "stele-form-boundary";

    private final RegistryProcess registry;
    private final String authorization;
    final String token;
    final String cookie;

    /**
     * Opens {@code page} as the caller with this {@code Authorization} header (null for none),
     * keeping its form token.
     */
    public ConsoleForms(RegistryProcess registry, String authorization, String page) {
        this.registry = registry;
        this.authorization = authorization;
        HttpResponse<String> opened = authorization == null
                ? registry.send("GET", page, null)
                : registry.send("GET", page, null, "Authorization", authorization);
        Matcher token = TOKEN.matcher(opened.body());
        Matcher cookie = COOKIE.matcher(String.join(";", opened.headers().allValues("Set-Cookie")));
        if (opened.statusCode() != 200 || !token.find() || !cookie.find()) {
            throw new IllegalStateException("the console's page " + page + " carried no form token: "
                    + opened.statusCode() + " " + opened.headers().map());
        }
        this.token = token.group(1);
        this.cookie = cookie.group(1);
    }

    /** Posts a URL-encoded form with the token; {@code extra} headers are names and values, alternating. */
    public HttpResponse<String> post(String path, String form, String... extra) {
        return send(path, form + "&csrf=" + token, "application/x-www-form-urlencoded", extra);
    }

    /** Posts a multipart form of these fields with the token. */
    HttpResponse<String> postMultipart(String path, Map<String, String> fields, String... extra) {
        StringBuilder body = new StringBuilder();
        fields.forEach((name, value) -> part(body, name, value));
        part(body, "csrf", token);
        body.append("--").append(BOUNDARY).append("--\r\n");
        return send(path, body.toString(), "multipart/form-data; boundary=" + BOUNDARY, extra);
    }

    /** Posts a URL-encoded form as is, without adding the token. */
    HttpResponse<String> postWithoutToken(String path, String form, String... extra) {
        return send(path, form, "application/x-www-form-urlencoded", extra);
    }

    private HttpResponse<String> send(String path, String body, String type, String... extra) {
        List<String> headers = new ArrayList<>(List.of("Content-Type", type, "Cookie", "stele-csrf=" + cookie));
        if (authorization != null) {
            headers.addAll(List.of("Authorization", authorization));
        }
        headers.addAll(List.of(extra));
        return registry.send("POST", path, body, headers.toArray(String[]::new));
    }

    private static void part(StringBuilder body, String name, String value) {
        body.append("--")
                .append(BOUNDARY)
                .append("\r\nContent-Disposition: form-data; name=\"")
                .append(name)
                .append("\"\r\n\r\n")
                .append(value)
                .append("\r\n");
    }
}
