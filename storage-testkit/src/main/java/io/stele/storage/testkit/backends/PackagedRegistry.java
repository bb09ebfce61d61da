package io.stele.storage.testkit.backends;

import io.stele.storage.testkit.clients.AvroRecords;
import io.stele.testservers.RegistryProcess;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The packaged registry on a new store of one kind of {@link Backend}, on a server of its own, for
 * a client's tests: started in a new folder under {@code target/} named for the test, stopped with
 * its server on {@link #close()}. Schemas are registered as Confluent's producers register them.
 */
public final class PackagedRegistry implements AutoCloseable {

    private static final String CONFLUENT_JSON = "application/vnd.schemaregistry.v1+json";

    private final Deque<AutoCloseable> cleanup = new ArrayDeque<>();
    private final String run = Long.toString(System.nanoTime(), 36);
    private final AtomicInteger sequence = new AtomicInteger();
    private final RegistryProcess process;

    private PackagedRegistry(String kind, String test) throws IOException {
        Files.createDirectories(Path.of("target"));
        Path workDir = Files.createTempDirectory(Path.of("target").toAbsolutePath(), test + "-");
        Backend backend = Backend.start(kind, workDir, Map.of());
        cleanup.push(backend);
        process = new RegistryProcess(
                new HashMap<>(backend.newStore().replica("clients")), workDir.resolve("registry.log"));
        cleanup.push(process);
    }

    /**
     * Starts the registry on {@code kind}'s backend; whatever started is stopped if it fails.
     *
     * @param test names the folder of its data and logs
     */
    public static PackagedRegistry start(String kind, Class<?> test) throws Exception {
        PackagedRegistry registry = new PackagedRegistry(kind, test.getSimpleName());
        try {
            registry.process.start();
        } catch (RuntimeException e) {
            registry.close();
            throw e;
        }
        return registry;
    }

    /** The registry's process, to send requests to. */
    public RegistryProcess process() {
        return process;
    }

    /** A subject (artifact id) that no other test uses. */
    public String newSubject(String name) {
        return name + "-" + run + "-" + sequence.incrementAndGet();
    }

    /**
     * Registers a schema through the Confluent API, as a Confluent producer would.
     *
     * @param references the references, as Confluent's API takes them, in JSON
     * @return its schema id, which is its contentId
     */
    public long register(String subject, String schema, String references) {
        return register(subject, schema, references, "AVRO");
    }

    /**
     * Registers a schema of a type ({@code AVRO}, {@code JSON} or {@code PROTOBUF}) through the
     * Confluent API.
     *
     * @param references the references, as Confluent's API takes them, in JSON
     * @return its schema id, which is its contentId
     */
    public long register(String subject, String schema, String references, String schemaType) {
        String body = "{\"schema\":" + quoted(schema) + ",\"schemaType\":\"" + schemaType + "\",\"references\":"
                + references + "}";
        HttpResponse<String> answer =
                process.send("POST", "/subjects/" + subject + "/versions", body, "Content-Type", CONFLUENT_JSON);
        if (answer.statusCode() != 200) {
            throw new IllegalStateException(
                    "Registering " + subject + " answered " + answer.statusCode() + ": " + answer.body());
        }
        return Long.parseLong(answer.body().replaceAll("\\D+", ""));
    }

    /**
     * Registers {@link AvroRecords#PAYMENT} and {@link AvroRecords#ORDER_TEXT}, which references it,
     * each as version 1 of a subject of its own, through the Confluent API.
     *
     * @return the order's subject
     */
    public String registerOrderWithItsPayment() {
        String payments = newSubject("payments");
        register(payments, AvroRecords.PAYMENT.toString(), "[]");
        String orders = newSubject("orders-value");
        register(orders, AvroRecords.ORDER_TEXT, AvroRecords.paymentReference(payments));
        return orders;
    }

    /** The globalId of a subject's latest version, as the v3 API gives it. */
    public long globalIdOfLatest(String subject) {
        HttpResponse<String> answer = process.send(
                "GET", "/apis/registry/v3/groups/default/artifacts/" + subject + "/versions/branch=latest", null);
        if (answer.statusCode() != 200) {
            throw new IllegalStateException(
                    "Reading " + subject + " answered " + answer.statusCode() + ": " + answer.body());
        }
        return Long.parseLong(answer.body().replaceAll(".*\"globalId\":(\\d+).*", "$1"));
    }

    private static String quoted(String text) {
        return "\""
                + text.replace("\\", "\\\\")
                        .replace("\"", "\\\"")
                        .replace("\n", "\\n")
                        .replace("\r", "\\r")
                        .replace("\t", "\\t")
                + "\"";
    }

    @Override
    public void close() throws Exception {
        Exception first = null;
        while (!cleanup.isEmpty()) {
            try {
                cleanup.pop().close();
            } catch (Exception e) {
                if (first == null) {
                    first = e;
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }
}
