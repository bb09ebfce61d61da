package io.stele.storage.testkit;

import static io.stele.storage.testkit.ContractFixtures.newId;
import static io.stele.storage.testkit.ContractFixtures.schema;
import static org.assertj.core.api.Assertions.assertThat;

import io.stele.storage.Content;
import io.stele.storage.EditableMeta;
import io.stele.storage.PageRequest;
import io.stele.storage.StoredVersion;
import io.stele.storage.VersionState;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Soft deletion, a version in state {@link VersionState#DELETED}: part of {@link
 * StorageContractSuite}.
 */
interface SoftDeletionContract extends ContractFixtures {

    private String hash(int n) {
        return Content.of(schema(n)).sha256();
    }

    private List<String> liveIdsAfter(String before) {
        return storage().artifacts().liveIds(PageRequest.after(before, PageRequest.MAX_LIMIT));
    }

    @Test
    default void softDelete_hidesAVersionFromLatestAndFromLookups_butItIsStillReadByNumberAndIds() {
        String id = newId();
        create(id, schema(1), EditableMeta.EMPTY);
        StoredVersion v2 = add(id, schema(2), EditableMeta.named("two", null));

        StoredVersion deleted = storage().versions().updateState(id, 2, VersionState.DELETED, "bob");

        assertThat(deleted.state()).isEqualTo(VersionState.DELETED);
        assertThat(storage().versions().latest(id)).map(StoredVersion::version).contains(1);
        assertThat(storage().versions().findByCanonicalHash(id, hash(2))).isEmpty();
        assertThat(storage().versions().get(id, 2)).map(StoredVersion::state).contains(VersionState.DELETED);
        assertThat(storage().versions().byGlobalId(v2.globalId()))
                .map(StoredVersion::state)
                .contains(VersionState.DELETED);
        assertThat(storage().versions().byContentId(v2.contentId()))
                .extracting(StoredVersion::globalId)
                .contains(v2.globalId()); // other tests' versions may share the content
        assertThat(storage().contents().byContentId(v2.contentId())).isPresent();
        assertThat(storage().versions().list(id)).containsExactly(1, 2);
        assertThat(storage().artifacts().get(id).orElseThrow().latest().version())
                .isEqualTo(1);
    }

    @Test
    default void softDelete_ofEveryVersion_leavesTheArtifactOutOfLiveIds_untilOneIsRestored() {
        String before = newId();
        String id = before + "-x";
        create(id, schema(1), EditableMeta.EMPTY);
        add(id, schema(2), EditableMeta.EMPTY);
        storage().versions().updateState(id, 1, VersionState.DELETED, "bob");
        assertThat(liveIdsAfter(before)).first().isEqualTo(id);

        storage().versions().updateState(id, 2, VersionState.DELETED, "bob");

        assertThat(liveIdsAfter(before)).doesNotContain(id);
        assertThat(storage().artifacts().ids(PageRequest.after(before, 1))).containsExactly(id);
        assertThat(storage().versions().latest(id)).isEmpty();
        assertThat(storage().artifacts().get(id).orElseThrow().latest())
                .extracting(StoredVersion::version, StoredVersion::state)
                .containsExactly(2, VersionState.DELETED);

        storage().versions().updateState(id, 1, VersionState.ENABLED, "bob");
        assertThat(liveIdsAfter(before)).first().isEqualTo(id);
        assertThat(storage().versions().latest(id)).map(StoredVersion::version).contains(1);
    }

    @Test
    default void artifact_showsADisabledVersionBeforeASoftDeletedOne() {
        String id = newId();
        create(id, schema(1), EditableMeta.named("one", null));
        add(id, schema(2), EditableMeta.named("two", null));
        storage().versions().updateState(id, 1, VersionState.DISABLED, "bob");
        storage().versions().updateState(id, 2, VersionState.DELETED, "bob");

        assertThat(storage().artifacts().get(id).orElseThrow().latest().meta().name())
                .contains("one");
        assertThat(liveIdsAfter(id.substring(0, id.length() - 1))).contains(id);
        assertThat(storage().versions().latest(id)).isEmpty();
    }

    @Test
    default void addingTheContentOfASoftDeletedVersion_givesANewVersionWithTheSameContentId() {
        String id = newId();
        StoredVersion first = create(id, schema(1), EditableMeta.EMPTY);
        storage().versions().updateState(id, 1, VersionState.DELETED, "bob");

        StoredVersion again = add(id, schema(1), EditableMeta.EMPTY);

        assertThat(again.version()).isEqualTo(2);
        assertThat(again.contentId()).isEqualTo(first.contentId());
        assertThat(again.globalId()).isGreaterThan(first.globalId());
        assertThat(storage().versions().findByCanonicalHash(id, hash(1)))
                .map(StoredVersion::version)
                .contains(2);
        assertThat(storage().versions().latest(id)).map(StoredVersion::version).contains(2);
    }

    @Test
    default void softDeletedVersions_canBeDeletedForGood_andTheirNumbersAreNotGivenAgain() {
        String id = newId();
        create(id, schema(1), EditableMeta.EMPTY);
        add(id, schema(2), EditableMeta.EMPTY);
        storage().versions().updateState(id, 2, VersionState.DELETED, "bob");

        storage().versions().delete(id, 2);

        assertThat(storage().versions().list(id)).containsExactly(1);
        assertThat(add(id, schema(3), EditableMeta.EMPTY).version()).isEqualTo(3);
    }
}
