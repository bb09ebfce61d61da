package io.stele.app.cache;

import static org.assertj.core.api.Assertions.assertThat;

import io.stele.storage.ArtifactType;
import io.stele.storage.EditableMeta;
import io.stele.storage.StoredVersion;
import io.stele.storage.VersionState;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * {@link SharedParts} and {@link CachedAnswer}'s lean form: what a million cached versions have in
 * common is shared, and nothing is lost by it.
 */
class SharedPartsTest {

    private static StoredVersion version(
            String createdBy, Instant created, String modifiedBy, Instant modified, EditableMeta meta) {
        return new StoredVersion(
                "a", 2, 7, 3, ArtifactType.AVRO, VersionState.ENABLED, meta, createdBy, created, modifiedBy, modified);
    }

    @Test
    void aVersionAsABackendReadsIt_sharesItsEmptyAuthorsInstantAndMetadata_andStaysEqual() {
        // A backend reads each field into an object of its own: equal, never the same.
        Instant created = Instant.parse("2026-11-24T00:00:00Z");
        StoredVersion read = version(
                new String(""),
                created,
                new String(""),
                Instant.parse("2026-11-24T00:00:00Z"),
                new EditableMeta(Optional.empty(), Optional.empty(), List.of(), Map.of()));

        StoredVersion kept = SharedParts.of(read);

        assertThat(kept).isEqualTo(read);
        assertThat(kept.createdBy()).isSameAs("");
        assertThat(kept.modifiedBy()).isSameAs("");
        assertThat(kept.modifiedOn()).isSameAs(kept.createdOn());
        assertThat(kept.meta()).isSameAs(EditableMeta.EMPTY);
    }

    @Test
    void aVersionWithAuthorsAndMetadataOfItsOwn_keepsThem() {
        Instant created = Instant.parse("2026-11-24T00:00:00Z");
        EditableMeta meta = EditableMeta.named("Order", "An order");
        StoredVersion read = version("alice", created, "bob", created.plusSeconds(60), meta);

        StoredVersion kept = SharedParts.of(read);

        assertThat(kept).isSameAs(read);
    }

    @Test
    void theSameAuthor_isKeptOnce() {
        Instant created = Instant.parse("2026-11-24T00:00:00Z");
        StoredVersion read = version("alice", created, new String("alice"), created, EditableMeta.EMPTY);

        StoredVersion kept = SharedParts.of(read);

        assertThat(kept).isEqualTo(read);
        assertThat(kept.modifiedBy()).isSameAs(kept.createdBy());
        assertThat(kept.modifiedOn()).isSameAs(kept.createdOn());
    }
}
