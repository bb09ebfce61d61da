package io.stele.storage.testkit;

import io.stele.storage.ArtifactType;
import io.stele.storage.Content;
import io.stele.storage.EditableMeta;
import io.stele.storage.RegistryStorage;
import io.stele.storage.StoredVersion;
import io.stele.storage.VersionDraft;
import java.util.UUID;

/** What the parts of the contract suite share: the backend under test and drafts to store in it. */
interface ContractFixtures {

    /** The started backend under test, the same for every test of a class. */
    RegistryStorage storage();

    static String newId() {
        return "contract-" + UUID.randomUUID();
    }

    static String schema(int n) {
        return Drafts.schema(n);
    }

    static VersionDraft draft(String artifactId, String text, EditableMeta meta) {
        return new VersionDraft(artifactId, ArtifactType.AVRO, Content.of(text), meta, "alice");
    }

    default StoredVersion create(String id, String text, EditableMeta meta) {
        return storage().artifacts().create(draft(id, text, meta));
    }

    default StoredVersion add(String id, String text, EditableMeta meta) {
        return storage().versions().add(draft(id, text, meta)).latest();
    }
}
