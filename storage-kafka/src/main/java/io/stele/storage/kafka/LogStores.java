package io.stele.storage.kafka;

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
import io.stele.storage.forwarding.ForwardingArtifactStore;
import io.stele.storage.forwarding.ForwardingRuleStore;
import io.stele.storage.forwarding.ForwardingTransferStore;
import io.stele.storage.forwarding.ForwardingVersionStore;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * The stores a replica offers: reads forwarded to the local state, writes sent as commands through
 * the log, each returning the outcome of applying it.
 */
final class LogStores {

    private final RegistryStorage local;
    private final Function<Command, Object> log;
    private final ArtifactStore artifacts = new Artifacts();
    private final VersionStore versions = new Versions();
    private final RuleStore rules = new Rules();
    private final TransferStore transfer = new Transfer();

    LogStores(RegistryStorage local, Function<Command, Object> log) {
        this.local = local;
        this.log = log;
    }

    ArtifactStore artifacts() {
        return artifacts;
    }

    VersionStore versions() {
        return versions;
    }

    RuleStore rules() {
        return rules;
    }

    TransferStore transfer() {
        return transfer;
    }

    private final class Artifacts extends ForwardingArtifactStore {
        @Override
        protected ArtifactStore delegate() {
            return local.artifacts();
        }

        @Override
        public StoredVersion create(VersionDraft draft) {
            return (StoredVersion) log.apply(new Command.CreateArtifact(draft));
        }

        @Override
        public void delete(String artifactId) {
            log.apply(new Command.DeleteArtifact(artifactId));
        }
    }

    private final class Versions extends ForwardingVersionStore {
        @Override
        protected VersionStore delegate() {
            return local.versions();
        }

        @Override
        public StoredArtifact add(VersionDraft draft) {
            return (StoredArtifact) log.apply(new Command.AddVersion(draft));
        }

        @Override
        public StoredVersion importVersion(ImportedVersion imported) {
            return (StoredVersion) log.apply(new Command.ImportVersion(imported));
        }

        @Override
        public StoredVersion updateMeta(String artifactId, int version, EditableMeta meta, String modifiedBy) {
            return (StoredVersion) log.apply(new Command.UpdateMeta(artifactId, version, meta, modifiedBy));
        }

        @Override
        public StoredVersion updateState(String artifactId, int version, VersionState state, String modifiedBy) {
            return (StoredVersion) log.apply(new Command.UpdateState(artifactId, version, state, modifiedBy));
        }

        @Override
        public void delete(String artifactId, int version) {
            log.apply(new Command.DeleteVersion(artifactId, version));
        }
    }

    private final class Rules extends ForwardingRuleStore {
        @Override
        protected RuleStore delegate() {
            return local.rules();
        }

        @Override
        public void create(RuleScope scope, RuleType type, String config) {
            log.apply(new Command.ChangeRule(Command.RuleChange.CREATE, scope, type, Optional.of(config)));
        }

        @Override
        public void update(RuleScope scope, RuleType type, String config) {
            log.apply(new Command.ChangeRule(Command.RuleChange.UPDATE, scope, type, Optional.of(config)));
        }

        @Override
        public void delete(RuleScope scope, RuleType type) {
            log.apply(new Command.ChangeRule(Command.RuleChange.DELETE, scope, type, Optional.empty()));
        }

        @Override
        public void deleteAll(RuleScope scope) {
            log.apply(new Command.DeleteRules(scope));
        }
    }

    private final class Transfer extends ForwardingTransferStore {
        @Override
        protected TransferStore delegate() {
            return local.transfer();
        }

        @Override
        public void importBatch(List<TransferRecord> batch) {
            log.apply(new Command.Import(List.copyOf(batch)));
        }
    }
}
