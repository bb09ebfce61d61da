package io.stele.perf.seed;

import io.stele.perf.PerfHttp;
import java.io.IOException;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.concurrent.atomic.AtomicReference;

/** Seeds a registry through its import endpoint, streaming generated artifacts as they are written. */
public final class Importer {

    /** What an import took: versions stored, seconds, and the registry's answer. */
    public record Result(long versions, double seconds, String answer) {
        public double versionsPerSecond() {
            return versions / seconds;
        }
    }

    private Importer() {}

    /** Imports artifacts {@code from} to {@code to} (exclusive) into the registry at {@code base}. */
    public static Result importRange(URI base, ExportWriter writer, long from, long to, int versions) {
        HttpClient http = PerfHttp.client();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        PipedInputStream in = new PipedInputStream(1 << 20);
        PipedOutputStream out;
        try {
            out = new PipedOutputStream(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Thread producer = new Thread(
                () -> {
                    try (out) {
                        writer.write(from, to, out);
                    } catch (IOException | RuntimeException e) {
                        failure.set(e);
                    }
                },
                "perf-export-writer");
        long start = System.nanoTime();
        producer.start();
        HttpResponse<String> response;
        try {
            response = http.send(
                    HttpRequest.newBuilder(base.resolve("/api/admin/import"))
                            .header("Content-Type", "application/x-ndjson")
                            .POST(HttpRequest.BodyPublishers.ofInputStream(() -> in))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            producer.join();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        if (failure.get() != null) {
            throw new IllegalStateException("Writing the import failed", failure.get());
        }
        if (response.statusCode() != 200) {
            throw new IllegalStateException("The import answered " + response.statusCode() + ": " + response.body());
        }
        return new Result((to - from) * versions, seconds, response.body());
    }
}
