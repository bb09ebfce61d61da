package io.stele.app.rest;

import io.smallrye.common.annotation.NonBlocking;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.nio.charset.StandardCharsets;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * A constant 350-byte answer served by the same stack as the API, the yardstick the GET-latest
 * benchmark measures against. Answers 404 unless {@code stele.bench.constant-endpoint=true}.
 */
@Path("/bench/constant")
public class ConstantResource {

    private static final byte[] BODY = constant();

    @ConfigProperty(name = "stele.bench.constant-endpoint", defaultValue = "false")
    boolean enabled;

    @GET
    @NonBlocking
    @Produces(MediaType.APPLICATION_JSON)
    public Response constant350() {
        if (!enabled) {
            return ErrorMappers.error(Response.Status.NOT_FOUND, "The benchmark endpoint is not enabled.");
        }
        return Response.ok(BODY).build();
    }

    private static byte[] constant() {
        String frame = "{\"constant\":\"\"}";
        return (frame.substring(0, 13) + "x".repeat(350 - frame.length()) + frame.substring(13))
                .getBytes(StandardCharsets.UTF_8);
    }
}
