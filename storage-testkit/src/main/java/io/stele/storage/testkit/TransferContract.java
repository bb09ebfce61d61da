package io.stele.storage.testkit;

import static io.stele.storage.testkit.ContractFixtures.newId;
import static io.stele.storage.testkit.ContractFixtures.schema;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.stele.storage.AlreadyExistsException;
import io.stele.storage.ArtifactType;
import io.stele.storage.Content;
import io.stele.storage.EditableMeta;
import io.stele.storage.InvalidRequestException;
import io.stele.storage.PageRequest;
import io.stele.storage.RuleScope;
import io.stele.storage.RuleType;
import io.stele.storage.StoredArtifact;
import io.stele.storage.StoredVersion;
import io.stele.storage.TransferRecord;
import io.stele.storage.VersionState;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Export and import: part of {@link StorageContractSuite}. */
interface TransferContract extends ContractFixtures {

    private List<TransferRecord> exportOf(Set<String> artifactIds) {
        List<TransferRecord> records = new ArrayList<>();
        String[] current = {null};
        storage().transfer().export(record -> {
            if (record instanceof TransferRecord.Artifact a) {
                current[0] = a.artifactId();
            }
            boolean wanted = record instanceof TransferRecord.Rule r
                    ? r.scope().artifactId().filter(artifactIds::contains).isPresent()
                    : artifactIds.contains(current[0]);
            if (wanted) {
                records.add(record);
            }
        });
        return records;
    }

    @Test
    default void export_givesEachArtifactThenItsRulesThenItsVersions_eachContentBeforeItsFirstUse() {
        String id = newId();
        String one = "{\"type\":\"fixed\",\"name\":\"One" + id.replace("-", "") + "\",\"size\":1}";
        String two = one.replace("\"One", "\"Two");
        create(id, one, EditableMeta.EMPTY);
        add(id, two, EditableMeta.EMPTY);
        add(id, one, EditableMeta.EMPTY);
        storage().rules().create(RuleScope.artifact(id), RuleType.VALIDITY, "FULL");
        List<TransferRecord> records = exportOf(Set.of(id));
        assertThat(records).hasSize(1 + 1 + 2 + 3);
        assertThat(records.get(0)).isInstanceOf(TransferRecord.Artifact.class);
        assertThat(((TransferRecord.Artifact) records.get(0)).lastVersion()).isEqualTo(3);
        assertThat(records.get(1))
                .isEqualTo(new TransferRecord.Rule(RuleScope.artifact(id), RuleType.VALIDITY, "FULL"));
        Set<Long> given = new HashSet<>();
        List<Integer> versions = new ArrayList<>();
        for (TransferRecord record : records.subList(2, records.size())) {
            if (record instanceof TransferRecord.ContentBlob blob) {
                assertThat(given.add(blob.contentId())).isTrue();
            } else if (record instanceof TransferRecord.Version v) {
                assertThat(given).contains(v.version().contentId());
                versions.add(v.version().version());
            }
        }
        assertThat(versions).containsExactly(1, 2, 3);
    }

    @Test
    default void import_ofAnExport_restoresIdsNumbersStatesMetadataAndRules() {
        String id = newId();
        create(id, schema(1), EditableMeta.named("first", "one"));
        add(id, schema(2), EditableMeta.EMPTY);
        StoredVersion v3 = add(id, schema(3), EditableMeta.EMPTY);
        storage().versions().delete(id, 3);
        storage().versions().updateState(id, 2, VersionState.DEPRECATED, "bob");
        storage()
                .versions()
                .updateMeta(
                        id,
                        1,
                        new EditableMeta(Optional.of("n"), Optional.empty(), List.of("l"), Map.of("k", "v")),
                        "carol");
        storage().rules().create(RuleScope.artifact(id), RuleType.COMPATIBILITY, "BACKWARD");
        storage().rules().create(RuleScope.artifact(id), RuleType.INTEGRITY, "FULL");
        StoredArtifact before = storage().artifacts().get(id).orElseThrow();
        List<StoredVersion> versionsBefore =
                List.of(storage().versions().get(id, 1).orElseThrow(), before.latest());
        List<TransferRecord> records = exportOf(Set.of(id));

        storage().artifacts().delete(id);
        storage().transfer().importBatch(records);

        assertThat(storage().artifacts().get(id)).contains(before);
        assertThat(List.of(
                        storage().versions().get(id, 1).orElseThrow(),
                        storage().versions().get(id, 2).orElseThrow()))
                .isEqualTo(versionsBefore);
        assertThat(storage().rules().list(RuleScope.artifact(id)))
                .containsEntry(RuleType.COMPATIBILITY, "BACKWARD")
                .containsEntry(RuleType.INTEGRITY, "FULL");
        assertThat(storage()
                        .versions()
                        .findByCanonicalHash(id, Content.of(schema(1)).sha256()))
                .isPresent();
        StoredVersion next = add(id, schema(4), EditableMeta.EMPTY);
        assertThat(next.version()).isEqualTo(4);
        assertThat(next.globalId()).isGreaterThan(v3.globalId());
    }

