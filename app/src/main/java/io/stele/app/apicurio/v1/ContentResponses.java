package io.stele.app.apicurio.v1;

import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import io.stele.app.cache.CachedAnswer;
import io.stele.app.storage.StorageProvider;
import io.stele.storage.ArtifactType;
import io.stele.storage.NotFoundException;
import io.stele.storage.StoredContent;
import io.stele.storage.StoredVersion;
import io.stele.storage.VersionState;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Answers with a version's content when {@link CachedContentRoutes} could not, on a worker thread,
 * through the read cache. Content is sent as stored, with its
 * SHA-256 as a strong ETag; a matching If-None-Match gets 304 and no body.
 */
@ApplicationScoped
public class ContentResponses {

    static final String DEPRECATED = "X-Registry-Deprecated";
    static final String VERSION = "X-Registry-Version";

    @Inject
    StorageProvider provider;

    /**
     * The latest version's content, loaded and kept for the hot path ({@link CachedContentRoutes}
     * answers it once cached).
     */
    public Uni<Response> latest(String artifactId, String ifNoneMatch) {
        return blocking(() -> {
            CachedAnswer answer = provider.answers().latestAnswer(artifactId);
            return response(answer.version(), answer.body(), answer.etag(), ifNoneMatch);
        });
    }

    /** A version's content, loaded on a worker thread unless cached. */
    public Uni<Response> version(Supplier<StoredVersion> version, String ifNoneMatch) {
        return blocking(() -> content(version.get(), ifNoneMatch));
    }

    private static <T> Uni<T> blocking(Supplier<T> work) {
        return Uni.createFrom().item(work).runSubscriptionOn(Infrastructure.getDefaultWorkerPool());
    }

    private Response content(StoredVersion version, String ifNoneMatch) {
        StoredContent content = servable(version);
        return response(version, content.content().bytes(), CachedAnswer.etag(content), ifNoneMatch);
    }

    /**
     * The content of a version that may be served, read on the calling thread, which may block.
     *
     * @throws NotFoundException for a DISABLED version
     */
    public StoredContent servable(StoredVersion version) {
        if (version.state() == VersionState.DISABLED) {
            throw NotFoundException.disabled(version);
        }
        return provider.storage()
                .contents()
                .byContentId(version.contentId())
                .orElseThrow(() -> NotFoundException.globalId(version.globalId()));
    }

    /** Whether an If-None-Match header names the ETag (or is {@code *}). */
    static boolean matches(String ifNoneMatch, CharSequence etag) {
        return ifNoneMatch != null && (ifNoneMatch.contains(etag) || "*".equals(ifNoneMatch.trim()));
    }

    /**
     * A version's content answered with {@code body}, in its type's media type with the {@code
     * etag} given (304 when {@code ifNoneMatch} names it), and Apicurio's headers of a DEPRECATED
     * version.
     */
    public static Response response(StoredVersion version, byte[] body, String etag, String ifNoneMatch) {
        if (matches(ifNoneMatch, etag)) {
            return Response.notModified().header(HttpHeaders.ETAG, etag).build();
        }
        Response.ResponseBuilder ok =
                Response.ok(body, mediaType(version.type())).header(HttpHeaders.ETAG, etag);
        deprecation(version).forEach(ok::header);
        return ok.build();
    }

    /**
     * The headers Apicurio Registry sends with the content of a DEPRECATED version, so a client can
     * warn that it reads a schema on its way out; none for other states.
     */
    static Map<String, String> deprecation(StoredVersion version) {
        if (version.state() != VersionState.DEPRECATED) {
            return Map.of();
        }
        return Map.of(
                DEPRECATED,
                "true",
                ArtifactsResource.ARTIFACT_ID,
                version.artifactId(),
                VERSION,
                Integer.toString(version.version()));
    }

    public static String mediaType(ArtifactType type) {
        return switch (type) {
            case PROTOBUF -> "application/x-protobuf";
            case PROTOBUF_FD -> "application/octet-stream";
            case GRAPHQL -> "application/graphql";
            case WSDL, XSD, XML -> "application/xml";
            default -> "application/json";
        };
    }
}
