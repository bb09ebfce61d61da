package io.stele.storage.infinispan;

import org.infinispan.protostream.annotations.ProtoFactory;
import org.infinispan.protostream.annotations.ProtoField;

/**
 * A secondary key in the keys cache, written in the same transaction as what it points to: from a
 * content's identity hash to its contentId ({@link Keys#contentHash}), or from a globalId to its
 * version and content ({@link Keys#globalId}).
 *
 * @param artifactId the version's artifact, or null for a content hash
 * @param version the version's number, or 0
 * @param contentId the content's id
 */
public record Pointer(
        @ProtoField(1) String artifactId,
        @ProtoField(value = 2, defaultValue = "0") int version,
        @ProtoField(value = 3, defaultValue = "0") long contentId) {

    @ProtoFactory
    public Pointer {}
}
