package io.stele.app.apicurio.zip;

import io.stele.app.apicurio.v1.ErrorMappers;
import io.stele.app.artifacts.ApiConfig;
import io.stele.app.http.QueryChoices;
import io.stele.app.metrics.RequestTimer;
import io.stele.app.rules.ReferenceResolver;
import io.stele.app.rules.TypeSupports;
import io.stele.app.security.AccessControl;
import io.stele.app.security.Operation;
import io.stele.app.security.Operation.Api;
import io.stele.app.security.Role;
import io.stele.app.security.RouteDeclarations;
import io.stele.app.security.RouteOrder;
import io.stele.app.storage.StorageProvider;
import io.stele.storage.ConflictException;
import io.stele.storage.InvalidRequestException;
import io.stele.storage.RegistryStorage;
import io.stele.storage.RuleScope;
import io.stele.storage.StorageUnavailableException;
import io.stele.storage.TransferFormat;
import io.vertx.core.Future;
import io.vertx.core.file.AsyncFile;
import io.vertx.core.file.OpenOptions;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.nio.file.Path;
import java.util.List;
import org.jboss.logging.Logger;

/**
 * {@code POST /apis/registry/v3/admin/import} and {@code POST /apis/registry/v2/admin/import}: an
 * export of Apicurio Registry 1.x, 2.x or 3.x ({@link ApicurioZipImport}), stored with its ids. The
 * event loop only moves the upload's bytes to a file of its own; the file is read and stored on a
 * worker thread, then removed. As in Apicurio 3.x, the v3 import needs an empty registry unless
 * {@code requireEmptyRegistry=false}; the v2 import, as in Apicurio 2.x, only with {@code
 * requireEmptyRegistry=true}. The answer is 204. Ids are always kept, so {@code
 * X-Registry-Preserve-GlobalId} or {@code -ContentId} set to {@code false} is refused.
 */
@ApplicationScoped
public class ApicurioImportRoute {

    private static final Logger LOG = Logger.getLogger(ApicurioImportRoute.class);
    private static final String PATH = "/admin/import";

    /** The import on each API: an admin's operation, as it writes anything, owners and ids included. */
    static final List<Operation> IMPORTS = List.of(
            Operation.route("POST", Api.REGISTRY_V3_PATH + PATH, Role.ADMIN, Api.REGISTRY_V3),
            Operation.route("POST", Api.REGISTRY_V2_PATH + PATH, Role.ADMIN, Api.REGISTRY_V2));

    @Inject
    StorageProvider provider;

    @Inject
    ApiConfig config;

    @Inject
    AccessControl access;

    @Inject
    TypeSupports supports;

    @Inject
    ReferenceResolver resolver;

    void register(@Observes Router router) {
        for (Operation operation : IMPORTS) {
            RouteDeclarations.serving(
                            router.post(operation.template()).order(RouteOrder.TIMED_ROUTES.order()), operation)
                    .handler(ctx -> handle(ctx, operation));
        }
    }

    private void handle(RoutingContext ctx, Operation operation) {
        RequestTimer.nameTemplate(ctx, operation.template());
        if (!access.enter(ctx, operation)) {
            return;
        }
        if (!provider.isStarted()) {
            fail(
                    ctx,
                    operation,
                    new StorageUnavailableException("The storage backend is unavailable; retry later.", null));
            return;
        }
        boolean requireEmpty;
        try {
            keepsIds(ctx, "X-Registry-Preserve-GlobalId");
            keepsIds(ctx, "X-Registry-Preserve-ContentId");
            // Apicurio 3.x asks for an empty registry unless told otherwise; 2.x imports into any
            requireEmpty = QueryChoices.flag(ctx.request(), "requireEmptyRegistry", operation.api() == Api.REGISTRY_V3);
        } catch (InvalidRequestException e) {
            fail(ctx, operation, e);
            return;
        }
        ctx.request().pause();
        var files = ctx.vertx().fileSystem();
        files.createTempFile("stele-apicurio-import", ".zip")
                .compose(name -> files.open(name, new OpenOptions().setWrite(true))
                        .compose(file -> upload(ctx, file))
                        .compose(v -> ctx.vertx().executeBlocking(() -> store(Path.of(name), requireEmpty), false))
                        .eventually(() -> files.delete(name)))
                .onSuccess(v -> ctx.response().setStatusCode(204).end())
                .onFailure(e -> fail(ctx, operation, e));
    }

    private static Future<Void> upload(RoutingContext ctx, AsyncFile file) {
        return ctx.request().pipeTo(file);
    }

    private Void store(Path file, boolean requireEmpty) {
        RegistryStorage storage = provider.storage();
        if (requireEmpty
                && (storage.artifacts().count() > 0
                        || !storage.rules().list(RuleScope.GLOBAL).isEmpty())) {
            throw new ConflictException(
                    "The registry is not empty: an import adds to it only with requireEmptyRegistry=false.");
        }
        long maxEntry = config.maxImportRecordBytes();
        try (ApicurioZipImport zip = ApicurioZipImport.read(file, maxEntry, supports, resolver::stored)) {
            TransferFormat.Counts totals = zip.store(storage.transfer(), config.importBatchSize());
            LOG.infof(
                    "Imported an Apicurio Registry export (format %s): %d artifacts, %d versions, %d rules.",
                    zip.exportVersion(), totals.artifacts(), totals.versions(), totals.rules());
        }
        return null;
    }

    /** Refuses a header asking for new ids: anything but {@code true}, in any case, or none. */
    private static void keepsIds(RoutingContext ctx, String header) {
        String value = ctx.request().getHeader(header);
        if (value != null && !value.equalsIgnoreCase("true")) {
            throw new InvalidRequestException(
                    header + ": Stele keeps the ids an import brings, so the header is" + " true or left out.");
        }
    }

    private static void fail(RoutingContext ctx, Operation operation, Throwable e) {
        Throwable cause = e;
        int status = ErrorMappers.status(cause);
        if (status == 500) {
            LOG.error("Import failed", cause);
        }
        if (!ctx.response().ended()) {
            ctx.response()
                    .setStatusCode(status)
                    .putHeader(HttpHeaders.CONTENT_TYPE, "application/json")
                    .putHeader(HttpHeaders.CONNECTION, "close")
                    .end(operation.api().errorBody(status, ErrorMappers.message(cause), ErrorMappers.name(cause)));
        }
    }
}
