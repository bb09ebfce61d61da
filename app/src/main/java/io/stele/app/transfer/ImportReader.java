package io.stele.app.transfer;

import io.stele.app.transfer.ImportBatcher.Batch;
import io.stele.storage.InvalidRequestException;
import io.vertx.core.buffer.Buffer;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The part of an import that costs CPU, run on a worker thread: splits the uploaded bytes into
 * lines, and parses, checks and hashes each line into batches through an {@link ImportBatcher}.
 * Not thread-safe: the caller runs one {@link #read} at a time, each after the one before has
 * returned.
 */
final class ImportReader {

    private final ImportBatcher batcher;
    private final long maxLine;
    private final ByteArrayOutputStream partial = new ByteArrayOutputStream();

    /**
     * What one {@link #read} gave: the batches to store, in order, then the failure that stopped
     * the reading, if one did, and how many lines were read.
     */
    record Read(List<Batch> batches, Optional<RuntimeException> failure, long lines) {}

    ImportReader(ImportBatcher batcher, long maxLine) {
        this.batcher = batcher;
        this.maxLine = maxLine;
    }

    /**
     * Reads the next bytes of the upload.
     *
     * @param last whether the upload ends after them; then the batch left over is given too
     */
    Read read(List<Buffer> chunk, boolean last) {
        List<Batch> batches = new ArrayList<>();
        try {
            for (Buffer buffer : chunk) {
                split(buffer.getBytes(), batches);
            }
            if (last) {
                if (partial.size() > 0) {
                    batcher.acceptUnfinished(partial.toByteArray()).ifPresent(batches::add);
                    partial.reset();
                }
                Batch rest = batcher.rest();
                if (!rest.records().isEmpty()) {
                    batches.add(rest);
                }
            }
        } catch (RuntimeException e) {
            return new Read(batches, Optional.of(e), batcher.line());
        }
        return new Read(batches, Optional.empty(), batcher.line());
    }

    private void split(byte[] bytes, List<Batch> batches) {
        int start = 0;
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == '\n') {
                byte[] line;
                if (partial.size() == 0) {
                    line = Arrays.copyOfRange(bytes, start, i);
                } else {
                    partial.write(bytes, start, i - start);
                    line = partial.toByteArray();
                    partial.reset();
                }
                checkLength(line.length);
                batcher.accept(line).ifPresent(batches::add);
                start = i + 1;
            }
        }
        partial.write(bytes, start, bytes.length - start);
        checkLength(partial.size());
    }

    private void checkLength(long length) {
        if (length > maxLine) {
            throw new InvalidRequestException(
                    "Line " + (batcher.line() + 1) + " is longer than " + maxLine + " bytes.");
        }
    }
}
