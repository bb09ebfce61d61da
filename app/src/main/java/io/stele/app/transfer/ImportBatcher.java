package io.stele.app.transfer;

import io.stele.storage.InvalidRequestException;
import io.stele.storage.TransferFormat;
import io.stele.storage.TransferRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Cuts a stream of export lines into import batches of about {@code batchSize} records, each cut
 * where an artifact begins, so that every artifact comes whole in one batch. Counts what it reads.
 * Not thread-safe: one import reads one stream.
 */
final class ImportBatcher {

    private final int batchSize;
    private List<TransferRecord> current = new ArrayList<>();
    private long line;
    private boolean headerSeen;

    /** What an import has stored so far. */
    record Totals(long lines, long artifacts, long versions, long contents, long rules, long batches) {

        Totals plus(List<TransferRecord> batch) {
            long a = 0;
            long v = 0;
            long c = 0;
            long r = 0;
            for (TransferRecord record : batch) {
                if (record instanceof TransferRecord.Artifact) {
                    a++;
                } else if (record instanceof TransferRecord.Version) {
                    v++;
                } else if (record instanceof TransferRecord.ContentBlob) {
                    c++;
                } else {
                    r++;
                }
            }
            return new Totals(lines, artifacts + a, versions + v, contents + c, rules + r, batches + 1);
        }

        Totals atLine(long line) {
            return new Totals(line, artifacts, versions, contents, rules, batches);
        }
    }

    ImportBatcher(int batchSize) {
        this.batchSize = batchSize;
    }

    long line() {
        return line;
    }

    /**
     * Reads one line.
     *
     * @return a batch to store before this line's record, which starts the next one
     * @throws InvalidRequestException naming the line
     */
    Optional<List<TransferRecord>> accept(byte[] bytes) {
        line++;
        if (isBlank(bytes)) {
            return Optional.empty();
        }
        TransferRecord record;
        try {
            if (!headerSeen) {
                TransferFormat.readHeader(bytes);
                headerSeen = true;
                return Optional.empty();
            }
            record = TransferFormat.read(bytes);
        } catch (RuntimeException e) {
            throw new InvalidRequestException("Line " + line + ": " + e.getMessage());
        }
        Optional<List<TransferRecord>> full = Optional.empty();
        boolean startsArtifact = record instanceof TransferRecord.Artifact
                || record instanceof TransferRecord.Rule r && r.scope().artifactId().isEmpty();
        if (startsArtifact && current.size() >= batchSize) {
            full = Optional.of(current);
            current = new ArrayList<>();
        }
        current.add(record);
        return full;
    }

    /** What is left once the stream has ended. */
    List<TransferRecord> rest() {
        List<TransferRecord> rest = current;
        current = new ArrayList<>();
        return rest;
    }

    private static boolean isBlank(byte[] bytes) {
        for (byte b : bytes) {
            if (b != ' ' && b != '\t' && b != '\r') {
                return false;
            }
        }
        return true;
    }
}
