package io.stele.storage.testkit;

import static io.stele.storage.testkit.ContractFixtures.draft;
import static io.stele.storage.testkit.ContractFixtures.newId;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.stele.storage.AlreadyExistsException;
import io.stele.storage.ArtifactType;
import io.stele.storage.ArtifactTypeMismatchException;
import io.stele.storage.ConflictException;
import io.stele.storage.Content;
import io.stele.storage.EditableMeta;
import io.stele.storage.ImportedVersion;
import io.stele.storage.StoredVersion;
import io.stele.storage.VersionDraft;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** Versions stored with the ids and numbers another registry gave them: part of {@link StorageContractSuite}. */
interface ImportVersionContract extends ContractFixtures {

    /** Content no other test stores. */
    private static String uniqueSchema() {
        return "{\"type\":\"string\",\"doc\":\"" + UUID.randomUUID() + "\"}";
    }

    /** A contentId well past every one given so far, which no other test takes. */
    private long freshContentId() {
        return create(newId(), uniqueSchema(), EditableMeta.EMPTY).contentId()
                + 1_000
                + (UUID.randomUUID().hashCode() & 0xFFFF);
    }

    private StoredVersion importAs(String id, String schema, long contentId, int version) {
        return storage()
                .versions()
                .importVersion(new ImportedVersion(draft(id, schema, EditableMeta.EMPTY), contentId, version));
    }

    @Test
    default void importVersion_keepsTheContentIdAndNumber_andLaterIdsAndNumbersComeAfter() {
        String id = newId();
        long contentId = freshContentId();
        String schema = uniqueSchema();

        StoredVersion imported = importAs(id, schema, contentId, 3);

        assertThat(imported.contentId()).isEqualTo(contentId);
        assertThat(imported.version()).isEqualTo(3);
        assertThat(storage().versions().get(id, 3)).contains(imported);
        assertThat(storage().versions().latest(id)).contains(imported);
        assertThat(storage()
                        .contents()
                        .byContentId(contentId)
                        .orElseThrow()
                        .content()
                        .text())
                .isEqualTo(schema);
        assertThat(storage()
                        .versions()
                        .findByCanonicalHash(id, Content.of(schema).sha256()))
                .contains(imported);

        StoredVersion next = add(id, uniqueSchema(), EditableMeta.EMPTY);
        assertThat(next.version()).isEqualTo(4);
        assertThat(next.contentId()).isGreaterThan(contentId);
        assertThat(importAs(id, uniqueSchema(), freshContentId(), 1).version()).isEqualTo(1);
        assertThat(storage().versions().list(id)).containsExactly(1, 3, 4);
        assertThat(storage().versions().latest(id)).map(StoredVersion::version).contains(4);
    }

    @Test
    default void importVersion_ofContentStoredUnderThatId_sharesIt() {
        String schema = uniqueSchema();
        StoredVersion first = create(newId(), schema, EditableMeta.EMPTY);
        StoredVersion imported = importAs(newId(), schema, first.contentId(), 1);
        assertThat(imported.contentId()).isEqualTo(first.contentId());
    }

    @Test
    default void importVersion_refusesATakenIdOrNumber_andStoresNothing() {
        StoredVersion taken = create(newId(), uniqueSchema(), EditableMeta.EMPTY);
        String id = newId();
        assertThatThrownBy(() -> importAs(id, uniqueSchema(), taken.contentId(), 1))
                .as("an id that holds other content")
                .isInstanceOf(ConflictException.class);
        assertThat(storage().artifacts().get(id)).isEmpty();
        String stored = uniqueSchema();
        long storedUnder = create(newId(), stored, EditableMeta.EMPTY).contentId();
        assertThatThrownBy(() -> importAs(id, stored, storedUnder + 1, 1))
                .as("content stored under another id")
                .isInstanceOf(ConflictException.class);

        importAs(id, uniqueSchema(), freshContentId(), 2);
        assertThatThrownBy(() -> importAs(id, uniqueSchema(), freshContentId(), 2))
                .isInstanceOf(AlreadyExistsException.class);
        VersionDraft json = new VersionDraft(id, ArtifactType.JSON, Content.of("{}"), EditableMeta.EMPTY, "alice");
        assertThatThrownBy(() -> storage().versions().importVersion(new ImportedVersion(json, freshContentId(), 5)))
                .isInstanceOf(ArtifactTypeMismatchException.class);
        assertThat(storage().versions().list(id)).containsExactly(2);
    }
}
