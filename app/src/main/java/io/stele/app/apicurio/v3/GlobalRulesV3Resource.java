package io.stele.app.apicurio.v3;

import io.stele.app.apicurio.v1.RuleEndpoints;
import io.stele.app.security.Needs;
import io.stele.app.security.Operation.Api;
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

/**
 * {@code /apis/registry/v3/admin/rules}: the rules that apply to every artifact without its own, in
 * Apicurio v3's shape ({@code {"ruleType": ..., "config": ...}}), over the same rules as the other
 * APIs.
 */
@Path(Api.REGISTRY_V3_PATH + "/admin/rules")
@Produces(MediaType.APPLICATION_JSON)
public class GlobalRulesV3Resource {

    @Inject
    RuleEndpoints rules;

    @Needs(Role.READ_ONLY)
    @GET
    public List<RuleType> listGlobalRules() {
        return rules.list(RuleEndpoints.RULES, RuleScope.GLOBAL);
    }

    @Needs(Role.ADMIN)
    @POST
    @Consumes(MediaType.WILDCARD)
    public Response createGlobalRule(Rule rule) {
        rules.create(RuleEndpoints.RULES, RuleScope.GLOBAL, rule);
        return Response.noContent().build();
    }

    @Needs(Role.ADMIN)
    @DELETE
    public Response deleteAllGlobalRules() {
        rules.deleteAll(RuleEndpoints.RULES, RuleScope.GLOBAL);
        return Response.noContent().build();
    }

    @Needs(Role.READ_ONLY)
    @GET
    @Path("{ruleType}")
    public Rule getGlobalRuleConfig(@PathParam("ruleType") String ruleType) {
        return rules.get(RuleEndpoints.RULES, RuleScope.GLOBAL, ruleType, Rule::new);
    }

    @Needs(Role.ADMIN)
    @PUT
    @Path("{ruleType}")
    @Consumes(MediaType.WILDCARD)
    public Rule updateGlobalRuleConfig(@PathParam("ruleType") String ruleType, Rule body) {
        return rules.update(RuleEndpoints.RULES, RuleScope.GLOBAL, ruleType, body, Rule::new);
    }

    @Needs(Role.ADMIN)
    @DELETE
    @Path("{ruleType}")
    public Response deleteGlobalRule(@PathParam("ruleType") String ruleType) {
        rules.delete(RuleEndpoints.RULES, RuleScope.GLOBAL, ruleType);
        return Response.noContent().build();
    }
}
