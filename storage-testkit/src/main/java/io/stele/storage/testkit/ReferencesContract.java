package io.stele.storage.testkit;

import static io.stele.storage.testkit.ContractFixtures.newId;
import static io.stele.storage.testkit.ContractFixtures.schema;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import io.stele.storage.ArtifactType;
import io.stele.storage.Content;
import io.stele.storage.EditableMeta;
import io.stele.storage.ImportedVersion;
import io.stele.storage.MissingReferenceException;
import io.stele.storage.ReferenceExistsException;
import io.stele.storage.SchemaReference;
import io.stele.storage.StoredContent;
import io.stele.storage.StoredVersion;
import io.stele.storage.TransferRecord;
import io.stele.storage.VersionDraft;
import io.stele.storage.VersionState;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** Schema references between versions ({@link SchemaReference}): part of {@link StorageContractSuite}. */
interface ReferencesContract extends ContractFixtures {

    /** Ids past any a backend allocates in these tests, one per use. */
    AtomicLong IMPORTED_IDS = new AtomicLong(7_000_000_000L + (System.nanoTime() & 0xFFFFFF) * 16);

    private static String user(String suffix) {
        return "{\"type\":\"record\",\"name\":\"User" + suffix
                + "\",\"fields\":[{\"name\":\"address\",\"type\":\"Address\"}]}";
    }

    private static VersionDraft referring(String artifactId, String text, SchemaReference... references) {
        return new VersionDraft(
                artifactId,
                ArtifactType.AVRO,
                Content.of(text.getBytes(), List.of(references)),
                EditableMeta.EMPTY,
                "");
    }

    private StoredVersion createReferring(String artifactId, String text, SchemaReference... references) {
        return storage().artifacts().create(referring(artifactId, text, references));
    }

    @Test
    default void references_areKeptWithTheContent_andTheSameTextWithOtherReferencesIsOtherContent() {
        String base = newId();
        create(base, schema(1), EditableMeta.EMPTY);
        add(base, schema(2), EditableMeta.EMPTY);
        String text = user(base.substring(9, 17));
        SchemaReference toV1 = new SchemaReference("Address", base, 1);
        SchemaReference toV2 = new SchemaReference("Address", base, 2);

        StoredVersion first = createReferring(newId(), text, toV1);
        StoredVersion sameAgain = createReferring(newId(), text, toV1);
        StoredVersion other = createReferring(newId(), text, toV2);
        StoredVersion plain = create(newId(), text, EditableMeta.EMPTY);

        assertThat(sameAgain.contentId()).isEqualTo(first.contentId());
        assertThat(Set.of(first.contentId(), other.contentId(), plain.contentId()))
                .hasSize(3);
        assertThat(storage().contents().byContentId(first.contentId()))
                .map(StoredContent::content)
                .map(Content::references)
                .contains(List.of(toV1));
        assertThat(storage().contents().byGlobalId(other.globalId()))
                .map(c -> c.content().references())
                .contains(List.of(toV2));
        assertThat(storage().contents().byContentId(plain.contentId()))
                .map(c -> c.content().references())
                .contains(List.of());
        assertThat(storage()
                        .contents()
                        .byContentId(first.contentId())
                        .orElseThrow()
                        .content())
                .isEqualTo(Content.of(text.getBytes(), List.of(toV1)));
    }

    @Test
    default void referrers_areTheVersionsOfAnyStateWhoseContentReferencesTheVersion() {
        String base = newId();
        create(base, schema(1), EditableMeta.EMPTY);
        String a = newId();
        String b = newId();
        StoredVersion byA = createReferring(a, user("A"), new SchemaReference("Address", base, 1));
        StoredVersion byB = createReferring(b, user("B"), new SchemaReference("Address", base, 1));
        storage().versions().add(referring(b, user("B2"), new SchemaReference("Address", base, 1)));
        storage().versions().updateState(b, 2, VersionState.DELETED, "bob");

        assertThat(storage().versions().referrers(base, 1))
                .extracting(StoredVersion::artifactId, StoredVersion::version)
                .containsExactlyElementsOf(
                        a.compareTo(b) < 0
                                ? List.of(tuple(a, 1), tuple(b, 1), tuple(b, 2))
                                : List.of(tuple(b, 1), tuple(b, 2), tuple(a, 1)));
        assertThat(storage().versions().referrers(a, 1)).isEmpty();
        assertThat(storage().versions().referrers(base, 9)).isEmpty();
        assertThat(List.of(byA.contentId(), byB.contentId())).doesNotHaveDuplicates();
    }

