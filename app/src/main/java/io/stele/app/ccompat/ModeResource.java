package io.stele.app.ccompat;

import static io.stele.app.ccompat.ConfluentErrors.about;
import static io.stele.app.ccompat.ConfluentRequests.flag;

import io.stele.app.ccompat.ConfluentBodies.ModeBody;
import io.stele.app.mode.Mode;
import io.stele.app.rules.RulesService;
import io.stele.app.security.Needs;
import io.stele.app.security.Role;
import io.stele.storage.PageRequest;
import io.stele.storage.RuleScope;
import io.stele.storage.RuleType;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.Optional;

/**
 * The Confluent API's mode, global and per subject: the MODE rule of each scope, which {@link
 * io.stele.app.mode.ModeGuard} enforces for both APIs, and IMPORT, in which registering takes the
 * ids and versions a migration brings ({@link SubjectVersionsResource#register}).
 */
@Produces({ConfluentMediaTypes.V1_JSON, ConfluentMediaTypes.JSON, MediaType.APPLICATION_JSON})
public abstract class ModeResource {

    /** Mounted at the root, where Confluent's and Karapace's users point their clients. */
    @Path("/")
    public static class Root extends ModeResource {}

    /** Mounted at {@code /apis/ccompat/v7}, where Apicurio's users point theirs. */
    @Path(ConfluentRoutes.V7)
    public static class V7 extends ModeResource {}

    @Inject
    ConfluentData data;

    @Inject
    RulesService rules;

    /** The global mode; READWRITE when none is set. */
    @Needs(Role.READ_ONLY)
    @GET
    @Path("mode")
    public ModeBody globalMode() {
        return about(null, () -> new ModeBody(data.modeInForce(Optional.empty()).name()));
    }

    /** A subject's own mode, or with {@code defaultToGlobal=true} the mode in force for it. */
    @Needs(Role.READ_ONLY)
    @GET
    @Path("mode/{subject}")
    public ModeBody subjectMode(
            @PathParam("subject") String subject, @QueryParam("defaultToGlobal") String defaultToGlobal) {
        return about(subject, () -> {
            if (flag(defaultToGlobal)) {
                return new ModeBody(data.modeInForce(Optional.of(subject)).name());
            }
            return new ModeBody(ownMode(subject).orElseThrow(() -> modeNotConfigured(subject)));
        });
    }

    /**
     * Sets the global mode and echoes it. IMPORT needs a registry without subjects, unless {@code
     * force=true}.
     */
    @Needs(Role.ADMIN)
    @PUT
    @Path("mode")
    @Consumes({
        ConfluentMediaTypes.V1_JSON,
        ConfluentMediaTypes.JSON,
        MediaType.APPLICATION_JSON,
        MediaType.APPLICATION_OCTET_STREAM
    })
    public ModeBody setGlobalMode(@QueryParam("force") String force, ModeBody body) {
        return about(null, () -> {
            Mode mode = mode(body);
            if (mode == Mode.IMPORT
                    && !flag(force)
                    && data.modeInForce(Optional.empty()) != Mode.IMPORT
                    && !data.storage()
                            .artifacts()
                            .liveIds(new PageRequest(0, 1))
                            .isEmpty()) {
                throw cannotImport();
            }
            rules.set(Optional.empty(), RuleType.MODE, mode.name());
            return new ModeBody(mode.name());
        });
    }

    /**
     * Sets a subject's mode and echoes it, whether or not the subject has versions yet. IMPORT needs
     * a subject without versions, or whose versions are all soft-deleted, unless {@code force=true}.
     */
    @Needs(Role.ADMIN)
    @PUT
    @Path("mode/{subject}")
    @Consumes({
        ConfluentMediaTypes.V1_JSON,
        ConfluentMediaTypes.JSON,
        MediaType.APPLICATION_JSON,
        MediaType.APPLICATION_OCTET_STREAM
    })
    public ModeBody setSubjectMode(
            @PathParam("subject") String subject, @QueryParam("force") String force, ModeBody body) {
        return about(subject, () -> {
            Mode mode = mode(body);
            if (mode == Mode.IMPORT
                    && !flag(force)
                    && data.modeInForce(Optional.of(subject)) != Mode.IMPORT
                    && data.storage().versions().latest(subject).isPresent()) {
                throw cannotImport();
            }
            rules.set(Optional.of(subject), RuleType.MODE, mode.name());
            return new ModeBody(mode.name());
        });
    }

    /** Removes a subject's own mode, answering the mode it had; the global mode applies again. */
    @Needs(Role.ADMIN)
    @DELETE
    @Path("mode/{subject}")
    public ModeBody deleteSubjectMode(@PathParam("subject") String subject) {
        return about(subject, () -> {
            String own = ownMode(subject).orElseThrow(() -> ConfluentErrors.subjectNotFound(subject));
            data.storage().rules().delete(RuleScope.artifact(subject), RuleType.MODE);
            return new ModeBody(own);
        });
    }

    /** The subject's own mode, which it may have before its first version; empty for none. */
    private Optional<String> ownMode(String subject) {
        return data.storage().rules().get(RuleScope.artifact(subject), RuleType.MODE);
    }

    private static ConfluentException modeNotConfigured(String subject) {
        return new ConfluentException(
                404,
                ConfluentErrors.SUBJECT_MODE_NOT_CONFIGURED,
                "Subject '" + subject + "' does not have subject-level mode configured");
    }

    private static ConfluentException cannotImport() {
        return new ConfluentException(
                422, ConfluentErrors.OPERATION_NOT_PERMITTED, "Cannot import since found existing subjects");
    }

    private static Mode mode(ModeBody body) {
        return Mode.parse(body == null ? null : body.mode())
                .orElseThrow(() -> new ConfluentException(
                        422,
                        ConfluentErrors.INVALID_MODE,
                        "Invalid mode. Valid values are READWRITE, READONLY, and IMPORT."));
    }
}
