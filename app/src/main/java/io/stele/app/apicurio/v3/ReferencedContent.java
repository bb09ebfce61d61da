package io.stele.app.apicurio.v3;

import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import io.stele.app.apicurio.v1.ContentResponses;
import io.stele.app.cache.CachedAnswer;
import io.stele.app.http.QueryChoices;
import io.stele.app.rules.ReferenceResolver;
import io.stele.app.rules.TypeSupports;
import io.stele.app.security.Operation.Api;
import io.stele.storage.Content;
import io.stele.storage.InvalidRequestException;
import io.stele.storage.SchemaReference;
import io.stele.storage.StoredContent;
import io.stele.storage.StoredVersion;
import io.vertx.core.http.HttpServerRequest;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.core.Response;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;

/**
 * A version's content with its references handled as a v2 or v3 request asks: as registered (v3
 * {@code references=PRESERVE}, v2 {@code dereference=false}, the default), with what it references
 * written into it (v3 {@code DEREFERENCE}, v2 {@code dereference=true}), or with each reference
 * to another document pointed at the URL that serves it (v3 {@code REWRITE}), as Apicurio serves
 * them. Content without references is served as registered whatever is asked, as by Apicurio.
 * Content whose bytes differ from those registered carries the SHA-256 of its own as its ETag.
 */
@ApplicationScoped
public class ReferencedContent {

    /** Apicurio's {@code HandleReferencesType}, the values of v3's {@code references}. */
    public enum Handling {
        PRESERVE,
        DEREFERENCE,
        REWRITE
    }

    @Inject
    ContentResponses responses;

    @Inject
    TypeSupports types;

    @Inject
    ReferenceResolver resolver;

    /**
     * What v3's {@code references} asks; {@code PRESERVE} when absent.
     *
     * @throws InvalidRequestException for any other value, empty included
     */
    public static Handling v3(HttpServerRequest request) {
        return QueryChoices.of(request, "references", Handling.class).orElse(Handling.PRESERVE);
    }

    /**
     * What v2's {@code dereference} asks: {@code true} is {@code DEREFERENCE}, {@code false} (the
     * default) {@code PRESERVE}.
     *
     * @throws InvalidRequestException for any other value, empty included
     */
    public static Handling v2(HttpServerRequest request) {
        return QueryChoices.flag(request, "dereference", false) ? Handling.DEREFERENCE : Handling.PRESERVE;
    }

    /**
     * The content of the version {@code version} gives, as {@code handling} asks, loaded on a worker
     * thread; 404 for a DISABLED version, 304 when {@code ifNoneMatch} names the answer's ETag.
     *
     * @throws InvalidRequestException (as the answer) when dereferencing is asked of a type this
     *     registry does not dereference, or a schema the content references is gone
     */
    public Uni<Response> version(
            Supplier<StoredVersion> version, Handling handling, String ifNoneMatch, HttpServerRequest request) {
        if (handling == Handling.PRESERVE) {
            return responses.version(version, ifNoneMatch);
        }
        URI root = handling == Handling.REWRITE ? root(request) : null;
        return Uni.createFrom()
                .item(() -> {
                    StoredVersion v = version.get();
                    StoredContent stored = responses.servable(v);
                    Content content = stored.content();
                    if (content.references().isEmpty()) {
                        return ContentResponses.response(v, content.bytes(), CachedAnswer.etag(stored), ifNoneMatch);
                    }
                    byte[] body = (handling == Handling.DEREFERENCE
                                    ? dereferenced(v, content)
                                    : rewritten(v, content, root))
                            .getBytes(StandardCharsets.UTF_8);
                    String etag = Arrays.equals(body, content.bytes())
                            ? CachedAnswer.etag(stored)
                            : "\"" + Content.sha256Hex(body) + "\"";
                    return ContentResponses.response(v, body, etag, ifNoneMatch);
                })
                .runSubscriptionOn(Infrastructure.getDefaultWorkerPool());
    }

    private String dereferenced(StoredVersion version, Content content) {
        return types.of(version.type())
                .dereferenced(content.text(), resolver.resolve(content))
                .orElseThrow(
                        () -> new InvalidRequestException("Dereferencing is served for Avro schemas; this version's "
                                + version.type()
                                + " content is served as registered, and its references are listed by its"
                                + " /references endpoint."));
    }

    /** Each reference's location: its version's content on v3, itself asking for its references rewritten. */
    private String rewritten(StoredVersion version, Content content, URI root) {
        Map<String, String> locations = new LinkedHashMap<>();
        for (SchemaReference reference : content.references()) {
            locations.putIfAbsent(
                    reference.name(),
                    root.resolve(Api.REGISTRY_V3_PATH + "/groups/default/artifacts/"
                                    + segment(reference.artifactId()) + "/versions/" + reference.version()
                                    + "/content?references=REWRITE")
                            .toString());
        }
        return types.of(version.type()).rewritten(content.text(), locations);
    }

    /**
     * The root of the URL the request was sent to, as the registry sees it (behind a proxy, as
     * Quarkus' {@code quarkus.http.proxy} settings let it see it); the root of this host when the
     * request's own cannot be read.
     */
    private static URI root(HttpServerRequest request) {
        try {
            String uri = request.absoluteURI();
            return uri == null ? URI.create("/") : URI.create(uri).resolve("/");
        } catch (IllegalArgumentException e) {
            return URI.create("/");
        }
    }

    private static String segment(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
