package io.stele.app.apicurio.v3;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import io.stele.app.http.QueryChoices;
import io.stele.app.http.WholeNumbers;
import io.stele.app.storage.StorageProvider;
import io.stele.storage.InvalidRequestException;
import io.stele.storage.NotFoundException;
import io.stele.storage.SchemaReference;
import io.stele.storage.StoredContent;
import io.stele.storage.StoredVersion;
import io.stele.storage.VersionState;
import io.vertx.core.http.HttpServerRequest;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * What Apicurio Registry's v2 and v3 APIs answer under {@code /ids}, the calls its deserializers
 * make for each id they meet: a version's content by globalId, content by contentId or by its hash,
 * and the references of each. The ids are the registry's own, shared with the v1 and Confluent APIs.
 * Loads run on a worker thread.
 */
@ApplicationScoped
public class IdLookups {

    /**
     * Apicurio's {@code ReferenceType}, the values of {@code refType}: what a version's content
     * references (the default), or the versions that reference it.
     */
    public enum ReferenceType {
        OUTBOUND,
        INBOUND
    }

    @Inject
    StorageProvider provider;

    @Inject
    ReferencedContent referenced;

    @Inject
    ContentHashes hashes;

    /**
     * Apicurio's {@code ArtifactReference}: a version that content references, and the name the
     * content gives it. Every artifact of this registry is in the default group, which Apicurio
     * writes as no {@code groupId}; a client may name it {@code default}. A reference a client
     * sends without a version names the artifact's latest.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record ArtifactReference(String groupId, String artifactId, String version, String name) {

        static ArtifactReference of(SchemaReference reference) {
            return new ArtifactReference(
                    null, reference.artifactId(), Integer.toString(reference.version()), reference.name());
        }
    }

    /**
     * The content of the version with this globalId, in its type's media type, with its references
     * handled as asked ({@link ReferencedContent}); 404 for a DISABLED one, and 304 when {@code
     * ifNoneMatch} names its ETag.
     */
    public Uni<Response> byGlobalId(
            String globalId, ReferencedContent.Handling handling, String ifNoneMatch, HttpServerRequest request) {
        return referenced.version(() -> version(globalId), handling, ifNoneMatch, request);
    }

    /** The references of the version with this globalId, in the direction the request asks. */
    public Uni<List<ArtifactReference>> referencesByGlobalId(String globalId, HttpServerRequest request) {
        return referencesOf(() -> version(globalId), request);
    }

    /**
     * The references of a version, in the direction the request's {@code refType} asks: {@code
     * OUTBOUND} (the default), those its content makes; {@code INBOUND}, those other versions make
     * to it, each as the referring version and the name it gives the reference, as Apicurio lists
     * them. Versions the Confluent API soft-deleted are left out, as Apicurio has no such versions.
     *
     * @throws InvalidRequestException when {@code refType} is neither
     */
    public Uni<List<ArtifactReference>> referencesOf(Supplier<StoredVersion> version, HttpServerRequest request) {
        ReferenceType type =
                QueryChoices.of(request, "refType", ReferenceType.class).orElse(ReferenceType.OUTBOUND);
        return blocking(() -> type == ReferenceType.INBOUND ? inbound(version.get()) : references(version.get()));
    }

    private List<ArtifactReference> inbound(StoredVersion target) {
        List<ArtifactReference> found = new ArrayList<>();
        for (StoredVersion referrer : provider.storage().versions().referrers(target.artifactId(), target.version())) {
            if (referrer.state() == VersionState.DELETED) {
                continue;
            }
            contentOf(referrer).content().references().stream()
                    .filter(r -> r.artifactId().equals(target.artifactId()) && r.version() == target.version())
                    .map(r -> new ArtifactReference(
                            null, referrer.artifactId(), Integer.toString(referrer.version()), r.name()))
                    .forEach(found::add);
        }
        return found;
    }

    /** The references of a version, read on the calling thread, which may block. */
    public List<ArtifactReference> references(StoredVersion version) {
        return references(contentOf(version));
    }

    /** Content by its id, as bytes ({@code application/octet-stream}, as Apicurio serves it). */
    public Uni<Response> byContentId(String contentId) {
        return blocking(() -> Response.ok(content(contentId).content().bytes(), MediaType.APPLICATION_OCTET_STREAM_TYPE)
                .build());
    }

    /** Content by Apicurio's hash of its bytes ({@link ContentHashes}), as bytes, as by its id. */
    public Uni<Response> byContentHash(String contentHash) {
        return blocking(
                () -> Response.ok(hashes.find(contentHash).content().bytes(), MediaType.APPLICATION_OCTET_STREAM_TYPE)
                        .build());
    }

    /** The references of the content with this hash: none, as {@link ContentHashes} finds only such content. */
    public Uni<List<ArtifactReference>> referencesByContentHash(String contentHash) {
        return blocking(() -> references(hashes.find(contentHash)));
    }

    /** The references of the content with this id. */
    public Uni<List<ArtifactReference>> referencesByContentId(String contentId) {
        return blocking(() -> references(content(contentId)));
    }

    /**
     * Refuses a request whose query parameter {@code name} asks for content other than as it was
     * registered: absent, or {@code served}, is served; anything else, empty included, is a 400.
     */
    public static void onlyAsRegistered(HttpServerRequest request, String name, String served) {
        QueryChoices.of(
                request,
                name,
                List.of(served),
                asked -> name + "=" + asked + " is not served: content is returned as registered (" + name + "="
                        + served + "), and its references from the /references endpoint.");
    }

    private StoredVersion version(String globalId) {
        long id = parse("global id", globalId);
        return provider.storage().versions().byGlobalId(id).orElseThrow(() -> NotFoundException.globalId(id));
    }

    private StoredContent contentOf(StoredVersion version) {
        return provider.storage()
                .contents()
                .byContentId(version.contentId())
                .orElseThrow(() -> NotFoundException.globalId(version.globalId()));
    }

    private StoredContent content(String contentId) {
        long id = parse("content id", contentId);
        return provider.storage().contents().byContentId(id).orElseThrow(() -> NotFoundException.contentId(id));
    }

    private static List<ArtifactReference> references(StoredContent content) {
        return content.content().references().stream()
                .map(ArtifactReference::of)
                .toList();
    }

    /**
     * An id given as text, as a whole number.
     *
     * @throws InvalidRequestException naming {@code what} when it is not one
     */
    public static long parse(String what, String id) {
        try {
            return WholeNumbers.parse(id);
        } catch (NumberFormatException e) {
            throw new InvalidRequestException("The " + what + " must be a whole number, was '" + id + "'.");
        }
    }

    private static <T> Uni<T> blocking(Supplier<T> work) {
        return Uni.createFrom().item(work).runSubscriptionOn(Infrastructure.getDefaultWorkerPool());
    }
}
