package io.stele.app.cache;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.stele.storage.RegistryStorage;
import io.stele.storage.RuleScope;
import io.stele.storage.RuleStore;
import io.stele.storage.RuleType;
import io.stele.storage.StoredVersion;
import io.stele.storage.VersionStore;
import io.stele.storage.forwarding.ForwardingRuleStore;
import io.stele.storage.forwarding.ForwardingStorage;
import io.stele.storage.forwarding.ForwardingVersionStore;
import io.stele.storage.sql.SqlStorage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/**
 * A real backend whose reads of latest versions and of rules a test can watch: each hook runs once
 * the backend has answered, before the answer goes back, so a test can count such reads or hold
 * one back.
 */
class ObservedStorage extends ForwardingStorage {

    private final RegistryStorage backend;
    private final VersionStore versions = new ForwardingVersionStore() {
        @Override
        protected VersionStore delegate() {
            return backend.versions();
        }

        @Override
        public Optional<StoredVersion> latest(String artifactId) {
            Optional<StoredVersion> read = super.latest(artifactId);
            readLatest(artifactId);
            return read;
        }
    };
    private final RuleStore rules = new ForwardingRuleStore() {
        @Override
        protected RuleStore delegate() {
            return backend.rules();
        }

        @Override
        public Map<RuleType, String> list(RuleScope scope) {
            Map<RuleType, String> read = super.list(scope);
            listedRules(scope);
            return read;
        }
    };

    ObservedStorage(RegistryStorage backend) {
        this.backend = backend;
    }

    /** A new embedded store in a directory of its own under {@code target/}. */
    static RegistryStorage embedded(String prefix) throws IOException {
        Files.createDirectories(Path.of("target"));
        return SqlStorage.openEmbedded(
                Files.createTempDirectory(Path.of("target").toAbsolutePath(), prefix));
    }

    /** The read cache over this backend, started, bounded at 16 MiB. */
    CachingStorage cached() {
        CachingStorage cache = new CachingStorage(
                this, CacheBudget.of(16 * 1024 * 1024), Duration.ofMinutes(10), new SimpleMeterRegistry());
        cache.start();
        return cache;
    }

    /** Runs after the backend read an artifact's latest version. */
    protected void readLatest(String artifactId) {}

    /** Runs after the backend listed a scope's rules. */
    protected void listedRules(RuleScope scope) {}

    @Override
    protected RegistryStorage delegate() {
        return backend;
    }

    @Override
    public VersionStore versions() {
        return versions;
    }

    @Override
    public RuleStore rules() {
        return rules;
    }
}
