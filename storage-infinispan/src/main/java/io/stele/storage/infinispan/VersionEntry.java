package io.stele.storage.infinispan;

import java.util.List;
import org.infinispan.api.annotations.indexing.Basic;
import org.infinispan.api.annotations.indexing.Indexed;
import org.infinispan.protostream.annotations.ProtoFactory;
import org.infinispan.protostream.annotations.ProtoField;

/**
 * One version, under {@link Cluster#versions}, keyed by its globalId: its ids, state and metadata,
 * indexed by what the stores query versions by (content, the versions it references) and order
 * them by (artifact and number), and by nothing else, since the index is updated on every write. It
 * is a version only while its artifact's entry lists it ({@link ArtifactEntries#lists}).
 *
 * @param artifactId its artifact
 * @param version its number
 * @param globalId its globalId
 * @param contentId its content's id
 * @param type its artifact type's name
 * @param state its state's name
 * @param name its name, or null
 * @param description its description, or null
 * @param labels its labels, in order
 * @param properties its properties, as name and value one after the other
 * @param createdBy who created it
 * @param createdOn when, ISO-8601
 * @param modifiedBy who last changed its metadata or state
 * @param modifiedOn when, ISO-8601
 * @param canonicalHash the hash of its content's canonical form
 * @param references the versions its content references, each as {@link Keys#version}
 */
@Indexed
public record VersionEntry(
        @ProtoField(1) @Basic(sortable = true, projectable = true) String artifactId,
        @ProtoField(value = 2, defaultValue = "0") @Basic(sortable = true, projectable = true) int version,
        @ProtoField(value = 3, defaultValue = "0") long globalId,
        @ProtoField(value = 4, defaultValue = "0") @Basic long contentId,
        @ProtoField(5) String type,
        @ProtoField(6) String state,
        @ProtoField(7) String name,
        @ProtoField(8) String description,
        @ProtoField(9) List<String> labels,
        @ProtoField(10) List<String> properties,
        @ProtoField(11) String createdBy,
        @ProtoField(12) String createdOn,
        @ProtoField(13) String modifiedBy,
        @ProtoField(14) String modifiedOn,
        @ProtoField(15) String canonicalHash,
        @ProtoField(16) @Basic List<String> references) {

    @ProtoFactory
    public VersionEntry {
        labels = labels == null ? List.of() : List.copyOf(labels);
        properties = properties == null ? List.of() : List.copyOf(properties);
        references = references == null ? List.of() : List.copyOf(references);
    }
}
