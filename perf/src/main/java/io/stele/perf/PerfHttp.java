package io.stele.perf;

import java.net.http.HttpClient;
import java.time.Duration;

/**
 * The HTTP client the harness reaches a registry with: HTTP/1.1, as the serializers it stands in for
 * speak, so that no request depends on an upgrade to HTTP/2 over clear text, and a connect deadline.
 */
public final class PerfHttp {

    private PerfHttp() {}

    /** A new client; each caller keeps its own, as each runs its own connections. */
    public static HttpClient client() {
        return HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(5))
                .build();
    }
}
