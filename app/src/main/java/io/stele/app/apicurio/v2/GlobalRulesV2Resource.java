package io.stele.app.apicurio.v2;

import io.stele.app.apicurio.v1.GlobalRulesResource;
import io.stele.app.apicurio.v1.RuleEndpoints;
import io.stele.app.security.Operation.Api;
import io.stele.storage.RuleType;
import jakarta.ws.rs.Path;
import java.util.List;

/**
 * {@code /apis/registry/v2/admin/rules}: the global rules, which Apicurio 2.x names and shapes as
 * its v1 API does ({@code {"type": ..., "config": ...}}); the v1 resource's operations, mounted here,
 * with the INTEGRITY rule too, which Apicurio 2.x added.
 */
@Path(Api.REGISTRY_V2_PATH + "/admin/rules")
public class GlobalRulesV2Resource extends GlobalRulesResource {

    @Override
    protected List<RuleType> shown() {
        return RuleEndpoints.RULES;
    }
}
