package io.stele.storage.infinispan;

import java.util.List;
import org.infinispan.api.annotations.indexing.Basic;
import org.infinispan.api.annotations.indexing.Indexed;
import org.infinispan.protostream.annotations.ProtoFactory;
import org.infinispan.protostream.annotations.ProtoField;

/**
 * One artifact, under {@link Cluster#artifacts}, keyed by its id: who created it, the numbers it has given,
 * the state of each version it has, and the searchable fields of the version it shows. Every write
 * to one of its versions rewrites it in the same transaction, so that two writes to one artifact
 * conflict at commit and one of them retries.
 *
 * @param id the artifact's id
 * @param type its artifact type's name
 * @param createdBy who created it
 * @param createdOn when, ISO-8601
 * @param lastVersion the highest version number it has given, deleted ones included
 * @param versions the numbers of its versions, ascending
 * @param states the state of each of {@code versions}, by name, in the same order
 * @param hashes the canonical hash of each of {@code versions}, in the same order, so that a lookup
 *     by canonical hash (each registration makes one) reads this entry rather than a query
 * @param live whether a version is not deleted (the Confluent API's subjects)
 * @param shown the version its listing shows (see {@link io.stele.storage.StoredArtifact#latest()})
 * @param sortKey the shown version's name, or the id when it has none: the order of searches
 * @param text the id, name, description and labels, lower case, for a search over everything
 * @param nameText the shown version's name, lower case
 * @param descriptionText its description, lower case
 * @param labelsText its labels, lower case, one per line
 */
@Indexed
public record ArtifactEntry(
        @ProtoField(1) @Basic(sortable = true, projectable = true) String id,
        @ProtoField(2) @Basic String type,
        @ProtoField(3) String createdBy,
        @ProtoField(4) String createdOn,
        @ProtoField(value = 5, defaultValue = "0") int lastVersion,
        @ProtoField(value = 6) List<Integer> versions,
        @ProtoField(value = 7) List<String> states,
        @ProtoField(value = 8) List<String> hashes,
        @ProtoField(value = 9, defaultValue = "false") @Basic boolean live,
        @ProtoField(value = 10, defaultValue = "0") int shown,
        @ProtoField(11) @Basic(sortable = true) String sortKey,
        @ProtoField(12) @Basic String text,
        @ProtoField(13) @Basic String nameText,
        @ProtoField(14) @Basic String descriptionText,
        @ProtoField(15) @Basic String labelsText) {

    @ProtoFactory
    public ArtifactEntry {
        versions = versions == null ? List.of() : List.copyOf(versions);
        states = states == null ? List.of() : List.copyOf(states);
        hashes = hashes == null ? List.of() : List.copyOf(hashes);
    }
}
