package io.stele.storage.testkit;

import io.stele.storage.ArtifactType;
import io.stele.storage.Content;
import io.stele.storage.EditableMeta;
import io.stele.storage.VersionDraft;

/** Versions to store in tests: small Avro records, told apart by their name. */
public final class Drafts {

    private Drafts() {}

    /** An Avro record with no fields, named {@code R<n>}: a different {@code n} is different content. */
    public static String schema(int n) {
        return "{\"type\":\"record\",\"name\":\"R" + n + "\",\"fields\":[]}";
    }

    /** A version of artifact {@code id} holding {@link #schema(int) schema(n)}, with no metadata, by alice. */
    public static VersionDraft avro(String id, int n) {
        return new VersionDraft(id, ArtifactType.AVRO, Content.of(schema(n)), EditableMeta.EMPTY, "alice");
    }
}
