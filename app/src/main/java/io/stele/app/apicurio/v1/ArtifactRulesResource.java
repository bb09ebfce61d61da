package io.stele.app.apicurio.v1;

import io.stele.app.security.Needs;
import io.stele.app.security.Role;
import io.stele.storage.RuleScope;
import io.stele.storage.RuleType;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.List;

/** {@code /api/artifacts/{artifactId}/rules}: the rules of one artifact, which win over global ones. */
@Path("/api/artifacts/{artifactId}/rules")
@Produces(MediaType.APPLICATION_JSON)
public class ArtifactRulesResource {

    @Inject
    RuleEndpoints rules;

    @Needs(Role.READ_ONLY)
    @GET
    public List<RuleType> listArtifactRules(@PathParam("artifactId") String artifactId) {
        return rules.list(RuleEndpoints.V1_RULES, RuleScope.artifact(artifactId));
    }

    @Needs(Role.DEVELOPER)
    @POST
    @Consumes(MediaType.WILDCARD)
    public Response createArtifactRule(@PathParam("artifactId") String artifactId, Rule rule) {
        rules.create(RuleEndpoints.V1_RULES, RuleScope.artifact(artifactId), rule);
        return Response.noContent().build();
    }

    @Needs(Role.DEVELOPER)
    @DELETE
    public Response deleteArtifactRules(@PathParam("artifactId") String artifactId) {
        rules.deleteAll(RuleEndpoints.V1_RULES, RuleScope.artifact(artifactId));
        return Response.noContent().build();
    }

    @Needs(Role.READ_ONLY)
    @GET
    @Path("{rule}")
    public Rule getArtifactRuleConfig(@PathParam("artifactId") String artifactId, @PathParam("rule") String rule) {
        return rules.get(RuleEndpoints.V1_RULES, RuleScope.artifact(artifactId), rule, Rule::new);
    }

    @Needs(Role.DEVELOPER)
    @PUT
    @Path("{rule}")
    @Consumes(MediaType.WILDCARD)
    public Rule updateArtifactRuleConfig(
            @PathParam("artifactId") String artifactId, @PathParam("rule") String rule, Rule body) {
        return rules.update(RuleEndpoints.V1_RULES, RuleScope.artifact(artifactId), rule, body, Rule::new);
    }

    @Needs(Role.DEVELOPER)
    @DELETE
    @Path("{rule}")
    public Response deleteArtifactRule(@PathParam("artifactId") String artifactId, @PathParam("rule") String rule) {
        rules.delete(RuleEndpoints.V1_RULES, RuleScope.artifact(artifactId), rule);
        return Response.noContent().build();
    }
}
