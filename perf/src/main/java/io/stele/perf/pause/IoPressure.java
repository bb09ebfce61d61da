package io.stele.perf.pause;

import io.stele.storage.testkit.backends.ServerActivity;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * The machine's tasks held up waiting for storage, from Linux's pressure stall information
 * ({@code /proc/pressure/io}): a disk busy with someone's writes (a database's checkpoint, the page
 * cache's writeback) stalls any process that must wait for it, the registry's JVM included.
 * Between two looks, a wait of {@value #REPORTED_MS} ms or more is reported. Sees nothing on a
 * kernel without pressure information.
 */
final class IoPressure implements ServerActivity {

    static final long REPORTED_MS = 10;

    private static final Path IO = Path.of("/proc/pressure/io");

    private long lastMicros = -1;

    @Override
    public List<String> now() {
        if (!Files.isReadable(IO)) {
            return List.of();
        }
        long total;
        try {
            total = someTotalMicros(Files.readString(IO));
        } catch (IOException e) {
            throw new IllegalStateException("Could not read " + IO + ": " + e.getMessage(), e);
        }
        long waited = lastMicros < 0 ? 0 : total - lastMicros;
        lastMicros = total;
        return waited / 1000 >= REPORTED_MS
                ? List.of(String.format(Locale.ROOT, "tasks waited on I/O, %d ms since the last look", waited / 1000))
                : List.of();
    }

    /** The {@code total=} of the {@code some} line: microseconds some task waited for I/O. */
    static long someTotalMicros(String pressure) {
        for (String line : pressure.split("\n")) {
            if (line.startsWith("some ")) {
                return Long.parseLong(line.substring(line.indexOf("total=") + 6).trim());
            }
        }
        throw new IllegalStateException("No 'some' line in " + IO + ": " + pressure);
    }

    @Override
    public void close() {}
}