    @Test
    default void import_ofAnExport_keepsSoftDeletedVersionsSoftDeleted() {
        String id = newId();
        create(id, schema(1), EditableMeta.EMPTY);
        add(id, schema(2), EditableMeta.EMPTY);
        storage().versions().updateState(id, 1, VersionState.DELETED, "bob");
        storage().versions().updateState(id, 2, VersionState.DELETED, "bob");
        StoredArtifact before = storage().artifacts().get(id).orElseThrow();
        List<TransferRecord> records = exportOf(Set.of(id));

        storage().artifacts().delete(id);
        storage().transfer().importBatch(records);

        assertThat(storage().artifacts().get(id)).contains(before);
        assertThat(storage().versions().get(id, 1)).map(StoredVersion::state).contains(VersionState.DELETED);
        assertThat(storage().versions().latest(id)).isEmpty();
        String stem = id.substring(0, id.length() - 1); // the id comes first after it, when listed
        assertThat(storage().artifacts().liveIds(PageRequest.after(stem, 1))).doesNotContain(id);
        assertThat(storage().artifacts().ids(PageRequest.after(stem, 1))).containsExactly(id);
    }

    @Test
    default void import_keepsGivenIds_andLaterIdsComeAfterThem() {
        String id = newId();
        long globalId = create(newId(), schema(1), EditableMeta.EMPTY).globalId() + 1_000;
        Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        Content content = Content.of("{\"type\":\"fixed\",\"name\":\"F" + id.replace("-", "") + "\",\"size\":4}");
        long contentId = 9_000_000_000L + (globalId % 1_000_000);
        storage()
                .transfer()
                .importBatch(List.of(
                        new TransferRecord.Artifact(id, ArtifactType.AVRO, "alice", now, 7),
                        new TransferRecord.ContentBlob(contentId, content),
                        new TransferRecord.Version(
                                new StoredVersion(
                                        id,
                                        7,
                                        globalId,
                                        contentId,
                                        ArtifactType.AVRO,
                                        VersionState.ENABLED,
                                        EditableMeta.named("F", null),
                                        "alice",
                                        now,
                                        "alice",
                                        now),
                                content.sha256())));
        assertThat(storage().versions().byGlobalId(globalId))
                .map(StoredVersion::version)
                .contains(7);
        assertThat(storage().contents().byGlobalId(globalId))
                .map(c -> c.content())
                .contains(content);
        StoredVersion next = add(id, schema(2), EditableMeta.EMPTY);
        assertThat(next.version()).isEqualTo(8);
        assertThat(next.globalId()).isGreaterThan(globalId);
        StoredVersion other = create(
                newId(),
                "{\"type\":\"enum\",\"name\":\"E" + id.replace("-", "") + "\",\"symbols\":[\"A\"]}",
                EditableMeta.EMPTY);
        assertThat(other.contentId()).isGreaterThan(contentId);
    }

