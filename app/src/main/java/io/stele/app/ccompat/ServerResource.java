package io.stele.app.ccompat;

import io.stele.app.ccompat.ConfluentBodies.ClusterId;
import io.stele.app.ccompat.ConfluentBodies.ServerVersion;
import io.stele.app.lifecycle.Release;
import io.stele.app.security.Needs;
import io.stele.app.security.Role;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import java.util.Map;

/**
 * What the Confluent API says of the registry itself: the root, which tools ask to see a registry
 * is there, the cluster and release it is, and its contexts.
 */
@Produces({ConfluentMediaTypes.V1_JSON, ConfluentMediaTypes.JSON, MediaType.APPLICATION_JSON})
public abstract class ServerResource {

    /** Mounted at the root, where Confluent's and Karapace's users point their clients. */
    @Path("/")
    public static class Root extends ServerResource {}

    /** Mounted at {@code /apis/ccompat/v7}, where Apicurio's users point theirs. */
    @Path(ConfluentRoutes.V7)
    public static class V7 extends ServerResource {}

    /** The root: an empty object, as Confluent answers it, which tools ask to see a registry is there. */
    @Needs(Role.READ_ONLY)
    @GET
    public Map<String, Object> root() {
        return Map.of();
    }

    /**
     * Which cluster this registry is, as Confluent's {@code /v1/metadata/id} answers: Stele is one
     * registry cluster, named {@code stele}, tied to no Kafka cluster of its own (so that id is empty).
     */
    @Needs(Role.READ_ONLY)
    @GET
    @Path("v1/metadata/id")
    public ClusterId clusterId() {
        return new ClusterId(
                new ClusterId.Scope(List.of(), Map.of("kafka-cluster", "", "schema-registry-cluster", "stele")));
    }

    /**
     * Which release runs, as Confluent's {@code /v1/metadata/version} answers: Stele's own version
     * and commit (docs/confluent.md says why), the commit left out when the build had none, as
     * Confluent leaves out an empty field.
     */
    @Needs(Role.READ_ONLY)
    @GET
    @Path("v1/metadata/version")
    public ServerVersion serverVersion() {
        Release release = Release.current();
        return new ServerVersion(release.version(), release.commit().orElse(null));
    }

    /** The contexts: only the default one, {@code .}, as Stele has no contexts. */
    @Needs(Role.READ_ONLY)
    @GET
    @Path("contexts")
    public List<String> contexts() {
        return List.of(".");
    }
}
