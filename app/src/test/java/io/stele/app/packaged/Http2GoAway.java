package io.stele.app.packaged;

import static io.stele.app.packaged.Writes.create;
import static io.stele.app.packaged.Writes.schema;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.netty.handler.codec.http2.Http2Error;
import io.netty.handler.codec.http2.Http2Exception;
import io.stele.testservers.RegistryProcess;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.http.GoAway;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpVersion;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A registry stopped with SIGTERM while an HTTP/2 client holds a connection to it: the request it
 * sends during the drain is answered, and then the registry says GOAWAY on that connection, so the
 * client opens a new one (through its balancer, to another replica) for the next request, which
 * the draining registry still answers; the registry exits 0.
 */
final class Http2GoAway {

    /** A drain long enough for the scenario's few requests on a slow machine. */
    static final Map<String, String> SETTINGS = Map.of("stele.shutdown.drain", "10s", "stele.shutdown.timeout", "10s");

    private static final long WAIT_SECONDS = 10;

    /** What one request got: the status, the protocol it was answered over, and the body. */
    private record Answer(int status, HttpVersion version, String body) {}

    private Http2GoAway() {}

    /** Runs the scenario on a started registry that has {@link #SETTINGS}; it stops the registry. */
    static void sigtermOverHttp2_answersTheOpenConnection_thenSaysGoAway(RegistryProcess registry) throws Exception {
        assertThat(create(registry, "over-h2", schema(1)).statusCode()).isEqualTo(200);
        Vertx vertx = Vertx.vertx();
        try {
            URI plain = registry.plainUri();
            AtomicInteger connections = new AtomicInteger();
            CompletableFuture<GoAway> goAway = new CompletableFuture<>();
            HttpClient client = vertx.httpClientBuilder()
                    .with(new HttpClientOptions()
                            .setProtocolVersion(HttpVersion.HTTP_2)
                            .setHttp2ClearTextUpgrade(
                                    false) // HTTP/2 from the first byte, as gRPC-style clients speak it
                            .setDefaultHost(plain.getHost())
                            .setDefaultPort(plain.getPort()))
                    .withConnectHandler(connection -> {
                        if (connections.incrementAndGet() == 1) {
                            connection.goAwayHandler(goAway::complete);
                        }
                    })
                    .build();

            Answer before = get(client, "/api/artifacts/over-h2");
            assertThat(before.status()).as(before.body()).isEqualTo(200);
            assertThat(before.version()).isEqualTo(HttpVersion.HTTP_2);

            registry.terminate();
            await("the ready check answers 503 after SIGTERM")
                    .atMost(Duration.ofSeconds(WAIT_SECONDS))
                    .pollInterval(Duration.ofMillis(20))
                    .until(() -> registry.send("GET", "/q/health/ready", null).statusCode() == 503);
            assertThat(goAway).as("no GOAWAY before a request during the drain").isNotDone();

            Answer during = get(client, "/api/artifacts/over-h2");
            assertThat(during.status()).as(during.body()).isEqualTo(200);
            assertThat(during.body()).isEqualTo(schema(1));
            GoAway frame = goAway.get(WAIT_SECONDS, TimeUnit.SECONDS);
            assertThat(frame.getErrorCode()).as("GOAWAY's error code: NO_ERROR").isZero();

            Answer next = afterGoAway(client, "/api/artifacts/over-h2");
            assertThat(next.status())
                    .as("the next request, during the drain: %s", next.body())
                    .isEqualTo(200);
            assertThat(connections.get()).as("connections the client opened").isEqualTo(2);

            assertThat(registry.awaitExit(Duration.ofSeconds(60)))
                    .as("exit status")
                    .isZero();
            assertThat(Writes.logLines(registry, "ERROR")).isEmpty();
        } finally {
            vertx.close().toCompletionStage().toCompletableFuture().get(WAIT_SECONDS, TimeUnit.SECONDS);
        }
    }

    /**
     * A request sent right after a GOAWAY: the client's pool may still hand it the connection that
     * received it, which refuses it before it is sent (its stream is above the GOAWAY's last stream
     * id, REFUSED_STREAM), and a client sends such a request again, on a new connection. Retried
     * that way until it is answered or the wait is over; any other failure is the test's.
     */
    private static Answer afterGoAway(HttpClient client, String path) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_SECONDS);
        while (true) {
            try {
                return get(client, path);
            } catch (ExecutionException e) {
                boolean refusedBeforeSent = e.getCause() instanceof Http2Exception.StreamException refused
                        && refused.error() == Http2Error.REFUSED_STREAM;
                if (!refusedBeforeSent || System.nanoTime() > deadline) {
                    throw e;
                }
            }
        }
    }

    private static Answer get(HttpClient client, String path) throws Exception {
        Future<Answer> answer = client.request(HttpMethod.GET, path)
                .compose(request -> request.send())
                .compose(response -> response.body()
                        .map(body -> new Answer(response.statusCode(), response.version(), body.toString())));
        return answer.toCompletionStage().toCompletableFuture().get(WAIT_SECONDS, TimeUnit.SECONDS);
    }
}
