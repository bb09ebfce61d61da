package io.stele.app.console;

import io.quarkus.qute.TemplateExtension;
import io.quarkus.qute.TemplateInstance;
import io.stele.app.console.Views.Failure;
import io.stele.app.http.WholeNumbers;
import io.stele.app.security.Needs;
import io.stele.app.security.Operation;
import io.stele.app.security.Operation.Api;
import io.stele.app.security.Role;
import io.stele.app.security.RouteDeclarations;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.Router;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;
import org.jboss.logging.Logger;

/**
 * The console's pages at {@code /ui}: rendered on the server from what the services return, on a
 * worker thread, since they read the backend. A failure renders the error page with the status and
 * message the API would answer. A browser that asks for {@code /} is sent here.
 */
@Path("/ui")
@Produces(MediaType.TEXT_HTML)
public class ConsolePages {

    private static final Logger LOG = Logger.getLogger(ConsolePages.class);

    /** What a write that succeeded says on the page it leads to, by the code its redirect carries. */
    private static final Map<String, String> NOTICES = Map.of(
            "created", "Artifact created.",
            "version", "Version added.",
            "meta", "Metadata saved.",
            "state", "State changed.",
            "rules", "Rules saved.");

    @Inject
    Console console;

    @Inject
    Overview overview;

    /** A browser's first visit: {@code GET /} with HTML acceptable is sent to the console. */
    static final Operation HOME = Operation.open("GET", "/", Api.CONSOLE);

    /**
     * {@code GET /ui/logout} without a console session: back to the console. With one, the OIDC
     * extension ends the session before any route runs ({@code quarkus.oidc.logout.path}).
     */
    static final Operation SIGNED_OUT = Operation.open("GET", "/ui/logout", Api.CONSOLE);

    void register(@Observes Router router) {
        RouteDeclarations.serving(router.get("/"), HOME).handler(ctx -> {
            String accept = ctx.request().getHeader(HttpHeaders.ACCEPT);
            if (accept != null && accept.contains(MediaType.TEXT_HTML)) {
                toConsole(ctx);
            } else {
                ctx.next();
            }
        });
        RouteDeclarations.serving(router.get(SIGNED_OUT.template()), SIGNED_OUT).handler(ConsolePages::toConsole);
    }

    private static void toConsole(io.vertx.ext.web.RoutingContext ctx) {
        ctx.response().setStatusCode(303).putHeader(HttpHeaders.LOCATION, "/ui").end();
    }

    @Needs(Role.READ_ONLY)
    @GET
    public Response overview() {
        return page(() -> ConsoleTemplates.overview(overview.view()));
    }

    @Needs(Role.READ_ONLY)
    @GET
    @Path("artifacts")
    public Response search(
            @QueryParam("q") String text,
            @QueryParam("over") String over,
            @QueryParam("type") String type,
            @QueryParam("offset") String offset) {
        String q = orEmpty(text);
        String field = orEmpty(over);
        String kind = orEmpty(type);
        String query = "/ui/artifacts?q=" + encode(q) + "&over=" + encode(field) + "&type=" + encode(kind) + "&";
        return page(() -> ConsoleTemplates.search(console.search(q, field, kind, number("offset", offset, 0), query)));
    }

    @Needs(Role.READ_ONLY)
    @GET
    @Path("artifacts/{artifactId}")
    public Response artifact(
            @PathParam("artifactId") String id, @QueryParam("offset") String offset, @QueryParam("done") String done) {
        return page(
                () -> ConsoleTemplates.artifact(console.artifact(id, number("offset", offset, 0), notice(done), null)));
    }

    @Needs(Role.READ_ONLY)
    @GET
    @Path("artifacts/{artifactId}/versions/{version}")
    public Response version(
            @PathParam("artifactId") String id, @PathParam("version") String version, @QueryParam("done") String done) {
        return page(
                () -> ConsoleTemplates.version(console.version(id, number("version", version, 0), notice(done), null)));
    }

    @Needs(Role.READ_ONLY)
    @GET
    @Path("artifacts/{artifactId}/diff")
    public Response diff(
            @PathParam("artifactId") String id, @QueryParam("from") String from, @QueryParam("to") String to) {
        return page(() -> ConsoleTemplates.diff(console.diff(id, optional("from", from), optional("to", to))));
    }

    @Needs(Role.READ_ONLY)
    @GET
    @Path("artifacts/{artifactId}/check")
    public Response check(@PathParam("artifactId") String id) {
        return page(() -> {
            String type = console.type(id);
            return ConsoleTemplates.check(new ConsoleTemplates.CheckView(id, type, "", false, false, null));
        });
    }

    @Needs(Role.READ_ONLY)
    @GET
    @Path("new")
    public Response create() {
        return page(() -> ConsoleTemplates.create(new ConsoleTemplates.CreateView(
                "", Views.Choice.of(Console.typeNames(), "", "Tell from the content"), "", null)));
    }

    @Needs(Role.READ_ONLY)
    @GET
    @Path("rules")
    public Response rules(@QueryParam("done") String done) {
        return page(() -> ConsoleTemplates.rules(console.globalRules(notice(done), null)));
    }

    /** Renders a page, or the error page with the status the API would answer. */
    static Response page(Supplier<TemplateInstance> page) {
        try {
            return html(200, page.get());
        } catch (RuntimeException e) {
            return failed(e, ConsoleTemplates::error);
        }
    }

    /** A page for a failure: the status the API would answer, and the page {@code render} makes of it. */
    static Response failed(RuntimeException e, Function<Failure, TemplateInstance> render) {
        Failure failure = Failure.of(e);
        if (failure.status() >= 500 && failure.status() != 503) {
            LOG.error("The console failed to serve a page", e);
        }
        try {
            return html(failure.status(), render.apply(failure));
        } catch (RuntimeException again) {
            return html(Failure.of(again).status(), ConsoleTemplates.error(Failure.of(again)));
        }
    }

    static Response html(int status, TemplateInstance page) {
        return Response.status(status)
                .type(MediaType.TEXT_HTML_TYPE.withCharset("UTF-8"))
                .entity(page.render())
                .build();
    }

    private static String notice(String done) {
        return done == null ? "" : NOTICES.getOrDefault(done, "");
    }

    static String orEmpty(String value) {
        return value == null ? "" : value;
    }

    static int number(String name, String value, int otherwise) {
        return value == null || value.isBlank() ? otherwise : WholeNumbers.parameter(name, value);
    }

    private static Optional<Integer> optional(String name, String value) {
        return value == null || value.isBlank() ? Optional.empty() : Optional.of(number(name, value, 0));
    }

    static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
    }

    /** {@code {id.path}} in a template: the value encoded for a URL's path or query. */
    @TemplateExtension
    static String path(String value) {
        return encode(value);
    }
}
