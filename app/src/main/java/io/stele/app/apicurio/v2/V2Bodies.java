package io.stele.app.apicurio.v2;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.stele.app.apicurio.v3.IdLookups.ArtifactReference;
import io.stele.app.apicurio.v3.Registrations;
import io.stele.app.apicurio.v3.Registrations.Sent;
import io.stele.storage.InvalidRequestException;
import io.vertx.core.http.HttpServerRequest;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.core.HttpHeaders;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Optional;

/**
 * A version's content as Apicurio 2.x sends it: the raw content as the body, or Apicurio's {@code
 * ArtifactContent} JSON (with references) when the media type is {@code [vnd.]create.extended+json}
 * or {@code [vnd.]get.extended+json}; its name and description in headers, each plain or
 * base64-encoded.
 */
@ApplicationScoped
public class V2Bodies {

    static final String NAME = "X-Registry-Name";
    static final String DESCRIPTION = "X-Registry-Description";
    static final String VERSION = "X-Registry-Version";
    static final String ENCODED = "-Encoded";

    /**
     * Apicurio v2 {@code ArtifactContent}: content with its references.
     *
     * @param content the content's text
     * @param references the versions it references, in the default group
     */
    public record ArtifactContent(String content, List<ArtifactReference> references) {}

    @Inject
    ObjectMapper json;

    /**
     * A version to write, from the request's body and headers.
     *
     * @param artifactType the type the request declares, or null
     * @throws InvalidRequestException when the request names a version, which Stele numbers itself,
     *     or a header or the body is malformed
     */
    public Sent sent(HttpServerRequest request, String artifactType, byte[] body) {
        String version = request.getHeader(VERSION);
        if (version != null) {
            throw new InvalidRequestException(VERSION + " '" + version
                    + "' cannot be kept: versions are numbered 1, 2, 3 and so on by the registry; omit it.");
        }
        String contentType = request.getHeader(HttpHeaders.CONTENT_TYPE);
        ArtifactContent content = content(contentType, body, "create");
        return new Sent(
                content.content(),
                Optional.ofNullable(artifactType),
                Optional.ofNullable(contentType).filter(type -> !extended(type)),
                content.references(),
                Registrations.meta(header(request, NAME), header(request, DESCRIPTION), null));
    }

    /** The body as content with references: parsed from Apicurio's JSON when the media type says so. */
    public ArtifactContent content(String contentType, byte[] body, String purpose) {
        byte[] bytes = body == null ? new byte[0] : body;
        if (contentType == null || !extended(contentType)) {
            return new ArtifactContent(new String(bytes, StandardCharsets.UTF_8), List.of());
        }
        if (!contentType.contains(purpose + ".extended+json")) {
            throw new InvalidRequestException(
                    "Content-Type '" + contentType + "' is not for this request: send " + purpose + ".extended+json.");
        }
        try {
            ArtifactContent content = json.readValue(bytes, ArtifactContent.class);
            if (content == null || content.content() == null) {
                throw new InvalidRequestException("The body must give the content, as {\"content\": ...}.");
            }
            return content;
        } catch (IOException e) {
            throw new InvalidRequestException(
                    "The body is not an ArtifactContent JSON object: {\"content\": ..., \"references\": [...]}.");
        }
    }

    private static boolean extended(String contentType) {
        return contentType.contains(".extended+json");
    }

    /** A metadata header's value: as sent, or from its base64-encoded twin. */
    private static String header(HttpServerRequest request, String name) {
        String encoded = request.getHeader(name + ENCODED);
        if (encoded == null) {
            return request.getHeader(name);
        }
        try {
            return new String(Base64.getDecoder().decode(encoded.trim()), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            throw new InvalidRequestException(name + ENCODED + " must be base64, was '" + encoded + "'.");
        }
    }
}
