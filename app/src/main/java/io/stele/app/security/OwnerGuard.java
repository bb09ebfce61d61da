package io.stele.app.security;

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
import java.util.function.Supplier;

/**
 * Writes in the caller's name, through any API: every version created is stamped with the
 * caller's principal as {@code createdBy}, and every change of metadata or state with it as {@code
 * modifiedBy}, whatever the request said. With owner-only writes on, a change to an existing
 * artifact (a version, its metadata, states, rules or deletion) by anyone but its creator or an
 * admin throws {@link NotOwnerException} before it reaches the backend. An import keeps the names
 * it carries (only admins import). Owners are read from the storage it guards. Thread-safe.
 */
public final class OwnerGuard extends ForwardingStorage {

    private final RegistryStorage backend;
    private final Supplier<Caller> callers;
    private final boolean ownerOnly;

    private final ArtifactStore artifacts = new Artifacts();
    private final VersionStore versions = new Versions();
    private final RuleStore rules = new Rules();
    private final TransferStore transfer = new Transfer();

    /**
     * @param backend what it guards, from which it reads owners (the read cache, so a write costs
     *     no extra call to the backend)
     * @param callers the caller of the request being served
     * @param ownerOnly whether only an artifact's creator, or an admin, may change it
     */
    public OwnerGuard(RegistryStorage backend, Supplier<Caller> callers, boolean ownerOnly) {
        this.backend = backend;
        this.callers = callers;
        this.ownerOnly = ownerOnly;
    }

    @Override
    protected RegistryStorage delegate() {
        return backend;
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

    /** The caller, once it is known to be allowed to change the artifact. */
    private Caller requireOwner(String artifactId) {
        Caller caller = callers.get();
        if (ownerOnly && !caller.allows(Role.ADMIN)) {
            Optional<String> owner = backend.artifacts().get(artifactId).map(StoredArtifact::createdBy);
            if (owner.isPresent() && !owner.get().equals(caller.name())) {
                throw new NotOwnerException(artifactId, caller.name());
            }
        }
        return caller;
    }

    private static VersionDraft stamped(VersionDraft draft, Caller caller) {
        return new VersionDraft(
                draft.artifactId(), draft.type(), draft.content(), draft.meta(), caller.name(), draft.canonicalHash());
    }

    private final class Artifacts extends ForwardingArtifactReads {
        @Override
        protected ArtifactStore delegate() {
            return backend.artifacts();
        }

        @Override
        public StoredVersion create(VersionDraft draft) {
            return delegate().create(stamped(draft, callers.get()));
        }

        @Override
        public void delete(String artifactId) {
            requireOwner(artifactId);
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
            return delegate().add(stamped(draft, requireOwner(draft.artifactId())));
        }

        /** An import keeps the names it carries: only admins import. */
        @Override
        public StoredVersion importVersion(ImportedVersion imported) {
            return delegate().importVersion(imported);
        }

        @Override
        public StoredVersion updateMeta(String artifactId, int version, EditableMeta meta, String modifiedBy) {
            return delegate()
                    .updateMeta(
                            artifactId, version, meta, requireOwner(artifactId).name());
        }

        @Override
        public StoredVersion updateState(String artifactId, int version, VersionState state, String modifiedBy) {
            return delegate()
                    .updateState(
                            artifactId, version, state, requireOwner(artifactId).name());
        }

        @Override
        public void delete(String artifactId, int version) {
            requireOwner(artifactId);
            delegate().delete(artifactId, version);
        }
    }

    /** Rules of an artifact change as the artifact does; global rules are an admin's alone already. */
    private final class Rules extends ForwardingRuleReads {
        @Override
        protected RuleStore delegate() {
            return backend.rules();
        }

        private void requireOwner(RuleScope scope) {
            scope.artifactId().ifPresent(OwnerGuard.this::requireOwner);
        }

        @Override
        public void create(RuleScope scope, RuleType type, String config) {
            requireOwner(scope);
            delegate().create(scope, type, config);
        }

        @Override
        public void update(RuleScope scope, RuleType type, String config) {
            requireOwner(scope);
            delegate().update(scope, type, config);
        }

        @Override
        public void delete(RuleScope scope, RuleType type) {
            requireOwner(scope);
            delegate().delete(scope, type);
        }

        @Override
        public void deleteAll(RuleScope scope) {
            requireOwner(scope);
            delegate().deleteAll(scope);
        }
    }

    /** An import keeps the names it carries: only admins import. */
    private final class Transfer extends ForwardingTransferReads {
        @Override
        protected TransferStore delegate() {
            return backend.transfer();
        }

        @Override
        public void importBatch(List<TransferRecord> batch) {
            delegate().importBatch(batch);
        }
    }
}
