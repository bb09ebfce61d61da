package io.stele.app.console;

import static io.stele.app.console.ConsolePages.failed;
import static io.stele.app.console.ConsolePages.html;
import static io.stele.app.console.ConsolePages.number;
import static io.stele.app.console.ConsolePages.orEmpty;

import io.stele.app.console.ConsoleTemplates.CheckView;
import io.stele.app.console.ConsoleTemplates.CreateView;
import io.stele.app.console.Views.Choice;
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

    @POST
    @Path("new")
    @Consumes(MediaType.MULTIPART_FORM_DATA)
    public Response create(
            @RestForm String id, @RestForm String type, @RestForm String content, @RestForm("file") FileUpload file) {
        try {
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

    /** "Would this be accepted?" ({@code action=check}), or adds the version ({@code action=add}). */
    @POST
    @Path("artifacts/{id}/check")
    @Consumes(MediaType.MULTIPART_FORM_DATA)
    public Response checkOrAdd(
            @PathParam("id") String id,
            @RestForm String action,
            @RestForm String content,
            @RestForm("file") FileUpload file) {
        String given = orEmpty(content);
        String type = "";
        try {
            type = console.type(id);
            byte[] body = body(content, file);
            if ("add".equals(action)) {
                int version = console.addVersion(id, body);
                return seeOther(
                        UriBuilder.fromPath("/ui/artifacts/{id}/versions/" + version)
                                .queryParam("done", "version"),
                        id);
            }
            console.test(id, body);
            String shown = given.isEmpty() ? new String(body, StandardCharsets.UTF_8) : given;
            return html(200, ConsoleTemplates.check(new CheckView(id, type, shown, true, true, null)));
        } catch (RuntimeException e) {
            String shownType = type;
            return failed(
                    e, failure -> ConsoleTemplates.check(new CheckView(id, shownType, given, true, false, failure)));
        }
    }

    @POST
    @Path("artifacts/{id}/meta")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Response meta(
            @PathParam("id") String id, @RestForm String name, @RestForm String description, @RestForm String labels) {
        try {
            console.updateMeta(id, orEmpty(name), orEmpty(description), orEmpty(labels));
            return seeOther(UriBuilder.fromPath("/ui/artifacts/{id}").queryParam("done", "meta"), id);
        } catch (RuntimeException e) {
            return failed(e, failure -> ConsoleTemplates.artifact(console.artifact(id, 0, "", failure)));
        }
    }

    @POST
    @Path("artifacts/{id}/rules")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Response artifactRules(
            @PathParam("id") String id, @RestForm String validity, @RestForm String compatibility) {
        try {
            console.setRules(Optional.of(id), orEmpty(validity), orEmpty(compatibility));
            return seeOther(UriBuilder.fromPath("/ui/artifacts/{id}").queryParam("done", "rules"), id);
        } catch (RuntimeException e) {
            return failed(e, failure -> ConsoleTemplates.artifact(console.artifact(id, 0, "", failure)));
        }
    }

    @POST
    @Path("artifacts/{id}/versions/{version}/state")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Response state(@PathParam("id") String id, @PathParam("version") String version, @RestForm String state) {
        try {
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

    @POST
    @Path("rules")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Response globalRules(@RestForm String validity, @RestForm String compatibility) {
        try {
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
