package io.stele.app.apicurio.v2;

import io.stele.app.apicurio.v3.ExportV3Resource;
import io.stele.app.apicurio.zip.ApicurioDialect;
import io.stele.app.security.Operation.Api;
import jakarta.ws.rs.Path;

/** {@code /apis/registry/v2/admin/export}: the v3 resource's operation, for Apicurio 2.x's zip. */
@Path(Api.REGISTRY_V2_PATH + "/admin/export")
public class ExportV2Resource extends ExportV3Resource {

    @Override
    protected ApicurioDialect dialect() {
        return ApicurioDialect.V2;
    }
}
