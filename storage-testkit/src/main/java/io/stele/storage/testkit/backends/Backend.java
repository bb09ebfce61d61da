package io.stele.storage.testkit.backends;

import java.nio.file.Path;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * A storage backend the packaged registry runs on, with the server it needs, as the tests and the
 * perf harness run it: the one place that knows how to start that server and what a registry needs
 * to reach it. A new backend is one implementation and one {@link Launcher} in {@code
 * META-INF/services}; the REST suites, the packaged-registry scenarios and the perf harness take it
 * from there.
 *
 * <p>Its promises:
 *
 * <ul>
 *   <li>Once {@link Launcher#start} returns, the server answers; a server that cannot start is an
 *       exception saying why, never a backend that answers nothing.
 *   <li>Each {@link #newStore()} is a store no other call returns, empty, on this server.
 *   <li>{@link #stop()} returns once the server no longer answers, and {@link #startAgain()} once it
 *       answers again on the same address with the same data, so that a registry that was pointed
 *       at it needs no new settings. A backend with no server of its own (the embedded default)
 *       throws {@link UnsupportedOperationException} from both.
 *   <li>{@link #close()} stops the server and deletes what it wrote; it is safe to call twice.
 * </ul>
 *
 * <p>Not thread-safe: one test or one perf run drives it from one thread.
 */
public interface Backend extends AutoCloseable {

    /** The value of {@code stele.storage.kind} that selects this backend. */
    String kind();

    /** A new, empty store on this backend's server. */
    Store newStore();

    /**
     * Stops the server as an operator would, returning once it no longer answers.
     *
     * @throws UnsupportedOperationException when the backend has no server of its own
     */
    void stop();

    /**
     * Starts the server again after {@link #stop()}, on the same address and data.
     *
     * @throws UnsupportedOperationException when the backend has no server of its own
     */
    void startAgain();

    @Override
    void close();

    /**
     * Starts a backend by its {@link #kind()}, with whatever server it needs, in a new folder under
     * {@code parent}.
     *
     * @param serverSettings settings for the server beyond its defaults, in the server's own terms
     *     ({@code postgresql.conf} names for PostgreSQL); a backend that takes none refuses any
     * @throws IllegalArgumentException naming the kinds there are, when none is {@code kind}
     */
    static Backend start(String kind, Path parent, Map<String, String> serverSettings) {
        return launcher(kind).start(parent, serverSettings);
    }

    /**
     * One backend of this kind for the whole JVM, started under {@code target/} on first use and
     * closed when the JVM exits; for tests that only need fresh stores, never to stop.
     */
    static Backend shared(String kind) {
        return SharedBackends.get(kind);
    }

    /** The launcher of this kind, found through {@link ServiceLoader}. */
    private static Launcher launcher(String kind) {
        Map<String, Launcher> launchers = ServiceLoader.load(Launcher.class, Launcher.class.getClassLoader()).stream()
                .map(ServiceLoader.Provider::get)
                .collect(Collectors.toMap(Launcher::kind, l -> l));
        Launcher launcher = launchers.get(kind);
        if (launcher == null) {
            throw new IllegalArgumentException("No test backend '" + kind + "'; there are "
                    + launchers.keySet().stream().sorted().toList());
        }
        return launcher;
    }

    /**
     * Starts one kind of backend. A subclass with a public no-argument constructor, listed in {@code
     * META-INF/services/io.stele.storage.testkit.backends.Backend$Launcher}, is what {@link #start}
     * finds.
     */
    abstract class Launcher {

        private final String kind;
        private final BiFunction<Path, Map<String, String>, Backend> launch;

        /** @param launch starts the backend in a new folder under a parent, with server settings */
        protected Launcher(String kind, BiFunction<Path, Map<String, String>, Backend> launch) {
            this.kind = kind;
            this.launch = launch;
        }

        /** For a backend whose server takes no settings: starts it with {@code start}, refusing any. */
        protected static BiFunction<Path, Map<String, String>, Backend> withoutSettings(
                String kind, Function<Path, Backend> start) {
            return (parent, serverSettings) -> {
                if (!serverSettings.isEmpty()) {
                    throw new IllegalArgumentException("The " + kind
                            + " test backend takes no server settings, was given " + serverSettings.keySet());
                }
                return start.apply(parent);
            };
        }

        /** The {@link Backend#kind()} of what it starts. */
        public final String kind() {
            return kind;
        }

        /** See {@link Backend#start}. */
        public final Backend start(Path parent, Map<String, String> serverSettings) {
            return launch.apply(parent, serverSettings);
        }
    }
}
