package io.stele.app.console;

import static io.stele.app.console.ConsolePages.failed;
import static io.stele.app.console.ConsolePages.html;
import static io.stele.app.console.ConsolePages.number;
import static io.stele.app.console.ConsolePages.orEmpty;

import io.quarkus.vertx.http.runtime.CurrentVertxRequest;
import io.stele.app.console.ConsoleTemplates.CheckView;
import io.stele.app.console.ConsoleTemplates.CreateView;
import io.stele.app.console.Views.Choice;
import io.stele.app.security.Needs;
import io.stele.app.security.Role;
import io.stele.storage.InvalidRequestException;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriBuilder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Optional;
import java.util.function.BiFunction;
import org.jboss.resteasy.reactive.RestForm;
import org.jboss.resteasy.reactive.multipart.FileUpload;

/**
 * The console's forms. Each write goes through the same services as the APIs; one that succeeds
 * redirects to the page that shows it (so a reload does not repeat it), one that fails renders its
 * form again, as filled in, with the status and message the API would answer.
 */
@Path("/ui")
@Produces(MediaType.TEXT_HTML)
public class ConsoleActions {

    @Inject
    Console console;

    @Inject
    CurrentVertxRequest request;

    @Needs(Role.DEVELOPER)
    @POST
    @Path("new")
    @Consumes(MediaType.MULTIPART_FORM_DATA)
    public Response create(
            @RestForm(ConsoleGuard.FIELD) String csrf,
            @RestForm String id,
            @RestForm String type,
            @RestForm String content,
            @RestForm("file") FileUpload file) {
        try {
            ConsoleGuard.checkForm(request.getCurrent(), csrf);
            String created = console.create(orEmpty(id), orEmpty(type), body(content, file));
            return seeOther(UriBuilder.fromPath("/ui/artifacts/{id}").queryParam("done", "created"), created);
        } catch (RuntimeException e) {
            return failed(
                    e,
                    failure -> ConsoleTemplates.create(new CreateView(
                            orEmpty(id),
                            Choice.of(Console.typeNames(), orEmpty(type), "Tell from the content"),
                            orEmpty(content),
                            failure)));
        }
    }

    /** "Would this be accepted?": runs the artifact's rules over the content and stores nothing. */
    @Needs(Role.READ_ONLY)
    @POST
    @Path("artifacts/{artifactId}/check")
    @Consumes(MediaType.MULTIPART_FORM_DATA)
    public Response check(
            @PathParam("artifactId") String id,
            @RestForm(ConsoleGuard.FIELD) String csrf,
            @RestForm String content,
            @RestForm("file") FileUpload file) {
        return onCheckPage(id, csrf, content, file, (type, body) -> {
            console.test(id, body);
            String shown = orEmpty(content).isEmpty() ? new String(body, StandardCharsets.UTF_8) : content;
            return html(200, ConsoleTemplates.check(new CheckView(id, type, shown, true, true, null)));
        });
    }

    /** Adds the content as the artifact's next version, if its rules accept it. */
    @Needs(Role.DEVELOPER)
    @POST
    @Path("artifacts/{artifactId}/versions")
    @Consumes(MediaType.MULTIPART_FORM_DATA)
    public Response addVersion(
            @PathParam("artifactId") String id,
            @RestForm(ConsoleGuard.FIELD) String csrf,
            @RestForm String content,
            @RestForm("file") FileUpload file) {
        return onCheckPage(id, csrf, content, file, (type, body) -> {
            int version = console.addVersion(id, body);
            return seeOther(
                    UriBuilder.fromPath("/ui/artifacts/{id}/versions/" + version)
                            .queryParam("done", "version"),
                    id);
        });
    }

