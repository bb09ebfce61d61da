package io.stele.storage.infinispan;

import java.util.List;
import org.infinispan.protostream.annotations.ProtoFactory;
import org.infinispan.protostream.annotations.ProtoField;

/**
 * One distinct content, under {@link Cluster#contents}, keyed by its contentId. Never changes once stored.
 *
 * @param bytes the content as the client sent it
 * @param sha256 its identity hash (see {@link io.stele.storage.Content#sha256()})
 * @param references what it references, each as name, artifact id and version, one after the other
 */
public record ContentEntry(
        @ProtoField(1) byte[] bytes, @ProtoField(2) String sha256, @ProtoField(3) List<String> references) {

    @ProtoFactory
    public ContentEntry {
        references = references == null ? List.of() : List.copyOf(references);
    }
}
