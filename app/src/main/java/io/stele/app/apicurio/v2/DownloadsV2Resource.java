package io.stele.app.apicurio.v2;

import io.stele.app.apicurio.v3.DownloadsV3Resource;
import io.stele.app.security.Operation.Api;
import jakarta.ws.rs.Path;

/** {@code /apis/registry/v2/downloads/{downloadId}}: the v3 resource's operation, mounted here. */
@Path(Api.REGISTRY_V2_PATH + "/downloads")
public class DownloadsV2Resource extends DownloadsV3Resource {}
