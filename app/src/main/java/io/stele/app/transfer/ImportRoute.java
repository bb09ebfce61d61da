package io.stele.app.transfer;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.stele.app.apicurio.v1.ErrorBody;
import io.stele.app.apicurio.v1.ErrorMappers;
import io.stele.app.artifacts.ApiConfig;
import io.stele.app.metrics.RequestTimer;
import io.stele.app.security.AccessControl;
import io.stele.app.security.Operation;
import io.stele.app.security.Operation.Api;
import io.stele.app.security.Role;
import io.stele.app.security.RouteDeclarations;
import io.stele.app.security.RouteOrder;
import io.stele.app.storage.StorageProvider;
import io.stele.storage.StorageUnavailableException;
import io.stele.storage.TransferStore;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import org.jboss.logging.Logger;

/**
 * {@code POST /api/admin/import}: reads an export as it streams in and stores it batch by batch.
 * The event loop only moves the upload's bytes; an {@link ImportPipeline} reads and stores them on
 * worker threads, pausing the upload while they are behind, so memory holds about two batches
 * whatever the size of the export. Each batch is all or nothing; on the first failure the import
 * stops and the answer says what was stored before it.
 */
@ApplicationScoped
public class ImportRoute {

    static final String PATH = "/api/admin/import";

    /** The import, an admin's operation: it writes anything, owners and ids included. */
    static final Operation IMPORT = Operation.route("POST", PATH, Role.ADMIN, Api.V1);

    private static final Logger LOG = Logger.getLogger(ImportRoute.class);
    private static final ObjectMapper JSON = new ObjectMapper();

    @Inject
    StorageProvider provider;

    @Inject
    ApiConfig config;

    @Inject
    AccessControl access;

    void register(@Observes Router router) {
        RouteDeclarations.serving(router.post(PATH).order(RouteOrder.TIMED_ROUTES.order()), IMPORT)
                .handler(this::handle);
    }

    private void handle(RoutingContext ctx) {
        RequestTimer.nameTemplate(ctx, PATH);
        if (!access.enter(ctx, IMPORT)) {
            return;
        }
        if (!provider.isStarted()) {
            fail(ctx, new StorageUnavailableException("The storage backend is unavailable; retry later.", null), null);
            return;
        }
        long maxLine = config.maxImportRecordBytes();
        ImportReader reader = new ImportReader(new ImportBatcher(config.importBatchSize()), maxLine);
        TransferStore store = provider.storage().transfer();
        new ImportPipeline(ctx.vertx(), ctx.request(), reader, store, new ImportPipeline.Answer() {
                    @Override
                    public void stored(ImportBatcher.Totals totals) {
                        ctx.response()
                                .putHeader(HttpHeaders.CONTENT_TYPE, "application/json")
                                .end(json(totals));
                    }

                    @Override
                    public void failed(Throwable failure, ImportBatcher.Totals storedBefore) {
                        fail(ctx, failure, storedBefore);
                    }
                })
                .start();
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
            ctx.response()
                    .setStatusCode(status)
                    .putHeader(HttpHeaders.CONTENT_TYPE, "application/json")
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
