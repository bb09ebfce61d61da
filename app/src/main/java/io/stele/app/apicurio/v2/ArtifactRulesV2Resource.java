package io.stele.app.apicurio.v2;

import io.stele.app.apicurio.v1.Rule;
import io.stele.app.apicurio.v1.RuleEndpoints;
import io.stele.app.apicurio.v3.DefaultGroup;
import io.stele.app.security.Needs;
import io.stele.app.security.Operation.Api;
import io.stele.app.security.Role;
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

/**
 * {@code /apis/registry/v2/groups/{groupId}/artifacts/{artifactId}/rules}: an artifact's own rules,
 * in the v1 API's shape, as Apicurio 2.x has them.
 */
@Path(Api.REGISTRY_V2_PATH + "/groups/{groupId}/artifacts/{artifactId}/rules")
@Produces(MediaType.APPLICATION_JSON)
public class ArtifactRulesV2Resource {

    @Inject
    RuleEndpoints rules;

    @Needs(Role.READ_ONLY)
    @GET
    public List<RuleType> listArtifactRules(
            @PathParam("groupId") String groupId, @PathParam("artifactId") String artifactId) {
        return rules.list(RuleEndpoints.RULES, DefaultGroup.ruleScope(groupId, artifactId));
    }

    @Needs(Role.DEVELOPER)
    @POST
    @Consumes(MediaType.WILDCARD)
    public Response createArtifactRule(
            @PathParam("groupId") String groupId, @PathParam("artifactId") String artifactId, Rule rule) {
        rules.create(RuleEndpoints.RULES, DefaultGroup.ruleScope(groupId, artifactId), rule);
        return Response.noContent().build();
    }

    @Needs(Role.DEVELOPER)
    @DELETE
    public Response deleteArtifactRules(
            @PathParam("groupId") String groupId, @PathParam("artifactId") String artifactId) {
        rules.deleteAll(RuleEndpoints.RULES, DefaultGroup.ruleScope(groupId, artifactId));
        return Response.noContent().build();
    }

    @Needs(Role.READ_ONLY)
    @GET
    @Path("{rule}")
    public Rule getArtifactRuleConfig(
            @PathParam("groupId") String groupId,
            @PathParam("artifactId") String artifactId,
            @PathParam("rule") String rule) {
        return rules.get(RuleEndpoints.RULES, DefaultGroup.ruleScope(groupId, artifactId), rule, Rule::new);
    }

    @Needs(Role.DEVELOPER)
    @PUT
    @Path("{rule}")
    @Consumes(MediaType.WILDCARD)
    public Rule updateArtifactRuleConfig(
            @PathParam("groupId") String groupId,
            @PathParam("artifactId") String artifactId,
            @PathParam("rule") String rule,
            Rule body) {
        return rules.update(RuleEndpoints.RULES, DefaultGroup.ruleScope(groupId, artifactId), rule, body, Rule::new);
    }

    @Needs(Role.DEVELOPER)
    @DELETE
    @Path("{rule}")
    public Response deleteArtifactRule(
            @PathParam("groupId") String groupId,
            @PathParam("artifactId") String artifactId,
            @PathParam("rule") String rule) {
        rules.delete(RuleEndpoints.RULES, DefaultGroup.ruleScope(groupId, artifactId), rule);
        return Response.noContent().build();
    }
}
