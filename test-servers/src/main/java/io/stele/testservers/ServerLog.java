package io.stele.testservers;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** A server's log file, which its process appends to: how long it is, what came since, its end. */
final class ServerLog {

    private final Path file;

    ServerLog(Path file) {
        this.file = file;
    }

    Path file() {
        return file;
    }

    /** Its length now, to read what comes after it with {@link #since}. */
    long length() {
        try {
            return Files.exists(file) ? Files.size(file) : 0;
        } catch (IOException e) {
            return 0;
        }
    }

    /** What was written from {@code from} on. */
    String since(long from) {
        try {
            byte[] all = Files.exists(file) ? Files.readAllBytes(file) : new byte[0];
            return from >= all.length
                    ? ""
                    : new String(all, (int) from, all.length - (int) from, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "";
        }
    }

    /** Its last 8,000 characters under a heading, for an error message. */
    String tail() {
        String text = since(0);
        return "\n--- " + file.getFileName() + " (end) ---\n" + text.substring(Math.max(0, text.length() - 8000));
    }
}
