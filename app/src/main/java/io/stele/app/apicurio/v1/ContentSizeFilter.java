package io.stele.app.apicurio.v1;

import io.stele.app.artifacts.ApiConfig;
import io.stele.app.artifacts.ContentTooLargeException;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

/**
 * Answers 413 before reading a body whose declared length is over {@code stele.api.max-content-size},
 * so an oversized upload costs neither memory nor a worker thread.
 */
public class ContentSizeFilter {

    /** Resolved on first use: the filter is created before runtime configuration is available. */
    @Inject
    Instance<ApiConfig> config;

    private volatile long maxContentSize = -1;

    private long maxContentSize() {
        long max = maxContentSize;
        if (max < 0) {
            max = config.get().maxContentSize().asLongValue();
            maxContentSize = max;
        }
        return max;
    }

    @ServerRequestFilter(preMatching = true)
    public Response checkDeclaredLength(ContainerRequestContext request) {
        String declared = request.getHeaderString(HttpHeaders.CONTENT_LENGTH);
        if (declared == null) {
            return null;
        }
        long max = maxContentSize();
        long length;
        try {
            length = Long.parseLong(declared.trim());
        } catch (NumberFormatException e) {
            return ErrorMappers.error(
                    request.getUriInfo().getPath(), Response.Status.BAD_REQUEST, "Content-Length is not a number.");
        }
        if (length > max) {
            return ErrorMappers.error(
                    request.getUriInfo().getPath(),
                    Response.Status.REQUEST_ENTITY_TOO_LARGE,
                    new ContentTooLargeException(length, max).getMessage());
        }
        return null;
    }
}
