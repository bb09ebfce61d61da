package io.stele.storage.infinispan;

import org.infinispan.protostream.annotations.ProtoFactory;
import org.infinispan.protostream.annotations.ProtoField;

/**
 * From a content's identity hash to its contentId ({@link Keys#contentHash}): the content is stored
 * once per identity. The pointer is written before the content it points to, so a reader that finds
 * the content missing (its writer stopped between the two) writes it, from the same bytes.
 *
 * @param contentId the content's id
 */
public record Pointer(@ProtoField(value = 3, defaultValue = "0") long contentId) {

    @ProtoFactory
    public Pointer {}
}
