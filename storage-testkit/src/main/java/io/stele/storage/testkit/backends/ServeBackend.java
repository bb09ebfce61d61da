package io.stele.storage.testkit.backends;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Starts a backend's server as the tests do, for a process that is not a test (the benchmarks in
 * {@code bench/}), so that they run the same servers, started the same way:
 *
 * <pre>
 * java -cp ... io.stele.storage.testkit.backends.ServeBackend kind folder settings-file [name=value...]
 * </pre>
 *
 * <p>It starts the backend of {@code kind} in {@code folder}, with the server settings given
 * ({@code postgresql.conf} names for PostgreSQL), writes the registry settings of a new store on it
 * to {@code settings-file}, one {@code key=value} a line, and keeps the server until its standard
 * input ends or it is stopped; then it stops the server and deletes what it wrote. The file appears
 * whole, once the server answers.
 */
public final class ServeBackend {

    private ServeBackend() {}

    public static void main(String[] args) throws IOException {
        if (args.length < 3) {
            System.err.println("usage: ServeBackend kind folder settings-file [server-setting=value...]");
            System.exit(2);
        }
        Map<String, String> serverSettings = new LinkedHashMap<>();
        for (String setting : List.of(args).subList(3, args.length)) {
            int eq = setting.indexOf('=');
            if (eq < 1) {
                System.err.println("A server setting is name=value, was '" + setting + "'");
                System.exit(2);
            }
            serverSettings.put(setting.substring(0, eq), setting.substring(eq + 1));
        }
        Backend backend = Backend.start(args[0], Path.of(args[1]), serverSettings);
        Runtime.getRuntime().addShutdownHook(new Thread(backend::close, "stele-serve-backend-stop"));
        StringBuilder lines = new StringBuilder();
        new TreeMap<>(backend.newStore().replica("bench"))
                .forEach((key, value) ->
                        lines.append(key).append('=').append(value).append('\n'));
        Path file = Path.of(args[2]).toAbsolutePath();
        Path partial = Files.createTempFile(file.getParent(), "settings", ".partial");
        Files.writeString(partial, lines);
        Files.move(partial, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        System.in.transferTo(OutputStream.nullOutputStream()); // until the caller closes it
        System.exit(0); // the hook stops the server
    }
}