    @Test
    default void import_isAllOrNothing_perBatch() {
        String existing = newId();
        create(existing, schema(1), EditableMeta.EMPTY);
        List<TransferRecord> records = new ArrayList<>(exportOf(Set.of(existing)));
        String fresh = newId();
        create(fresh, schema(2), EditableMeta.EMPTY);
        List<TransferRecord> freshRecords = exportOf(Set.of(fresh));
        storage().artifacts().delete(fresh);
        List<TransferRecord> batch = new ArrayList<>(freshRecords);
        batch.addAll(records);
        assertThatThrownBy(() -> storage().transfer().importBatch(batch))
                .isInstanceOf(AlreadyExistsException.class)
                .hasMessageContaining(existing);
        assertThat(storage().artifacts().get(fresh)).isEmpty();
    }

    @Test
    default void import_ofAValueTooLongForTheDatabase_isRefusedAsInvalid_andStoresNothing() {
        String id = newId();
        create(id, schema(1), EditableMeta.EMPTY);
        List<TransferRecord> records = new ArrayList<>(exportOf(Set.of(id)));
        storage().artifacts().delete(id);
        TransferRecord.Artifact artifact = (TransferRecord.Artifact) records.get(0);
        records.set(
                0,
                new TransferRecord.Artifact(
                        id, artifact.type(), "x".repeat(300), artifact.createdOn(), artifact.lastVersion()));
        assertThatThrownBy(() -> storage().transfer().importBatch(records)).isInstanceOf(InvalidRequestException.class);
        assertThat(storage().artifacts().get(id)).isEmpty();
    }

    @Test
    default void import_refusesBatchesItCannotFollow() {
        String id = newId();
        create(id, schema(1), EditableMeta.EMPTY);
        List<TransferRecord> records = exportOf(Set.of(id));
        storage().artifacts().delete(id);
        List<TransferRecord> versionsOnly = records.stream()
                .filter(r -> r instanceof TransferRecord.Version)
                .toList();
        assertThatThrownBy(() -> storage().transfer().importBatch(versionsOnly))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("without the artifact");
        TransferRecord.Version v = (TransferRecord.Version) versionsOnly.get(0);
        StoredVersion unknownContent = new StoredVersion(
                id,
                1,
                v.version().globalId(),
                Long.MAX_VALUE - 7,
                ArtifactType.AVRO,
                VersionState.ENABLED,
                EditableMeta.EMPTY,
                "",
                v.version().createdOn(),
                "",
                v.version().createdOn());
        assertThatThrownBy(() -> storage()
                        .transfer()
                        .importBatch(
                                List.of(records.get(0), new TransferRecord.Version(unknownContent, v.canonicalHash()))))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("content");
        assertThat(storage().artifacts().get(id)).isEmpty();
    }

    @Test
    default void import_keepsEveryCharacterOfTextAndEveryByteOfContent() {
        String id = newId();
        long globalId = create(newId(), schema(1), EditableMeta.EMPTY).globalId() + 2_000;
        long contentId = 8_000_000_000L + (globalId % 1_000_000);
        Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        String text = "tab\there, line\nbreak\r\n, back\\slash \\N \\x00 'quote' \"dq\" é 字 😀 \\";
        byte[] bytes = new byte[256];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) i;
        }
        Content content = Content.of(bytes);
        EditableMeta meta = new EditableMeta(
                Optional.of(text), Optional.of(text + "!"), List.of(text, "\\N"), Map.of(text, text, "\\N", ""));
        StoredVersion version = new StoredVersion(
                id, 1, globalId, contentId, ArtifactType.AVRO, VersionState.ENABLED, meta, "a\tb\\c", now, "d\ne", now);
        storage()
                .transfer()
                .importBatch(List.of(
                        new TransferRecord.Artifact(id, ArtifactType.AVRO, "a\tb\\c", now, 1),
                        new TransferRecord.ContentBlob(contentId, content),
                        new TransferRecord.Version(version, content.sha256())));

        assertThat(storage().versions().get(id, 1)).contains(version);
        assertThat(storage().contents().byGlobalId(globalId))
                .map(c -> c.content().bytes())
                .hasValue(bytes);
        assertThat(storage().artifacts().get(id).orElseThrow().createdBy()).isEqualTo("a\tb\\c");
    }
}
