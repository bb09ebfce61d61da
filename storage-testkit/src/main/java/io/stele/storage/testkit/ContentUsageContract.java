package io.stele.storage.testkit;

import static io.stele.storage.testkit.ContractFixtures.newId;
import static org.assertj.core.api.Assertions.assertThat;

import io.stele.storage.EditableMeta;
import io.stele.storage.StoredVersion;
import io.stele.storage.VersionState;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The versions that use one content, across artifacts: part of {@link StorageContractSuite}. */
interface ContentUsageContract extends ContractFixtures {

    /** Content no other test stores, so that only this test's versions use it. */
    private static String uniqueSchema() {
        return "{\"type\":\"string\",\"doc\":\"" + UUID.randomUUID() + "\"}";
    }

    @Test
    default void byContentId_listsEveryVersionUsingTheContent_inAnyState_byArtifactThenVersion() {
        String shared = uniqueSchema();
        String b = "b-" + newId();
        String a = "a-" + newId();
        StoredVersion bFirst = create(b, shared, EditableMeta.EMPTY);
        add(b, uniqueSchema(), EditableMeta.EMPTY);
        StoredVersion bThird = add(b, shared, EditableMeta.EMPTY);
        StoredVersion aFirst = create(a, shared, EditableMeta.EMPTY);
        storage().versions().updateState(b, 3, VersionState.DISABLED, "bob");

        assertThat(bThird.contentId()).isEqualTo(bFirst.contentId());
        assertThat(aFirst.contentId()).isEqualTo(bFirst.contentId());
        assertThat(storage().versions().byContentId(bFirst.contentId()))
                .extracting(v -> v.artifactId() + "/" + v.version() + "/" + v.state())
                .containsExactly(a + "/1/ENABLED", b + "/1/ENABLED", b + "/3/DISABLED");
    }

    @Test
    default void byContentId_leavesOutDeletedVersions_andIsEmptyForContentNoVersionUses() {
        String shared = uniqueSchema();
        String id = newId();
        StoredVersion first = create(id, shared, EditableMeta.EMPTY);
        add(id, shared, EditableMeta.EMPTY);
        storage().versions().delete(id, 2);
        assertThat(storage().versions().byContentId(first.contentId()))
                .extracting(StoredVersion::globalId)
                .containsExactly(first.globalId());

        storage().artifacts().delete(id);
        assertThat(storage().versions().byContentId(first.contentId())).isEmpty();
        assertThat(storage().versions().byContentId(Long.MAX_VALUE)).isEmpty();
    }
}
