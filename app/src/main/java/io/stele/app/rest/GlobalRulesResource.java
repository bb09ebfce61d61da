package io.stele.app.rest;

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

/** {@code /api/rules}: the rules that apply to every artifact without a rule of its own. */
@Path("/api/rules")
@Produces(MediaType.APPLICATION_JSON)
public class GlobalRulesResource {

    @Inject
    RuleEndpoints rules;

    @GET
    public List<RuleType> listGlobalRules() {
        return rules.list(RuleScope.GLOBAL);
    }

    @POST
    @Consumes(MediaType.WILDCARD)
    public Response createGlobalRule(Rule rule) {
        rules.create(RuleScope.GLOBAL, rule);
        return Response.noContent().build();
    }

    @DELETE
    public Response deleteAllGlobalRules() {
        rules.deleteAll(RuleScope.GLOBAL);
        return Response.noContent().build();
    }

    @GET
    @Path("{rule}")
    public Rule getGlobalRuleConfig(@PathParam("rule") String rule) {
        return rules.get(RuleScope.GLOBAL, rule);
    }

    @PUT
    @Path("{rule}")
    @Consumes(MediaType.WILDCARD)
    public Rule updateGlobalRuleConfig(@PathParam("rule") String rule, Rule body) {
        return rules.update(RuleScope.GLOBAL, rule, body);
    }

    @DELETE
    @Path("{rule}")
    public Response deleteGlobalRule(@PathParam("rule") String rule) {
        rules.delete(RuleScope.GLOBAL, rule);
        return Response.noContent().build();
    }
}
