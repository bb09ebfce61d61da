package io.stele.storage.testkit;

import static io.stele.storage.testkit.ContractFixtures.newId;
import static io.stele.storage.testkit.ContractFixtures.schema;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.stele.storage.Content;
import io.stele.storage.EditableMeta;
import io.stele.storage.LatestPage;
import io.stele.storage.PageRequest;
import io.stele.storage.StoredVersion;
import io.stele.storage.VersionState;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The latest versions read a page at a time ({@link io.stele.storage.RegistryStorage#latestVersions}),
 * as a replica fills its read cache: part of {@link StorageContractSuite}.
 */
interface LatestVersionsContract extends ContractFixtures {

    @Test
    default void latestVersions_pageThroughArtifactsInIdOrder_withEachServableLatestAndItsContent() {
        String prefix = newId();
        String plain = prefix + "-a";
        String evolved = prefix + "-b";
        String disabled = prefix + "-c";
        String deleted = prefix + "-d";
        String deprecated = prefix + "-e";
        create(plain, schema(1), EditableMeta.EMPTY);
        create(evolved, schema(1), EditableMeta.EMPTY);
        StoredVersion evolvedLatest = add(evolved, schema(2), EditableMeta.named("two", null));
        create(disabled, schema(1), EditableMeta.EMPTY);
        add(disabled, schema(3), EditableMeta.EMPTY);
        storage().versions().updateState(disabled, 2, VersionState.DISABLED, "bob");
        create(deleted, schema(4), EditableMeta.EMPTY);
        storage().versions().updateState(deleted, 1, VersionState.DELETED, "bob");
        create(deprecated, schema(5), EditableMeta.EMPTY);
        storage().versions().updateState(deprecated, 1, VersionState.DEPRECATED, "bob");

        List<LatestPage.Latest> read = new ArrayList<>();
        List<String> pageEnds = new ArrayList<>();
        Optional<String> after = Optional.of(prefix);
        for (int page = 0; page < 5; page++) {
            LatestPage latest = storage().latestVersions(new PageRequest(0, 2, after));
            latest.lastArtifactId().ifPresent(pageEnds::add);
            latest.versions().stream()
                    .filter(l -> l.version().artifactId().startsWith(prefix))
                    .forEach(read::add);
            after = latest.lastArtifactId();
            if (after.isEmpty() || !after.get().startsWith(prefix)) {
                break;
            }
        }

        assertThat(pageEnds).startsWith(evolved, deleted);
        assertThat(read)
                .extracting(l -> l.version().artifactId(), l -> l.version().version())
                .containsExactly(tuple(plain, 1), tuple(evolved, 2), tuple(disabled, 1), tuple(deprecated, 1));
        LatestPage.Latest second = read.get(1);
        assertThat(second.version())
                .isEqualTo(storage().versions().latest(evolved).orElseThrow());
        assertThat(second.version().globalId()).isEqualTo(evolvedLatest.globalId());
        assertThat(second.content())
                .isEqualTo(storage()
                        .contents()
                        .byContentId(evolvedLatest.contentId())
                        .orElseThrow());
        assertThat(second.content().content()).isEqualTo(Content.of(schema(2)));
    }
}