    @Test
    default void referencedVersion_isNotDeletedSoftlyOrForGood_norIsItsArtifact_untilTheReferrerIsGone() {
        String base = newId();
        create(base, schema(1), EditableMeta.EMPTY);
        add(base, schema(2), EditableMeta.EMPTY);
        String referrer = newId();
        createReferring(referrer, user("R"), new SchemaReference("Address", base, 1));
        storage().versions().updateState(referrer, 1, VersionState.DELETED, "bob"); // soft: still refers

        assertThatThrownBy(() -> storage().versions().updateState(base, 1, VersionState.DELETED, "bob"))
                .isInstanceOf(ReferenceExistsException.class)
                .hasMessageContaining(base);
        assertThatThrownBy(() -> storage().versions().delete(base, 1)).isInstanceOf(ReferenceExistsException.class);
        assertThatThrownBy(() -> storage().artifacts().delete(base))
                .isInstanceOfSatisfying(ReferenceExistsException.class, e -> assertThat(e.version())
                        .isEqualTo(1));
        assertThat(storage().versions().get(base, 1)).map(StoredVersion::state).contains(VersionState.ENABLED);
        assertThat(storage().versions().list(base)).containsExactly(1, 2);

        storage().versions().delete(base, 2); // not referenced
        storage().artifacts().delete(referrer);
        storage().versions().updateState(base, 1, VersionState.DELETED, "bob");
        storage().artifacts().delete(base);
        assertThat(storage().artifacts().get(base)).isEmpty();
    }

    @Test
    default void artifact_whoseVersionsReferenceEachOther_isDeletedWhole() {
        String id = newId();
        create(id, schema(1), EditableMeta.EMPTY);
        storage().versions().add(referring(id, user("Self"), new SchemaReference("Address", id, 1)));

        storage().artifacts().delete(id);

        assertThat(storage().artifacts().get(id)).isEmpty();
    }

    @Test
    default void add_referencingAMissingOrSoftDeletedVersion_failsAndStoresNothing() {
        String base = newId();
        create(base, schema(1), EditableMeta.EMPTY);
        add(base, schema(2), EditableMeta.EMPTY);
        storage().versions().updateState(base, 2, VersionState.DELETED, "bob");
        String id = newId();
        create(id, schema(3), EditableMeta.EMPTY);

        for (SchemaReference missing : List.of(
                new SchemaReference("Address", base, 2),
                new SchemaReference("Address", base, 3),
                new SchemaReference("Address", newId(), 1))) {
            assertThatThrownBy(() -> storage().versions().add(referring(id, user("M"), missing)))
                    .isInstanceOfSatisfying(MissingReferenceException.class, e -> assertThat(e.reference())
                            .isEqualTo(missing));
            assertThatThrownBy(() -> createReferring(newId() + "-new", user("N"), missing))
                    .isInstanceOf(MissingReferenceException.class);
        }
        assertThat(storage().versions().list(id)).containsExactly(1);
        assertThat(storage().versions().referrers(base, 2)).isEmpty();
    }

    @Test
    default void importVersion_keepsReferences_andChecksThem() {
        String base = newId();
        create(base, schema(1), EditableMeta.EMPTY);
        String id = newId();
        long contentId = IMPORTED_IDS.incrementAndGet();
        SchemaReference reference = new SchemaReference("Address", base, 1);

        StoredVersion imported = storage()
                .versions()
                .importVersion(new ImportedVersion(referring(id, user("I"), reference), contentId, 4));

        assertThat(imported.contentId()).isEqualTo(contentId);
        assertThat(storage().contents().byContentId(contentId))
                .map(c -> c.content().references())
                .contains(List.of(reference));
        assertThat(storage().versions().referrers(base, 1))
                .extracting(StoredVersion::artifactId)
                .containsExactly(id);
        SchemaReference missing = new SchemaReference("Address", base, 5);
        assertThatThrownBy(() -> storage()
                        .versions()
                        .importVersion(new ImportedVersion(
                                referring(id, user("J"), missing), IMPORTED_IDS.incrementAndGet(), 5)))
                .isInstanceOf(MissingReferenceException.class);
    }

    @Test
    default void exportAndImport_keepReferences() {
        String base = newId();
        String referrer = base + "-user";
        create(base, schema(1), EditableMeta.EMPTY);
        SchemaReference reference = new SchemaReference("Address", base, 1);
        StoredVersion user = createReferring(referrer, user("E"), reference);
        List<TransferRecord> records = new ArrayList<>();
        String[] current = {null};
        storage().transfer().export(record -> {
            if (record instanceof TransferRecord.Artifact a) {
                current[0] = a.artifactId();
            }
            if (base.equals(current[0]) || referrer.equals(current[0])) {
                records.add(record);
            }
        });
        assertThat(records)
                .filteredOn(r -> r instanceof TransferRecord.ContentBlob blob && blob.contentId() == user.contentId())
                .singleElement()
                .satisfies(r -> assertThat(
                                ((TransferRecord.ContentBlob) r).content().references())
                        .containsExactly(reference));

        storage().artifacts().delete(referrer);
        storage().artifacts().delete(base);
        storage().transfer().importBatch(records);

        assertThat(storage().versions().referrers(base, 1))
                .extracting(StoredVersion::globalId)
                .containsExactly(user.globalId());
        assertThatThrownBy(() -> storage().artifacts().delete(base)).isInstanceOf(ReferenceExistsException.class);
    }
}
