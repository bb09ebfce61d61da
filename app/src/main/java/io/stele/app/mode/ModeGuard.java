package io.stele.app.mode;

import io.stele.storage.ArtifactStore;
import io.stele.storage.EditableMeta;
import io.stele.storage.ImportedVersion;
import io.stele.storage.RegistryStorage;
import io.stele.storage.RuleScope;
import io.stele.storage.RuleStore;
import io.stele.storage.RuleType;
import io.stele.storage.StoredArtifact;
import io.stele.storage.StoredVersion;
import io.stele.storage.TransferRecord;
import io.stele.storage.TransferStore;
import io.stele.storage.VersionDraft;
import io.stele.storage.VersionState;
import io.stele.storage.VersionStore;
import io.stele.storage.forwarding.ForwardingArtifactReads;
import io.stele.storage.forwarding.ForwardingRuleReads;
import io.stele.storage.forwarding.ForwardingStorage;
import io.stele.storage.forwarding.ForwardingTransferReads;
import io.stele.storage.forwarding.ForwardingVersionReads;
import java.util.List;
import java.util.Optional;

/**
 * Refuses every write, through any API, that the mode in force forbids: in {@link Mode#READONLY}
 * mode, globally or for the artifact written, each write but a change of a MODE rule throws {@link
 * ReadOnlyException} before it reaches the backend. Reads pass untouched. The modes are read from
 * the storage it guards (the read cache, so a write costs no extra call to the backend).
 * Thread-safe.
 */
public final class ModeGuard extends ForwardingStorage {

    private final RegistryStorage backend;

    private final ArtifactStore artifacts = new Artifacts();
    private final VersionStore versions = new Versions();
    private final RuleStore rules = new Rules();
    private final TransferStore transfer = new Transfer();

    public ModeGuard(RegistryStorage backend) {
        this.backend = backend;
    }

    @Override
    protected RegistryStorage delegate() {
        return backend;
    }

    private void requireWritable(Optional<String> artifactId) {
        requireWritable(backend.rules(), artifactId);
    }

    /**
     * Refuses a write to the artifact (or, with none, to the registry) that the mode in force
     * forbids, reading the modes from {@code rules}: what every guarded write asks, and what a
     * request that stands for a write asks when it finds it has nothing to write.
     *
     * @throws ReadOnlyException in {@link Mode#READONLY} mode
     */
    public static void requireWritable(RuleStore rules, Optional<String> artifactId) {
        if (Mode.inForce(scope -> rules.get(scope, RuleType.MODE), artifactId) == Mode.READONLY) {
            throw new ReadOnlyException(artifactId);
        }
    }

    @Override
    public ArtifactStore artifacts() {
        return artifacts;
    }

    @Override
    public VersionStore versions() {
        return versions;
    }

    @Override
    public RuleStore rules() {
        return rules;
    }

    @Override
    public TransferStore transfer() {
        return transfer;
    }

    private final class Artifacts extends ForwardingArtifactReads {
        @Override
        protected ArtifactStore delegate() {
            return backend.artifacts();
        }

        @Override
        public StoredVersion create(VersionDraft draft) {
            requireWritable(Optional.of(draft.artifactId()));
            return delegate().create(draft);
        }

        @Override
        public void delete(String artifactId) {
            requireWritable(Optional.of(artifactId));
            delegate().delete(artifactId);
        }
    }

    private final class Versions extends ForwardingVersionReads {
        @Override
        protected VersionStore delegate() {
            return backend.versions();
        }

        @Override
        public StoredArtifact add(VersionDraft draft) {
            requireWritable(Optional.of(draft.artifactId()));
            return delegate().add(draft);
        }

        @Override
        public StoredVersion importVersion(ImportedVersion imported) {
            requireWritable(Optional.of(imported.draft().artifactId()));
            return delegate().importVersion(imported);
        }

        @Override
        public StoredVersion updateMeta(String artifactId, int version, EditableMeta meta, String modifiedBy) {
            requireWritable(Optional.of(artifactId));
            return delegate().updateMeta(artifactId, version, meta, modifiedBy);
        }

        @Override
        public StoredVersion updateState(String artifactId, int version, VersionState state, String modifiedBy) {
            requireWritable(Optional.of(artifactId));
            return delegate().updateState(artifactId, version, state, modifiedBy);
        }

        @Override
        public void delete(String artifactId, int version) {
            requireWritable(Optional.of(artifactId));
            delegate().delete(artifactId, version);
        }
    }

    /** Rules: a MODE rule may always change, so that a read-only registry can be opened again. */
    private final class Rules extends ForwardingRuleReads {
        @Override
        protected RuleStore delegate() {
            return backend.rules();
        }

        private void requireWritable(RuleScope scope, RuleType type) {
            if (type != RuleType.MODE) {
                ModeGuard.this.requireWritable(scope.artifactId());
            }
        }

        @Override
        public void create(RuleScope scope, RuleType type, String config) {
            requireWritable(scope, type);
            delegate().create(scope, type, config);
        }

        @Override
        public void update(RuleScope scope, RuleType type, String config) {
            requireWritable(scope, type);
            delegate().update(scope, type, config);
        }

        @Override
        public void delete(RuleScope scope, RuleType type) {
            requireWritable(scope, type);
            delegate().delete(scope, type);
        }

        @Override
        public void deleteAll(RuleScope scope) {
            ModeGuard.this.requireWritable(scope.artifactId());
            delegate().deleteAll(scope);
        }
    }

    private final class Transfer extends ForwardingTransferReads {
        @Override
        protected TransferStore delegate() {
            return backend.transfer();
        }

        @Override
        public void importBatch(List<TransferRecord> batch) {
            requireWritable(Optional.empty());
            delegate().importBatch(batch);
        }
    }
}
