package io.stele.storage.testkit;

import static io.stele.storage.testkit.ContractFixtures.newId;
import static io.stele.storage.testkit.ContractFixtures.schema;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.stele.storage.AlreadyExistsException;
import io.stele.storage.Change;
import io.stele.storage.EditableMeta;
import io.stele.storage.NotFoundException;
import io.stele.storage.RuleScope;
import io.stele.storage.RuleType;
import io.stele.storage.TransferRecord;
import io.stele.storage.VersionState;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * An artifact's rules, configured before the artifact exists: part of {@link
 * StorageContractSuite}.
 */
interface RulesAheadContract extends ContractFixtures {

    @Test
    default void rulesOfAnArtifactNotCreatedYet_areConfiguredLikeAnyOther_andApplyOnceItIs() {
        String id = newId();
        RuleScope scope = RuleScope.artifact(id);
        assertThat(storage().rules().list(scope)).isEmpty();
        assertThat(storage().rules().get(scope, RuleType.COMPATIBILITY)).isEmpty();
        assertThatThrownBy(() -> storage().rules().update(scope, RuleType.COMPATIBILITY, "FULL"))
                .isInstanceOf(NotFoundException.class);
        assertThatThrownBy(() -> storage().rules().delete(scope, RuleType.COMPATIBILITY))
                .isInstanceOf(NotFoundException.class);

        storage().rules().create(scope, RuleType.COMPATIBILITY, "NONE");
        storage().rules().create(scope, RuleType.MODE, "IMPORT");
        assertThatThrownBy(() -> storage().rules().create(scope, RuleType.MODE, "READONLY"))
                .isInstanceOf(AlreadyExistsException.class);
        storage().rules().update(scope, RuleType.COMPATIBILITY, "FULL");
        assertThat(storage().artifacts().get(id)).isEmpty();
        assertThat(storage().rules().list(scope))
                .containsExactlyInAnyOrderEntriesOf(Map.of(RuleType.COMPATIBILITY, "FULL", RuleType.MODE, "IMPORT"));

        create(id, schema(1), EditableMeta.EMPTY);
        assertThat(storage().rules().list(scope))
                .containsExactlyInAnyOrderEntriesOf(Map.of(RuleType.COMPATIBILITY, "FULL", RuleType.MODE, "IMPORT"));
        storage().rules().delete(scope, RuleType.MODE);
        assertThat(storage().rules().list(scope)).containsExactlyEntriesOf(Map.of(RuleType.COMPATIBILITY, "FULL"));
    }

    @Test
    default void rulesOfAnArtifact_areDeletedWithIt_butKeptWhenItsVersionsAreSoftDeleted() {
        String id = newId();
        RuleScope scope = RuleScope.artifact(id);
        storage().rules().create(scope, RuleType.COMPATIBILITY, "FORWARD");
        create(id, schema(1), EditableMeta.EMPTY);
        storage().versions().updateState(id, 1, VersionState.DELETED, "bob");
        assertThat(storage().rules().get(scope, RuleType.COMPATIBILITY)).contains("FORWARD");

        storage().versions().delete(id, 1); // its last version: the artifact goes, and its rules
        assertThat(storage().artifacts().get(id)).isEmpty();
        assertThat(storage().rules().list(scope)).isEmpty();

        storage().rules().create(scope, RuleType.COMPATIBILITY, "BACKWARD");
        assertThat(storage().rules().list(scope)).containsExactlyEntriesOf(Map.of(RuleType.COMPATIBILITY, "BACKWARD"));
        storage().rules().deleteAll(scope);
        assertThat(storage().rules().list(scope)).isEmpty();
        storage().rules().deleteAll(scope); // nothing to delete is no error
    }

    @Test
    default void changesOfRulesAhead_areReportedAsChangesOfTheArtifact() throws Exception {
        String id = newId();
        RuleScope scope = RuleScope.artifact(id);
        List<Change> seen = new CopyOnWriteArrayList<>();
        try (AutoCloseable subscription = storage().changes().subscribe(seen::add)) {
            storage().rules().create(scope, RuleType.MODE, "READONLY");
            assertThat(seen).contains(new Change.ArtifactChanged(id));
            seen.clear();
            storage().rules().deleteAll(scope);
            assertThat(seen).contains(new Change.ArtifactChanged(id));
        }
    }

    @Test
    default void export_carriesRulesAhead_andImportTakesThem() {
        String id = newId();
        RuleScope scope = RuleScope.artifact(id);
        storage().rules().create(scope, RuleType.COMPATIBILITY, "FULL_TRANSITIVE");
        List<TransferRecord> mine = new ArrayList<>();
        storage().transfer().export(record -> {
            if (record instanceof TransferRecord.Rule r && r.scope().equals(scope)) {
                mine.add(record);
            }
        });
        assertThat(mine).containsExactly(new TransferRecord.Rule(scope, RuleType.COMPATIBILITY, "FULL_TRANSITIVE"));

        storage().rules().deleteAll(scope);
        storage().transfer().importBatch(mine);
        assertThat(storage().rules().list(scope))
                .containsExactlyEntriesOf(Map.of(RuleType.COMPATIBILITY, "FULL_TRANSITIVE"));
        assertThat(storage().artifacts().get(id)).isEmpty();
        assertThatThrownBy(() -> storage().transfer().importBatch(mine)).isInstanceOf(AlreadyExistsException.class);
    }
}
