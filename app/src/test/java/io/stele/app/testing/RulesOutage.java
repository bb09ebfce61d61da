package io.stele.app.testing;

import io.quarkus.arc.lookup.LookupIfProperty;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.stele.storage.ArtifactStore;
import io.stele.storage.ChangeFeed;
import io.stele.storage.ContentStore;
import io.stele.storage.RegistryStorage;
import io.stele.storage.RuleStore;
import io.stele.storage.SearchStore;
import io.stele.storage.StorageUnavailableException;
import io.stele.storage.TransferStore;
import io.stele.storage.VersionStore;
import io.stele.storage.sql.SqlStorage;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.UUID;

/**
 * Runs a {@code @QuarkusTest} on the embedded database whose rules can be made unreachable while
 * the rest of it answers, as a pool that times out on one read does: {@link #rulesDown} switches it.
 */
public class RulesOutage implements QuarkusTestProfile {

    static final String KIND = "rules-outage";

    /** While set, every call to the rule store fails as an unreachable backend does. */
    public static volatile boolean rulesDown;

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of("stele.storage.kind", KIND);
    }

    /** Contributes the backend when {@code stele.storage.kind} names it. */
    @ApplicationScoped
    public static class Beans {

        @Produces
        @ApplicationScoped
        @LookupIfProperty(name = "stele.storage.kind", stringValue = KIND)
        RegistryStorage storage() throws Exception {
            Files.createDirectories(Path.of("target"));
            SqlStorage embedded = SqlStorage.openEmbedded(Path.of("target", "rules-outage-" + UUID.randomUUID()));
            return new Storage(embedded);
        }
    }

    private record Storage(SqlStorage embedded) implements RegistryStorage {

        @Override
        public String kind() {
            return KIND;
        }

        @Override
        public void start() {
            embedded.start();
        }

        @Override
        public boolean isReady() {
            return embedded.isReady();
        }

        @Override
        public ArtifactStore artifacts() {
            return embedded.artifacts();
        }

        @Override
        public VersionStore versions() {
            return embedded.versions();
        }

        @Override
        public ContentStore contents() {
            return embedded.contents();
        }

        @Override
        public RuleStore rules() {
            if (rulesDown) {
                throw new StorageUnavailableException("The rules cannot be read (a test switched them off).", null);
            }
            return embedded.rules();
        }

        @Override
        public SearchStore search() {
            return embedded.search();
        }

        @Override
        public TransferStore transfer() {
            return embedded.transfer();
        }

        @Override
        public ChangeFeed changes() {
            return embedded.changes();
        }

        @Override
        public void close() {
            embedded.close();
        }
    }
}
