package io.stele.app.transfer;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.stele.app.artifacts.ApiConfig;
import io.stele.app.rest.ErrorBody;
import io.stele.app.rest.ErrorMappers;
import io.stele.app.storage.StorageProvider;
import io.stele.storage.InvalidRequestException;
import io.stele.storage.StorageUnavailableException;
import io.stele.storage.TransferRecord;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.parsetools.RecordParser;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.util.List;
import org.jboss.logging.Logger;

/**
 * {@code POST /api/admin/import}: reads an export as it streams in, a line at a time, and stores it
 * batch by batch on a worker thread; the upload is paused while a batch is stored, so memory holds
 * one batch whatever the size of the export. Each batch is all or nothing; on the first failure the
 * import stops and the answer says what was stored before it.
 */
@ApplicationScoped
public class ImportRoute {

    static final String PATH = "/api/admin/import";
    private static final Logger LOG = Logger.getLogger(ImportRoute.class);
    private static final ObjectMapper JSON = new ObjectMapper();

    @Inject
    StorageProvider provider;

    @Inject
    ApiConfig config;

    void register(@Observes Router router) {
        router.post(PATH).order(-1000).handler(this::handle);
    }

    private void handle(RoutingContext ctx) {
        if (!provider.isStarted()) {
            fail(ctx, new StorageUnavailableException("The storage backend is unavailable; retry later.", null), null);
            return;
        }
        ImportBatcher batcher = new ImportBatcher(config.importBatchSize());
        long maxLine = 2 * config.maxContentSize().asLongValue() + 64 * 1024;
        RecordParser lines = RecordParser.newDelimited("\n", ctx.request()).maxRecordSize((int) Math.min(maxLine,
                Integer.MAX_VALUE));
        Pipeline pipeline = new Pipeline(ctx, lines, batcher);
        lines.exceptionHandler(e -> pipeline.fail(e instanceof IllegalStateException
                ? new InvalidRequestException("Line " + (batcher.line() + 1) + " is longer than " + maxLine + " bytes.")
                : e));
        lines.handler(buffer -> {
            if (pipeline.failed) {
                return;
            }
            try {
                batcher.accept(buffer.getBytes()).ifPresent(pipeline::offer);
            } catch (RuntimeException e) {
                pipeline.fail(e);
            }
        });
        lines.endHandler(v -> {
            if (!pipeline.failed) {
                pipeline.finish(batcher.rest());
            }
        });
    }

    /**
     * Stores batches one after another on a worker thread while the event loop reads the next:
     * one batch is stored and at most one waits, and the upload is paused while one waits. Runs on
     * the request's event loop only, so it needs no locks.
     */
    private final class Pipeline {

        private final RoutingContext ctx;
        private final RecordParser lines;
        private final ImportBatcher batcher;
        private ImportBatcher.Totals totals = new ImportBatcher.Totals(0, 0, 0, 0, 0, 0);
        private List<TransferRecord> waiting;
        private boolean storing;
        private boolean ended;
        boolean failed;

        Pipeline(RoutingContext ctx, RecordParser lines, ImportBatcher batcher) {
            this.ctx = ctx;
            this.lines = lines;
            this.batcher = batcher;
        }

        void offer(List<TransferRecord> batch) {
            if (storing) {
                waiting = batch;
                lines.pause();
            } else {
                store(batch);
            }
        }

        void finish(List<TransferRecord> rest) {
            ended = true;
            if (!rest.isEmpty()) {
                offer(rest);
            }
            if (!storing) {
                answer();
            }
        }

        private void store(List<TransferRecord> batch) {
            storing = true;
            long line = batcher.line();
            ctx.vertx().<Void>executeBlocking(() -> {
                provider.storage().transfer().importBatch(batch);
                return null;
            }, true).onComplete(result -> {
                storing = false;
                if (result.failed()) {
                    fail(result.cause());
                    return;
                }
                totals = totals.plus(batch).atLine(line);
                if (waiting != null) {
                    List<TransferRecord> next = waiting;
                    waiting = null;
                    store(next);
                    if (!ended) {
                        lines.resume();
                    }
                } else if (ended) {
                    answer();
                }
            });
        }

        private void answer() {
            ctx.response().putHeader(HttpHeaders.CONTENT_TYPE, "application/json")
                    .end(json(totals.atLine(batcher.line())));
        }

        void fail(Throwable e) {
            if (!failed) {
                failed = true;
                ImportRoute.fail(ctx, e, totals);
            }
        }
    }

    private static void fail(RoutingContext ctx, Throwable e, ImportBatcher.Totals storedBefore) {
        int status = ErrorMappers.status(e);
        String message = status == 500 ? "An unexpected error occurred; it has been logged." : e.getMessage();
        if (status == 500) {
            LOG.error("Import failed", e);
        }
        if (storedBefore != null) {
            message += " Stored before the failure: " + storedBefore.batches() + " batches, " + storedBefore.artifacts()
                    + " artifacts, " + storedBefore.versions() + " versions (up to line " + storedBefore.lines() + ").";
        }
        if (!ctx.response().ended()) {
            ctx.response().setStatusCode(status).putHeader(HttpHeaders.CONTENT_TYPE, "application/json")
                    .putHeader(HttpHeaders.CONNECTION, "close")
                    .end(json(new ErrorBody(status, message)));
        }
    }

    private static String json(Object value) {
        try {
            return JSON.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
