package io.stele.app.rest;

import io.stele.app.storage.StorageProvider;
import io.stele.storage.ArtifactType;
import io.stele.storage.NotFoundException;
import io.stele.storage.StoredContent;
import io.stele.storage.StoredVersion;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.core.Response;

/** Builds the response that carries a version's content, with the media type of its artifact type. */
@ApplicationScoped
public class ContentResponses {

    @Inject
    StorageProvider provider;

    Response content(StoredVersion version) {
        StoredContent content = provider.storage().contents().byContentId(version.contentId())
                .orElseThrow(() -> NotFoundException.globalId(version.globalId()));
        return Response.ok(content.content().bytes(), mediaType(version.type())).build();
    }

    static String mediaType(ArtifactType type) {
        return switch (type) {
            case PROTOBUF -> "application/x-protobuf";
            case PROTOBUF_FD -> "application/octet-stream";
            case GRAPHQL -> "application/graphql";
            case WSDL, XSD, XML -> "application/xml";
            default -> "application/json";
        };
    }
}
