package io.stele.compat;

import static io.stele.compat.ClientAssertions.assertStatus;
import static io.stele.compat.Schemas.ORDER_V1;
import static io.stele.compat.Schemas.stream;
import static io.stele.compat.Schemas.text;
import static org.assertj.core.api.Assertions.assertThat;

import io.apicurio.registry.client.RegistryRestClient;
import io.apicurio.registry.client.RegistryRestClientFactory;
import io.apicurio.registry.client.request.Config;
import io.apicurio.registry.types.ArtifactType;
import io.stele.storage.testkit.backends.EmbeddedBackend;
import io.stele.testservers.KeycloakServer;
import io.stele.testservers.RegistryProcess;
import io.stele.testservers.SelfSignedTls;
import java.nio.file.Path;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The 1.3.2 clients against the packaged registry with authentication on and HTTPS only, signed in
 * at a real Keycloak through the clients' own settings: the whole contract as an admin (with the
 * admin client's basic credentials in a request header), then what the other roles may do.
 */
class SecuredApicurioClientIT extends ApicurioClientContract {

    private SelfSignedTls tls;

    @Override
    protected String kind() {
        return EmbeddedBackend.KIND;
    }

    @Override
    protected Map<String, String> registrySettings(Path workDir, Deque<AutoCloseable> cleanup) throws Exception {
        Map<String, String> settings = new HashMap<>(super.registrySettings(workDir, cleanup));
        settings.put("stele.auth.enabled", "true");
        settings.put("stele.auth.server-url", KeycloakServer.shared().issuer());
        settings.put("stele.tls.insecure-requests", "disabled");
        return settings;
    }

    @Override
    protected RegistryProcess prepare(RegistryProcess registry, Path workDir) {
        tls = SelfSignedTls.create(workDir.resolve("tls"));
        return registry.overTls(tls);
    }

    @Override
    public Map<String, Object> clientSettings() {
        return settingsOf("stele-admin");
    }

    @Override
    protected String[] rawHeaders() {
        return new String[] {"Authorization", KeycloakServer.basic("stele-admin")};
    }

    /** The client settings of one of the realm's clients: its basic credentials and the trust store. */
    private Map<String, Object> settingsOf(String clientId) {
        Map<String, Object> settings = new HashMap<>();
        settings.put(Config.REGISTRY_REQUEST_HEADERS_PREFIX + "Authorization", KeycloakServer.basic(clientId));
        settings.put(Config.REGISTRY_REQUEST_TRUSTSTORE_LOCATION, tls.keyStore().toString());
        settings.put(Config.REGISTRY_REQUEST_TRUSTSTORE_TYPE, "PKCS12");
        settings.put(Config.REGISTRY_REQUEST_TRUSTSTORE_PASSWORD, tls.password());
        return settings;
    }

    @Test
    void eachRole_readsAndWritesAsItsRoleAllows_andNobodyIsLetIn() throws Exception {
        String id = newId("roles");
        try (RegistryRestClient developer = RegistryRestClientFactory.create(apiUrl(), settingsOf("stele-developer"));
                RegistryRestClient reader = RegistryRestClientFactory.create(apiUrl(), settingsOf("stele-readonly"));
                RegistryRestClient nobody = RegistryRestClientFactory.create(apiUrl(), withoutCredentials())) {
            assertThat(developer
                            .createArtifact(id, ArtifactType.AVRO, null, stream(ORDER_V1))
                            .getCreatedBy())
                    .isEqualTo("service-account-stele-developer");
            assertThat(text(reader.getLatestArtifact(id))).isEqualTo(ORDER_V1);
            assertStatus(403, () -> reader.updateArtifact(id, ArtifactType.AVRO, stream(ORDER_V1)));
            assertStatus(403, () -> developer.deleteAllGlobalRules());
            assertStatus(401, () -> nobody.getLatestArtifact(id));
        }
    }

    private Map<String, Object> withoutCredentials() {
        Map<String, Object> settings = settingsOf("stele-readonly");
        settings.remove(Config.REGISTRY_REQUEST_HEADERS_PREFIX + "Authorization");
        return settings;
    }
}
