package io.stele.app.ccompat;

import static io.stele.app.ccompat.ConfluentData.DEFAULT_COMPATIBILITY;
import static io.stele.app.ccompat.ConfluentErrors.about;
import static io.stele.app.ccompat.ConfluentRequests.flag;
import static io.stele.app.ccompat.ConfluentRequests.level;

import io.stele.app.ccompat.ConfluentBodies.ConfigAnswer;
import io.stele.app.ccompat.ConfluentBodies.ConfigUpdate;
import io.stele.app.rules.Compatibility;
import io.stele.app.rules.RulesService;
import io.stele.app.security.Needs;
import io.stele.app.security.Role;
import io.stele.storage.NotFoundException;
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
 * The Confluent API's compatibility levels, global and per subject: each the COMPATIBILITY rule of
 * its scope, which the v1 API enforces too. With none set, BACKWARD applies, as in Confluent.
 */
@Produces({ConfluentMediaTypes.V1_JSON, ConfluentMediaTypes.JSON, MediaType.APPLICATION_JSON})
public abstract class ConfigResource {

    /** Mounted at the root, where Confluent's and Karapace's users point their clients. */
    @Path("/")
    public static class Root extends ConfigResource {}

    /** Mounted at {@code /apis/ccompat/v7}, where Apicurio's users point theirs. */
    @Path(ConfluentRoutes.V7)
    public static class V7 extends ConfigResource {}

    @Inject
    ConfluentData data;

    @Inject
    RulesService rules;

    @Needs(Role.READ_ONLY)
    @GET
    @Path("config")
    public ConfigAnswer globalConfig() {
        return about(
                null,
                () -> new ConfigAnswer(rules.compatibility(Optional.empty(), DEFAULT_COMPATIBILITY)
                        .name()));
    }

    /**
     * A subject's own compatibility level, or with {@code defaultToGlobal=true} the level in force for
     * it.
     */
    @Needs(Role.READ_ONLY)
    @GET
    @Path("config/{subject}")
    public ConfigAnswer subjectConfig(
            @PathParam("subject") String subject, @QueryParam("defaultToGlobal") String defaultToGlobal) {
        return about(subject, () -> {
            if (flag(defaultToGlobal)) {
                return new ConfigAnswer(rules.compatibility(Optional.of(subject), DEFAULT_COMPATIBILITY)
                        .name());
            }
            String own = data.storage()
                    .rules()
                    .get(RuleScope.artifact(subject), RuleType.COMPATIBILITY)
                    .orElseThrow(() -> NotFoundException.rule(RuleScope.artifact(subject), RuleType.COMPATIBILITY));
            return new ConfigAnswer(own);
        });
    }

    /** Sets the global compatibility level, which the v1 API enforces too: it is the global COMPATIBILITY rule. */
    @Needs(Role.ADMIN)
    @PUT
    @Path("config")
    @Consumes({
        ConfluentMediaTypes.V1_JSON,
        ConfluentMediaTypes.JSON,
        MediaType.APPLICATION_JSON,
        MediaType.APPLICATION_OCTET_STREAM
    })
    public ConfigUpdate setGlobalConfig(ConfigUpdate update) {
        return about(null, () -> {
            rules.setCompatibility(Optional.empty(), level(update));
            return new ConfigUpdate(level(update).name());
        });
    }

    /**
     * Sets a subject's compatibility level, its COMPATIBILITY rule, whether or not the subject has
     * versions yet: the level applies to the versions registered after it.
     */
    @Needs(Role.DEVELOPER)
    @PUT
    @Path("config/{subject}")
    @Consumes({
        ConfluentMediaTypes.V1_JSON,
        ConfluentMediaTypes.JSON,
        MediaType.APPLICATION_JSON,
        MediaType.APPLICATION_OCTET_STREAM
    })
    public ConfigUpdate setSubjectConfig(@PathParam("subject") String subject, ConfigUpdate update) {
        return about(subject, () -> {
            rules.setCompatibility(Optional.of(subject), level(update));
            return new ConfigUpdate(level(update).name());
        });
    }

    /** Removes the global compatibility level, answering the level it had; the default applies again. */
    @Needs(Role.ADMIN)
    @DELETE
    @Path("config")
    public ConfigAnswer deleteGlobalConfig() {
        return about(null, () -> {
            Compatibility had = rules.compatibility(Optional.empty(), DEFAULT_COMPATIBILITY);
            try {
                data.storage().rules().delete(RuleScope.GLOBAL, RuleType.COMPATIBILITY);
            } catch (NotFoundException e) {
                // none was set, or a concurrent request removed it first: either way none is set now
            }
            return new ConfigAnswer(had.name());
        });
    }

    /** Removes a subject's own compatibility level, answering the level it had. */
    @Needs(Role.DEVELOPER)
    @DELETE
    @Path("config/{subject}")
    public ConfigAnswer deleteSubjectConfig(@PathParam("subject") String subject) {
        return about(subject, () -> {
            RuleScope scope = RuleScope.artifact(subject);
            String own = data.storage()
                    .rules()
                    .get(scope, RuleType.COMPATIBILITY)
                    .orElseThrow(() -> ConfluentErrors.subjectNotFound(subject));
            data.storage().rules().delete(scope, RuleType.COMPATIBILITY);
            return new ConfigAnswer(own);
        });
    }
}
