package io.stele.storage.testkit;

import static io.stele.storage.testkit.ContractFixtures.newId;
import static io.stele.storage.testkit.ContractFixtures.schema;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.stele.storage.EditableMeta;
import io.stele.storage.NotFoundException;
import io.stele.storage.StoredVersion;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Deleting single versions: part of {@link StorageContractSuite}. */
interface VersionDeletionContract extends ContractFixtures {

    @Test
    default void deleteVersion_removesOnlyThatVersion_andLatestMovesBack() {
        String id = newId();
        create(id, schema(1), EditableMeta.named("one", null));
        add(id, schema(2), EditableMeta.named("two", null));
        StoredVersion v3 = add(id, schema(3), EditableMeta.named("three", null));
        storage().versions().delete(id, 3);
        assertThat(storage().versions().list(id)).containsExactly(1, 2);
        assertThat(storage().versions().latest(id)).map(StoredVersion::version).contains(2);
        assertThat(storage().artifacts().get(id).orElseThrow().latest().meta().name())
                .contains("two");
        assertThat(storage().versions().byGlobalId(v3.globalId())).isEmpty();
        assertThat(storage().versions().get(id, 3)).isEmpty();
        StoredVersion next = add(id, schema(4), EditableMeta.EMPTY);
        assertThat(next.version()).isEqualTo(4);
        assertThat(next.globalId()).isGreaterThan(v3.globalId());
    }

    @Test
    default void deleteVersion_ofTheOnlyVersion_deletesTheArtifact() {
        String id = newId();
        create(id, schema(1), EditableMeta.EMPTY);
        storage().versions().delete(id, 1);
        assertThat(storage().artifacts().get(id)).isEmpty();
        assertThatThrownBy(() -> storage().versions().list(id)).isInstanceOf(NotFoundException.class);
        assertThat(create(id, schema(1), EditableMeta.EMPTY).version()).isEqualTo(1);
    }

    @Test
    default void deleteVersion_whenUnknown_failsWithNotFound() {
        String id = newId();
        create(id, schema(1), EditableMeta.EMPTY);
        assertThatThrownBy(() -> storage().versions().delete(id, 2)).isInstanceOf(NotFoundException.class);
        assertThatThrownBy(() -> storage().versions().delete(newId(), 1)).isInstanceOf(NotFoundException.class);
        assertThat(storage().versions().list(id)).isEqualTo(List.of(1));
    }
}
