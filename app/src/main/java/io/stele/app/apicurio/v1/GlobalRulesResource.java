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

/** {@code /api/rules}: the rules that apply to every artifact without a rule of its own. */
@Path("/api/rules")
@Produces(MediaType.APPLICATION_JSON)
public class GlobalRulesResource {

    @Inject
    RuleEndpoints rules;

    /** The rules this API shows: {@link RuleEndpoints#V1_RULES}. */
    protected List<RuleType> shown() {
        return RuleEndpoints.V1_RULES;
    }

    @Needs(Role.READ_ONLY)
    @GET
    public List<RuleType> listGlobalRules() {
        return rules.list(shown(), RuleScope.GLOBAL);
    }

    @Needs(Role.ADMIN)
    @POST
    @Consumes(MediaType.WILDCARD)
    public Response createGlobalRule(Rule rule) {
        rules.create(shown(), RuleScope.GLOBAL, rule);
        return Response.noContent().build();
    }

    @Needs(Role.ADMIN)
    @DELETE
    public Response deleteAllGlobalRules() {
        rules.deleteAll(shown(), RuleScope.GLOBAL);
        return Response.noContent().build();
    }

    @Needs(Role.READ_ONLY)
    @GET
    @Path("{rule}")
    public Rule getGlobalRuleConfig(@PathParam("rule") String rule) {
        return rules.get(shown(), RuleScope.GLOBAL, rule, Rule::new);
    }

    @Needs(Role.ADMIN)
    @PUT
    @Path("{rule}")
    @Consumes(MediaType.WILDCARD)
    public Rule updateGlobalRuleConfig(@PathParam("rule") String rule, Rule body) {
        return rules.update(shown(), RuleScope.GLOBAL, rule, body, Rule::new);
    }

    @Needs(Role.ADMIN)
    @DELETE
    @Path("{rule}")
    public Response deleteGlobalRule(@PathParam("rule") String rule) {
        rules.delete(shown(), RuleScope.GLOBAL, rule);
        return Response.noContent().build();
    }
}
