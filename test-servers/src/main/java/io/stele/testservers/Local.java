package io.stele.testservers;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Comparator;
import java.util.stream.Stream;

/** What the server launchers share: loopback ports, folders, waiting. */
public final class Local {

    private Local() {}

    /** A loopback port that was free a moment ago. */
    public static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Makes, into a new empty folder, what is to be kept; returns the folder (or one in it) to keep. */
    @FunctionalInterface
    interface Maker {
        Path make(Path work) throws IOException;
    }

    /**
     * A folder kept under {@code ~/.cache/stele/} across builds, so that what is slow to make (an
     * unpacked distribution, a release built from source) is made once per machine: {@code name}
     * when it already holds {@code marker}; otherwise {@code maker} makes it in a work folder beside
     * it, which then moves into place. A file lock makes builds that ask at once wait for each other.
     */
    static Path cachedOnThisMachine(String name, String marker, Maker maker) {
        Path cache = Path.of(System.getProperty("user.home"), ".cache", "stele");
        Path target = cache.resolve(name);
        if (Files.exists(target.resolve(marker))) {
            return target;
        }
        try {
            Files.createDirectories(cache);
            try (FileChannel channel = FileChannel.open(
                            cache.resolve(name + ".lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                    FileLock lock = channel.lock()) {
                if (!Files.exists(target.resolve(marker))) {
                    Path work = Files.createTempDirectory(cache, name + "-making-");
                    try {
                        Path made = maker.make(work);
                        if (!Files.exists(made.resolve(marker))) {
                            throw new IOException("What was made for " + name + " has no " + marker);
                        }
                        Files.move(made, target, StandardCopyOption.ATOMIC_MOVE);
                    } finally {
                        deleteQuietly(work);
                    }
                }
            }
            return target;
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot make " + target + ": " + e.getMessage(), e);
        }
    }

    /** Deletes a folder and all in it, leaving it where a file cannot be deleted. */
    static void deleteQuietly(Path dir) {
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // a folder left behind under target/ or the temporary directory is harmless
        }
    }

    /** Waits for a process to exit, killing it when it has not within the timeout. */
    public static void waitFor(Process process, java.time.Duration timeout) {
        try {
            if (!process.waitFor(timeout.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                process.waitFor(30, java.util.concurrent.TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Sleeps, keeping the thread's interrupt. */
    static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
