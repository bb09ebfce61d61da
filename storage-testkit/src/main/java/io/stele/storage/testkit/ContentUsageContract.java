package io.stele.storage.testkit;

import static io.stele.storage.testkit.ContractFixtures.newId;
import static org.assertj.core.api.Assertions.assertThat;

import io.stele.storage.ArtifactType;
import io.stele.storage.Content;
import io.stele.storage.EditableMeta;
import io.stele.storage.SchemaReference;
import io.stele.storage.StoredVersion;
import io.stele.storage.VersionDraft;
import io.stele.storage.VersionState;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Content found by what it is: the versions that use one content, across artifacts, and the content
 * by its identity hash. Part of {@link StorageContractSuite}.
 */
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

    @Test
    default void byIdentity_findsEachContentByItsOwnHash_ofEveryTypeAndWithReferences() {
        String text = uniqueSchema();
        String avroId = newId();
        StoredVersion avro = create(avroId, text, EditableMeta.EMPTY);
        StoredVersion json = storage()
                .artifacts()
                .create(new VersionDraft(
                        newId(),
                        ArtifactType.JSON,
                        Content.of(text).ofType(ArtifactType.JSON),
                        EditableMeta.EMPTY,
                        ""));
        Content referencing = Content.of(
                uniqueSchema().getBytes(java.nio.charset.StandardCharsets.UTF_8),
                List.of(new SchemaReference("a.B", avroId, 1)));
        StoredVersion withReference = storage()
                .artifacts()
                .create(new VersionDraft(newId(), ArtifactType.AVRO, referencing, EditableMeta.EMPTY, ""));

        assertThat(storage()
                        .contents()
                        .byIdentity(Content.of(text).sha256())
                        .orElseThrow()
                        .contentId())
                .isEqualTo(avro.contentId());
        assertThat(storage()
                        .contents()
                        .byIdentity(Content.of(text).ofType(ArtifactType.JSON).sha256())
                        .orElseThrow()
                        .contentId())
                .isEqualTo(json.contentId());
        assertThat(storage()
                        .contents()
                        .byIdentity(referencing.sha256())
                        .orElseThrow()
                        .content())
                .isEqualTo(referencing);
        assertThat(withReference.contentId()).isNotIn(avro.contentId(), json.contentId());
    }

    @Test
    default void byIdentity_findsNothing_forAHashNoContentHas_orTextThatIsNoHash() {
        assertThat(storage().contents().byIdentity(Content.of(uniqueSchema()).sha256()))
                .isEmpty();
        assertThat(storage().contents().byIdentity("")).isEmpty();
        assertThat(storage().contents().byIdentity("not a hash ' OR 1=1 --")).isEmpty();
        assertThat(storage().contents().byIdentity("0".repeat(200))).isEmpty();
    }
}
