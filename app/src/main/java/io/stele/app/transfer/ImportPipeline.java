package io.stele.app.transfer;

import io.stele.app.transfer.ImportBatcher.Batch;
import io.stele.app.transfer.ImportBatcher.Totals;
import io.stele.app.transfer.ImportReader.Read;
import io.stele.storage.TransferStore;
import io.vertx.core.AsyncResult;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServerRequest;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * One import, from the uploaded bytes to the answer, in two stages on worker threads: one reads
 * (splits, parses, hashes and batches), the other stores batch after batch, so the next batch is
 * read while one is stored. The event loop only queues the upload's buffers and hands work on.
 *
 * <p>Memory stays bounded whatever the size of the upload: at most {@link #QUEUED_BYTES} of the
 * upload wait for the reader, beyond which the upload is paused; the reader reads nothing while a
 * batch waits to be stored, so about two batches are held at once. Batches are stored in order;
 * the answer waits for every batch read before a failure to be stored, so the totals it gives are
 * exact.
 *
 * <p>Threading: every method runs on the request's event loop, which calls back on it when a
 * worker is done, so the state needs no lock. At most one read and one store run at a time.
 */
final class ImportPipeline {

    /** How many bytes of the upload may wait for the reader before the upload is paused. */
    static final int QUEUED_BYTES = 1 << 20;

    /** How the import is answered, once. */
    interface Answer {

        void stored(Totals totals);

        void failed(Throwable failure, Totals storedBefore);
    }

    private final Vertx vertx;
    private final HttpServerRequest request;
    private final ImportReader reader;
    private final TransferStore store;
    private final Answer answer;
    private final ArrayDeque<Buffer> queued = new ArrayDeque<>();
    private final ArrayDeque<Batch> toStore = new ArrayDeque<>();
    private long queuedBytes;
    private Totals totals = Totals.NONE;
    private long linesRead;
    private boolean uploadEnded;
    private boolean reading;
    private boolean readAll;
    private boolean storing;
    private boolean answered;
    private Throwable failure;

    ImportPipeline(Vertx vertx, HttpServerRequest request, ImportReader reader, TransferStore store, Answer answer) {
        this.vertx = vertx;
        this.request = request;
        this.reader = reader;
        this.store = store;
        this.answer = answer;
    }

    /** Reads the request's body to its end, then answers. */
    void start() {
        request.handler(this::received);
        request.endHandler(v -> {
            uploadEnded = true;
            read();
        });
        request.exceptionHandler(this::failNow);
    }

    private void received(Buffer buffer) {
        if (answered || failure != null) {
            return;
        }
        queued.add(buffer);
        queuedBytes += buffer.length();
        if (queuedBytes >= QUEUED_BYTES) {
            request.pause();
        }
        read();
    }

    private void read() {
        boolean nothingNew = queued.isEmpty() && !uploadEnded;
        if (reading || readAll || answered || failure != null || !toStore.isEmpty() || nothingNew) {
            return;
        }
        List<Buffer> chunk = new ArrayList<>(queued);
        boolean last = uploadEnded;
        queued.clear();
        queuedBytes = 0;
        reading = true;
        if (!last) {
            request.resume();
        }
        vertx.<Read>executeBlocking(() -> reader.read(chunk, last), false).onComplete(result -> {
            reading = false;
            if (result.failed()) {
                failNow(result.cause());
                return;
            }
            Read read = result.result();
            toStore.addAll(read.batches());
            linesRead = read.lines();
            read.failure().ifPresent(e -> failure = e);
            readAll = last;
            next();
        });
    }

    private void store() {
        if (storing || answered || toStore.isEmpty()) {
            return;
        }
        Batch batch = toStore.poll();
        storing = true;
        vertx.<Void>executeBlocking(
                        () -> {
                            store.importBatch(batch.records());
                            return null;
                        },
                        false)
                .onComplete((AsyncResult<Void> result) -> {
                    storing = false;
                    if (result.failed()) {
                        failNow(result.cause());
                        return;
                    }
                    totals = totals.plus(batch);
                    next();
                });
    }

    /** Starts what can start, and answers once nothing is left to do. */
    private void next() {
        store();
        read();
        if (answered || storing || !toStore.isEmpty()) {
            return;
        }
        if (failure != null) {
            answered = true;
            answer.failed(failure, totals);
        } else if (readAll) {
            answered = true;
            answer.stored(totals.atLine(linesRead));
        }
    }

    private void failNow(Throwable e) {
        if (!answered) {
            answered = true;
            toStore.clear();
            queued.clear();
            answer.failed(e, totals);
        }
    }
}
