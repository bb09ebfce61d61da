package io.stele.app.apicurio.zip;

import io.stele.app.security.Operation.Api;

/**
 * Which of Apicurio Registry's exports: that of its 2.x, which the v2 API writes, or of its 3.x,
 * which the v3 API writes. Each has its own entities ({@link ApicurioZipExport}) and its API's root,
 * under which its download links are ({@link ApicurioExports}).
 */
public enum ApicurioDialect {
    V2("2.0", Api.REGISTRY_V2_PATH),
    V3("3.0", Api.REGISTRY_V3_PATH);

    /** The manifest's {@code exportVersion}, by which Apicurio's import tells the entities apart. */
    final String exportVersion;

    /** The root of the API that writes it. */
    final String root;

    ApicurioDialect(String exportVersion, String root) {
        this.exportVersion = exportVersion;
        this.root = root;
    }
}
