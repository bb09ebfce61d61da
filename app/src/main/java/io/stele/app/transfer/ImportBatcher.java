package io.stele.app.transfer;

import com.fasterxml.jackson.databind.JsonNode;
import io.stele.storage.InvalidRequestException;
import io.stele.storage.TransferFormat;
import io.stele.storage.TransferFormat.Counts;
import io.stele.storage.TransferRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Cuts a stream of export lines into import batches of about {@code batchSize} records, each cut
 * where an artifact begins, so that every artifact comes whole in one batch. Counts what it reads
 * and, in a format 2 stream, checks the trailer against it. Not thread-safe: one import reads one
 * stream, one line after another.
 */
final class ImportBatcher {

    private final int batchSize;
    private List<TransferRecord> current = new ArrayList<>();
    private Counts read = Counts.NONE;
    private long line;
    private int format;
    private long trailerLine;

    /** Records to store in one transaction, cut when line {@code line} began the next batch. */
    record Batch(List<TransferRecord> records, long line) {}

    /** What an import has stored so far, as its answer gives it. */
    record Totals(long lines, long artifacts, long versions, long contents, long rules, long batches) {

        static final Totals NONE = new Totals(0, 0, 0, 0, 0, 0);

        Totals plus(Batch batch) {
            Counts c = Counts.of(batch.records());
            return new Totals(
                    batch.line(),
                    artifacts + c.artifacts(),
                    versions + c.versions(),
                    contents + c.contents(),
                    rules + c.rules(),
                    batches + 1);
        }

        Totals atLine(long line) {
            return new Totals(line, artifacts, versions, contents, rules, batches);
        }
    }

    ImportBatcher(int batchSize) {
        this.batchSize = batchSize;
    }

    /** How many lines were read. */
    long line() {
        return line;
    }

    /**
     * Reads one line.
     *
     * @return a batch to store before this line's record, which starts the next one
     * @throws InvalidRequestException naming the line
     */
    Optional<Batch> accept(byte[] bytes) {
        line++;
        if (isBlank(bytes)) {
            return Optional.empty();
        }
        if (trailerLine > 0) {
            throw new InvalidRequestException(
                    "Line " + line + ": nothing may follow the trailer, on line " + trailerLine + ".");
        }
        TransferRecord record;
        try {
            if (format == 0) {
                format = TransferFormat.readHeader(bytes);
                return Optional.empty();
            }
            JsonNode node = TransferFormat.tree(bytes);
            if (format >= TransferFormat.FORMAT && TransferFormat.isTrailer(node)) {
                checkTrailer(TransferFormat.readTrailer(node));
                return Optional.empty();
            }
            record = TransferFormat.read(node);
        } catch (RuntimeException e) {
            throw new InvalidRequestException("Line " + line + ": " + e.getMessage());
        }
        Optional<Batch> full = Optional.empty();
        boolean startsArtifact = record instanceof TransferRecord.Artifact
                || record instanceof TransferRecord.Rule r
                        && r.scope().artifactId().isEmpty();
        if (startsArtifact && current.size() >= batchSize) {
            full = Optional.of(new Batch(current, line));
            current = new ArrayList<>();
        }
        current.add(record);
        read = read.plus(record);
        return full;
    }

    private void checkTrailer(Counts declared) {
        if (!declared.equals(read)) {
            throw new InvalidRequestException("the trailer counts " + declared + ", but the file holds " + read + ".");
        }
        trailerLine = line;
    }

    /**
     * Reads the last line when the stream ends in the middle of it, without a line feed. In a
     * format 2 stream only the trailer may end so; anything else was cut.
     *
     * @throws InvalidRequestException naming the line, or saying the file was cut
     */
    Optional<Batch> acceptUnfinished(byte[] bytes) {
        if (format >= TransferFormat.FORMAT && trailerLine == 0 && !isTrailer(bytes)) {
            line++;
            throw cut("line " + line + " ends unfinished");
        }
        return accept(bytes);
    }

    private static boolean isTrailer(byte[] bytes) {
        try {
            return TransferFormat.isTrailer(TransferFormat.tree(bytes));
        } catch (InvalidRequestException e) {
            return false;
        }
    }

    /**
     * What is left to store once the stream has ended.
     *
     * @throws InvalidRequestException when a format 2 stream ended without its trailer; what is
     *     left is then not stored, as its last artifact may lack versions
     */
    Batch rest() {
        if (format >= TransferFormat.FORMAT && trailerLine == 0) {
            throw cut("it ends after line " + line);
        }
        Batch rest = new Batch(current, line);
        current = new ArrayList<>();
        return rest;
    }

    private InvalidRequestException cut(String where) {
        return new InvalidRequestException("The file is cut short: " + where + ", without the trailer {\"kind\":\""
                + TransferFormat.TRAILER_KIND + "\",...} that ends a format " + format + " export. The last "
                + current.size() + " records read, after the last whole batch, were not stored.");
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
