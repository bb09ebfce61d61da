package io.stele.storage.kafka;

import io.stele.storage.EditableMeta;
import io.stele.storage.ImportedVersion;
import io.stele.storage.RegistryStorage;
import io.stele.storage.RuleScope;
import io.stele.storage.RuleType;
import io.stele.storage.TransferRecord;
import io.stele.storage.VersionDraft;
import io.stele.storage.VersionState;
import java.util.List;
import java.util.Optional;

/**
 * One write, as a record of the log. Every replica applies each command, in log order, to its local
 * state through the same storage methods, so they all reach the same state and the same ids; the
 * outcome (the stored version, or the failure) is what the replica that wrote it answers.
 */
sealed interface Command {

    /** Applies the command to a replica's local state and gives the outcome (null for none). */
    Object applyTo(RegistryStorage state);

    /** The artifact the command concerns, which is the record's key; empty for global rules. */
    Optional<String> artifactId();

    record CreateArtifact(VersionDraft draft) implements Command {
        @Override
        public Object applyTo(RegistryStorage state) {
            return state.artifacts().create(draft);
        }

        @Override
        public Optional<String> artifactId() {
            return Optional.of(draft.artifactId());
        }
    }

    record AddVersion(VersionDraft draft) implements Command {
        @Override
        public Object applyTo(RegistryStorage state) {
            return state.versions().add(draft);
        }

        @Override
        public Optional<String> artifactId() {
            return Optional.of(draft.artifactId());
        }
    }

    record ImportVersion(ImportedVersion imported) implements Command {
        @Override
        public Object applyTo(RegistryStorage state) {
            return state.versions().importVersion(imported);
        }

        @Override
        public Optional<String> artifactId() {
            return Optional.of(imported.draft().artifactId());
        }
    }

    record UpdateMeta(String id, int version, EditableMeta meta, String modifiedBy) implements Command {
        @Override
        public Object applyTo(RegistryStorage state) {
            return state.versions().updateMeta(id, version, meta, modifiedBy);
        }

        @Override
        public Optional<String> artifactId() {
            return Optional.of(id);
        }
    }

    record UpdateState(String id, int version, VersionState state, String modifiedBy) implements Command {
        @Override
        public Object applyTo(RegistryStorage storage) {
            return storage.versions().updateState(id, version, state, modifiedBy);
        }

        @Override
        public Optional<String> artifactId() {
            return Optional.of(id);
        }
    }

    record DeleteVersion(String id, int version) implements Command {
        @Override
        public Object applyTo(RegistryStorage state) {
            state.versions().delete(id, version);
            return null;
        }

        @Override
        public Optional<String> artifactId() {
            return Optional.of(id);
        }
    }

    record DeleteArtifact(String id) implements Command {
        @Override
        public Object applyTo(RegistryStorage state) {
            state.artifacts().delete(id);
            return null;
        }

        @Override
        public Optional<String> artifactId() {
            return Optional.of(id);
        }
    }

    /** How a rule changes: created, updated or deleted. */
    enum RuleChange {
        CREATE,
        UPDATE,
        DELETE
    }

    /** A rule created, updated (both with a config) or deleted (without). */
    record ChangeRule(RuleChange change, RuleScope scope, RuleType type, Optional<String> config) implements Command {
        @Override
        public Object applyTo(RegistryStorage state) {
            switch (change) {
                case CREATE -> state.rules().create(scope, type, config.orElseThrow());
                case UPDATE -> state.rules().update(scope, type, config.orElseThrow());
                case DELETE -> state.rules().delete(scope, type);
            }
            return null;
        }

        @Override
        public Optional<String> artifactId() {
            return scope.artifactId();
        }
    }

    record DeleteRules(RuleScope scope) implements Command {
        @Override
        public Object applyTo(RegistryStorage state) {
            state.rules().deleteAll(scope);
            return null;
        }

        @Override
        public Optional<String> artifactId() {
            return scope.artifactId();
        }
    }

    /** One import batch, all or nothing, with the ids it carries. */
    record Import(List<TransferRecord> batch) implements Command {
        @Override
        public Object applyTo(RegistryStorage state) {
            state.transfer().importBatch(batch);
            return null;
        }

        @Override
        public Optional<String> artifactId() {
            return Optional.empty();
        }
    }
}
