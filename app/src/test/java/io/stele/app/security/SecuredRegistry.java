package io.stele.app.security;

import io.stele.storage.testkit.backends.Backend;
import io.stele.testservers.KeycloakServer;
import io.stele.testservers.RegistryProcess;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * The packaged registry on the embedded default with authentication on, pointed at the shared
 * Keycloak ({@link KeycloakServer#shared()}), and requests sent as one of its clients.
 */
public final class SecuredRegistry {

    public static final String AVRO =
            "{\"type\":\"record\",\"name\":\"User\",\"fields\":[{\"name\":\"id\",\"type\":\"long\"}]}";
    public static final String AVRO_2 =
            "{\"type\":\"record\",\"name\":\"User\",\"fields\":[{\"name\":\"id\",\"type\":\"long\"},"
                    + "{\"name\":\"email\",\"type\":\"string\",\"default\":\"\"}]}";

    private SecuredRegistry() {}

    /** Starts a registry with auth on and the given extra settings, logging to a new target/security/NAME.log. */
    public static RegistryProcess start(String name, Map<String, String> extra) {
        return prepare(name, extra).start();
    }

    /** A registry with auth on and the given extra settings, not yet started. */
    static RegistryProcess prepare(String name, Map<String, String> extra) {
        Map<String, String> settings = Backend.shared("embedded").newStore().replica(name);
        settings.put("stele.auth.enabled", "true");
        settings.put("stele.auth.server-url", KeycloakServer.shared().issuer());
        settings.putAll(extra);
        try {
            Path log = Files.createDirectories(Path.of("target", "security")).resolve(name + ".log");
            // a new registry's log begins empty: what a test reads in it is this registry's, not an
            // earlier build's in the same folder (the process appends, so that a restart keeps its log)
            Files.deleteIfExists(log);
            return new RegistryProcess(settings, log);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Creates an Avro artifact through the v1 API.
     *
     * @param authorization the {@code Authorization} header: {@link #bearer} or {@link KeycloakServer#basic}
     */
    public static HttpResponse<String> create(RegistryProcess registry, String authorization, String id) {
        return registry.send(
                "POST",
                "/api/artifacts",
                AVRO,
                "Authorization",
                authorization,
                "X-Registry-ArtifactId",
                id,
                "Content-Type",
                "application/json");
    }

    /** The {@code Authorization} header of a new token the realm gives this client. */
    public static String bearer(String client) {
        return "Bearer " + KeycloakServer.shared().token(client);
    }

    /** Sends a request as a client of the realm, with a bearer token it was given. */
    static HttpResponse<String> asBearer(
            RegistryProcess registry, String client, String method, String path, String body, String... headers) {
        return registry.send(method, path, body, with(headers, "Authorization", bearer(client)));
    }

    /** Sends a request as a client of the realm, with its id and secret as basic credentials. */
    static HttpResponse<String> asBasic(
            RegistryProcess registry, String client, String method, String path, String body, String... headers) {
        return registry.send(method, path, body, with(headers, "Authorization", KeycloakServer.basic(client)));
    }

    private static String[] with(String[] headers, String name, String value) {
        String[] all = new String[headers.length + 2];
        System.arraycopy(headers, 0, all, 0, headers.length);
        all[headers.length] = name;
        all[headers.length + 1] = value;
        return all;
    }
}
