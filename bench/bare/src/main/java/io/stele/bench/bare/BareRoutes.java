package io.stele.bench.bare;

import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The framework's floor: the registry's hot routes (the v1 API's two, the Confluent API's three,
 * Apicurio v3's and v2's ids, latest content and registrations) answered with fixed bytes and the same
 * headers (content type, ETag), from a plain Vert.x route on the event loop, with nothing else
 * installed. The body is the file named by {@code bare.body}, so that it can be the very bytes the
 * registry answers with.
 */
@ApplicationScoped
public class BareRoutes {

    private final byte[] body = body("bare.body");
    private final byte[] registration = body("bare.registration-body");

    void register(@Observes Router router) {
        router.get("/api/artifacts/:artifactId").handler(this::answer);
        router.get("/api/ids/:globalId").handler(this::answer);
        router.get("/subjects/:subject/versions/latest").handler(this::confluentAnswer);
        router.get("/schemas/ids/:id").handler(this::confluentAnswer);
        router.post("/subjects/:subject").handler(this::confluentAnswer);
        router.get("/apis/registry/v3/ids/globalIds/:globalId").handler(this::answer);
        router.get("/apis/registry/v3/ids/contentIds/:contentId").handler(this::contentAnswer);
        router.get("/apis/registry/v3/ids/contentHashes/:contentHash").handler(this::contentAnswer);
        router.get("/apis/registry/v3/groups/:groupId/artifacts/:artifactId/versions/:expression/content")
                .handler(this::answer);
        router.get("/apis/registry/v2/groups/:groupId/artifacts/:artifactId").handler(this::answer);
        router.post("/apis/registry/v3/groups/:groupId/artifacts").handler(this::registrationAnswer);
        router.post("/apis/registry/v2/groups/:groupId/artifacts").handler(this::registrationAnswer);
    }

    /**
     * A registration that finds its version, as Apicurio's v2 and v3 APIs answer it: JSON, once the
     * body has been read, with the answer named by {@code bare.registration-body}.
     */
    private void registrationAnswer(RoutingContext ctx) {
        ctx.request().body().onSuccess(sent -> ctx.response()
                .putHeader(HttpHeaders.CONTENT_TYPE, "application/json;charset=UTF-8")
                .end(Buffer.buffer(registration)));
        ctx.request().resume(); // Quarkus pauses a request with a body until a handler asks for it
    }

    /**
     * The Confluent API's hot routes: JSON with the Confluent media type, and no ETag, as the
     * registry answers. A lookup is answered once its body has been read, as no server can answer
     * it sooner.
     */
    private void confluentAnswer(RoutingContext ctx) {
        if (ctx.request().method() == HttpMethod.POST) {
            ctx.request().body().onSuccess(sent -> confluentAnswerNow(ctx));
            ctx.request().resume(); // Quarkus pauses a request with a body until a handler asks for it
        } else {
            confluentAnswerNow(ctx);
        }
    }

    private void confluentAnswerNow(RoutingContext ctx) {
        ctx.response()
                .putHeader(HttpHeaders.CONTENT_TYPE, "application/vnd.schemaregistry.v1+json")
                .end(Buffer.buffer(body));
    }

    /** Content by its id, as Apicurio's v3 API answers it: bytes, without an ETag. */
    private void contentAnswer(RoutingContext ctx) {
        ctx.response()
                .putHeader(HttpHeaders.CONTENT_TYPE, "application/octet-stream")
                .end(Buffer.buffer(body));
    }

    private void answer(RoutingContext ctx) {
        ctx.response()
                .putHeader(HttpHeaders.ETAG, "\"0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef\"")
                .putHeader(HttpHeaders.CONTENT_TYPE, "application/json")
                .end(Buffer.buffer(body));
    }

    private static byte[] body(String property) {
        String file = System.getProperty(property);
        try {
            return file == null
                    ? "{\"type\":\"record\",\"name\":\"R\",\"fields\":[]}".getBytes(StandardCharsets.UTF_8)
                    : Files.readAllBytes(Path.of(file));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
