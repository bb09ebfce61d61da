package io.stele.storage.testkit;

import static io.stele.storage.testkit.ContractFixtures.newId;
import static io.stele.storage.testkit.ContractFixtures.schema;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.stele.storage.ArtifactQuery;
import io.stele.storage.ArtifactQuery.Over;
import io.stele.storage.ArtifactType;
import io.stele.storage.Content;
import io.stele.storage.EditableMeta;
import io.stele.storage.NotFoundException;
import io.stele.storage.Page;
import io.stele.storage.PageRequest;
import io.stele.storage.StoredArtifact;
import io.stele.storage.StoredVersion;
import io.stele.storage.VersionDraft;
import io.stele.storage.VersionState;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** Searching artifacts and paging versions: part of {@link StorageContractSuite}. */
interface SearchContract extends ContractFixtures {

    private static String token() {
        return "tok" + UUID.randomUUID().toString().replace("-", "");
    }

    private static EditableMeta meta(String name, String description, String... labels) {
        return new EditableMeta(Optional.ofNullable(name), Optional.ofNullable(description), List.of(labels), Map.of());
    }

    private Page<StoredArtifact> search(String text, Over over, boolean descending, int offset, int limit) {
        return storage()
                .search()
                .artifacts(new ArtifactQuery(Optional.of(text), over, descending, new PageRequest(offset, limit)));
    }

    private static List<String> ids(Page<StoredArtifact> page) {
        return page.items().stream().map(StoredArtifact::artifactId).toList();
    }

    @Test
    default void searchArtifacts_matchesEachFieldCaseInsensitively() {
        String token = token();
        String byName = newId();
        String byDescription = newId();
        String byLabel = newId();
        create(byName, schema(1), meta("Orders " + token.toUpperCase(), null));
        create(byDescription, schema(1), meta("b", "about " + token));
        create(byLabel, schema(1), meta("c", null, "team", "x-" + token));
        assertThat(ids(search(token, Over.NAME, false, 0, 10))).containsExactly(byName);
        assertThat(ids(search(token, Over.DESCRIPTION, false, 0, 10))).containsExactly(byDescription);
        assertThat(ids(search(token, Over.LABELS, false, 0, 10))).containsExactly(byLabel);
        assertThat(ids(search(token, Over.EVERYTHING, false, 0, 10)))
                .containsExactlyInAnyOrder(byName, byDescription, byLabel);
        assertThat(ids(search(byLabel.substring(9), Over.EVERYTHING, false, 0, 10)))
                .containsExactly(byLabel);
    }

    @Test
    default void searchArtifacts_ordersByNameThenId_andPagesWithTheTotal() {
        String token = token();
        String a = newId();
        String b = newId();
        String c = newId();
        create(c, schema(1), meta("C " + token, null));
        create(a, schema(1), meta("A " + token, null));
        create(b, schema(1), meta("B " + token, null));
        Page<StoredArtifact> first = search(token, Over.NAME, false, 0, 2);
        assertThat(first.total()).isEqualTo(3);
        assertThat(ids(first)).containsExactly(a, b);
        assertThat(ids(search(token, Over.NAME, false, 2, 2))).containsExactly(c);
        assertThat(ids(search(token, Over.NAME, true, 0, 3))).containsExactly(c, b, a);
        assertThat(search(token, Over.NAME, false, 5, 2).items()).isEmpty();
        assertThat(search(token, Over.NAME, false, 5, 2).total()).isEqualTo(3);
    }

    @Test
    default void searchArtifacts_showsTheLatestVersionsMetadata_afterEditsAndStates() {
        String token = token();
        String id = newId();
        create(id, schema(1), meta("first " + token, null));
        add(id, schema(2), meta("second " + token, null));
        StoredArtifact found = search(token, Over.NAME, false, 0, 10).items().get(0);
        assertThat(found.latest().version()).isEqualTo(2);
        assertThat(found.createdBy()).isEqualTo("alice");
        storage().versions().updateState(id, 2, VersionState.DISABLED, "");
        assertThat(search("first " + token, Over.NAME, false, 0, 10).items())
                .extracting(x -> x.latest().version())
                .containsExactly(1);
        assertThat(search("second " + token, Over.NAME, false, 0, 10).items()).isEmpty();
        storage().versions().updateMeta(id, 1, meta("renamed " + token, null), "");
        assertThat(ids(search("renamed " + token, Over.NAME, false, 0, 10))).containsExactly(id);
        storage().artifacts().delete(id);
        assertThat(search(token, Over.EVERYTHING, false, 0, 10).total()).isZero();
    }

    @Test
    default void searchArtifacts_byType_keepsOnlyThatType() {
        String token = token();
        String avro = newId();
        String json = newId();
        create(avro, schema(1), meta(token, null));
        storage()
                .artifacts()
                .create(new VersionDraft(
                        json,
                        ArtifactType.JSON,
                        Content.of("{\"title\":\"" + token + "\"}"),
                        meta(token, null),
                        "alice"));
        Page<StoredArtifact> found = storage()
                .search()
                .artifacts(new ArtifactQuery(
                        Optional.of(token), Over.NAME, Optional.of(ArtifactType.JSON), false, new PageRequest(0, 10)));
        assertThat(ids(found)).containsExactly(json);
        assertThat(found.total()).isEqualTo(1);
        Page<StoredArtifact> everyJson = storage()
                .search()
                .artifacts(new ArtifactQuery(
                        Optional.empty(),
                        Over.EVERYTHING,
                        Optional.of(ArtifactType.JSON),
                        false,
                        new PageRequest(0, 1000)));
        assertThat(everyJson.items()).extracting(a -> a.latest().type()).containsOnly(ArtifactType.JSON);
        assertThat(ids(everyJson)).contains(json).doesNotContain(avro);
    }

    @Test
    default void searchArtifacts_treatsWildcardsLiterally() {
        String token = token();
        String percent = newId();
        create(percent, schema(1), meta(token + " 100%_done", null));
        create(newId(), schema(1), meta(token + " 100xydone", null));
        assertThat(ids(search(token + " 100%_", Over.NAME, false, 0, 10))).containsExactly(percent);
    }

    @Test
    default void searchArtifacts_withoutText_listsEveryArtifact() {
        long count = storage().artifacts().count();
        Page<StoredArtifact> all = storage()
                .search()
                .artifacts(new ArtifactQuery(Optional.empty(), Over.EVERYTHING, false, new PageRequest(0, 5)));
        assertThat(all.total()).isEqualTo(count);
        assertThat(all.items()).hasSize((int) Math.min(5, count));
    }

    @Test
    default void searchVersions_pagesInAscendingOrder_withTheTotal() {
        String id = newId();
        create(id, schema(1), EditableMeta.EMPTY);
        for (int i = 2; i <= 5; i++) {
            add(id, schema(i), EditableMeta.EMPTY);
        }
        storage().versions().updateState(id, 4, VersionState.DISABLED, "");
        Page<StoredVersion> page = storage().search().versions(id, new PageRequest(1, 3));
        assertThat(page.total()).isEqualTo(5);
        assertThat(page.items()).extracting(StoredVersion::version).containsExactly(2, 3, 4);
        assertThatThrownBy(() -> storage().search().versions(newId(), new PageRequest(0, 3)))
                .isInstanceOf(NotFoundException.class);
    }
}
