package io.stele.perf.pause;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a JVM's heap holds once a full collection has freed all it can, from the JDK's
 * {@code jcmd <pid> GC.class_histogram} (which collects first): the same measure whichever
 * collector the JVM runs. The collection stops that JVM for a moment, so take it between floods.
 */
public final class LiveHeap {

    /** The histogram's last line: {@code Total      14046431      1212345678}. */
    private static final Pattern TOTAL = Pattern.compile("^Total\\s+(\\d+)\\s+(\\d+)\\s*$", Pattern.MULTILINE);

    private LiveHeap() {}

    /**
     * Collects the heap of process {@code pid}, keeps its histogram of objects by class in
     * {@code histogram}, and returns the bytes still held.
     *
     * @throws IllegalStateException when jcmd fails or answers no total
     */
    public static long measure(long pid, Path histogram) {
        Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
        try {
            Process p = new ProcessBuilder(jcmd.toString(), Long.toString(pid), "GC.class_histogram")
                    .redirectErrorStream(true)
                    .redirectOutput(histogram.toFile())
                    .start();
            if (!p.waitFor(120, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IllegalStateException("jcmd GC.class_histogram did not answer within 120 s");
            }
            return total(Files.readString(histogram));
        } catch (IOException e) {
            throw new IllegalStateException("Could not run " + jcmd + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while waiting for jcmd", e);
        }
    }

    static long total(String histogram) {
        Matcher m = TOTAL.matcher(histogram);
        if (!m.find()) {
            List<String> lines = histogram.lines().limit(5).toList();
            throw new IllegalStateException("jcmd GC.class_histogram gave no total: " + lines);
        }
        return Long.parseLong(m.group(2));
    }
}