    /**
     * Runs one of the check page's actions on the content given (typed, or a file's); a failure
     * renders the page again, as filled in, with the status and message the API would answer.
     */
    private Response onCheckPage(
            String id, String csrf, String content, FileUpload file, BiFunction<String, byte[], Response> action) {
        String type = "";
        try {
            ConsoleGuard.checkForm(request.getCurrent(), csrf);
            type = console.type(id);
            return action.apply(type, body(content, file));
        } catch (RuntimeException e) {
            String shownType = type;
            return failed(
                    e,
                    failure -> ConsoleTemplates.check(
                            new CheckView(id, shownType, orEmpty(content), true, false, failure)));
        }
    }

    @Needs(Role.DEVELOPER)
    @POST
    @Path("artifacts/{artifactId}/meta")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Response meta(
            @PathParam("artifactId") String id,
            @RestForm(ConsoleGuard.FIELD) String csrf,
            @RestForm String name,
            @RestForm String description,
            @RestForm String labels) {
        try {
            ConsoleGuard.checkForm(request.getCurrent(), csrf);
            console.updateMeta(id, orEmpty(name), orEmpty(description), orEmpty(labels));
            return seeOther(UriBuilder.fromPath("/ui/artifacts/{id}").queryParam("done", "meta"), id);
        } catch (RuntimeException e) {
            return failed(e, failure -> ConsoleTemplates.artifact(console.artifact(id, 0, "", failure)));
        }
    }

    @Needs(Role.DEVELOPER)
    @POST
    @Path("artifacts/{artifactId}/rules")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Response artifactRules(
            @PathParam("artifactId") String id,
            @RestForm(ConsoleGuard.FIELD) String csrf,
            @RestForm String validity,
            @RestForm String compatibility) {
        try {
            ConsoleGuard.checkForm(request.getCurrent(), csrf);
            console.setRules(Optional.of(id), orEmpty(validity), orEmpty(compatibility));
            return seeOther(UriBuilder.fromPath("/ui/artifacts/{id}").queryParam("done", "rules"), id);
        } catch (RuntimeException e) {
            return failed(e, failure -> ConsoleTemplates.artifact(console.artifact(id, 0, "", failure)));
        }
    }

    @Needs(Role.DEVELOPER)
    @POST
    @Path("artifacts/{artifactId}/versions/{version}/state")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Response state(
            @PathParam("artifactId") String id,
            @PathParam("version") String version,
            @RestForm(ConsoleGuard.FIELD) String csrf,
            @RestForm String state) {
        try {
            ConsoleGuard.checkForm(request.getCurrent(), csrf);
            int number = number("version", version, 0);
            console.changeState(id, number, orEmpty(state));
            return seeOther(
                    UriBuilder.fromPath("/ui/artifacts/{id}/versions/" + number).queryParam("done", "state"), id);
        } catch (RuntimeException e) {
            return failed(
                    e,
                    failure ->
                            ConsoleTemplates.version(console.version(id, number("version", version, 0), "", failure)));
        }
    }

    @Needs(Role.ADMIN)
    @POST
    @Path("rules")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Response globalRules(
            @RestForm(ConsoleGuard.FIELD) String csrf, @RestForm String validity, @RestForm String compatibility) {
        try {
            ConsoleGuard.checkForm(request.getCurrent(), csrf);
            console.setRules(Optional.empty(), orEmpty(validity), orEmpty(compatibility));
            return seeOther(UriBuilder.fromPath("/ui/rules").queryParam("done", "rules"));
        } catch (RuntimeException e) {
            return failed(e, failure -> ConsoleTemplates.rules(console.globalRules("", failure)));
        }
    }

    /** The uploaded file's bytes when one was chosen, else the text typed in. */
    private static byte[] body(String content, FileUpload file) {
        if (file != null && file.size() > 0) {
            try {
                return Files.readAllBytes(file.uploadedFile());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        if (content == null || content.isBlank()) {
            throw new InvalidRequestException("Give the content: type or paste it, or choose a file.");
        }
        return content.getBytes(StandardCharsets.UTF_8);
    }

    private static Response seeOther(UriBuilder target, Object... values) {
        URI uri = target.build(values);
        return Response.seeOther(uri).build();
    }
}
