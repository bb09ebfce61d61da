package io.stele.storage.infinispan;

import java.util.List;
import org.infinispan.api.annotations.indexing.Basic;
import org.infinispan.api.annotations.indexing.Indexed;
import org.infinispan.protostream.annotations.ProtoFactory;
import org.infinispan.protostream.annotations.ProtoField;
import org.infinispan.protostream.descriptors.Type;

/**
 * One artifact, under {@link Cluster#artifacts}, keyed by its id: who created it, the numbers it has given,
 * the globalId and state of each version it has, and the searchable fields of the version it shows.
 * It is the record of which versions exist: a version entry that it does not list is not a version
 * (see {@link VersionAppends}). Every write to one of its versions rewrites it, by compare-and-set or
 * in the same transaction, so that two writes to one artifact conflict and one of them retries.
 *
 * @param id the artifact's id
 * @param type its artifact type's name
 * @param createdBy who created it
 * @param createdOn when, ISO-8601
 * @param lastVersion the highest version number it has given, deleted ones included
 * @param versions the numbers of its versions, ascending
 * @param states the state of each of {@code versions}, as {@link ArtifactEntries#code}, in the same
 *     order
 * @param hashes a 32-bit digest of the canonical hash of each of {@code versions} ({@link
 *     ArtifactEntries#digest}), in the same order, so that a lookup by canonical hash (each
 *     registration makes one) reads this entry rather than a query; a match is confirmed against the
 *     version's entry. Digests, not the hashes, because every write to the artifact rewrites, stores
 *     and indexes this entry whole: an artifact of many versions would make each write cost more
 * @param live whether a version is not deleted (the Confluent API's subjects)
 * @param shown the version its listing shows (see {@link io.stele.storage.StoredArtifact#latest()})
 * @param sortKey the shown version's name, or the id when it has none: the order of searches
 * @param text the id, name, description and labels, lower case, for a search over everything
 * @param nameText the shown version's name, lower case
 * @param descriptionText its description, lower case
 * @param labelsText its labels, lower case, one per line
 * @param globalIds the globalId of each of {@code versions}, in the same order: the key of each
 *     version's entry
 * @param versionCount how many versions it has, for a count of versions from the index
 */
@Indexed
public record ArtifactEntry(
        @ProtoField(1) @Basic(sortable = true, projectable = true) String id,
        @ProtoField(2) @Basic String type,
        @ProtoField(3) String createdBy,
        @ProtoField(4) String createdOn,
        @ProtoField(value = 5, defaultValue = "0") int lastVersion,
        @ProtoField(value = 6) List<Integer> versions,
        @ProtoField(value = 7) List<Integer> states,
        @ProtoField(number = 8, type = Type.SFIXED32) List<Integer> hashes,
        @ProtoField(value = 9, defaultValue = "false") @Basic boolean live,
        @ProtoField(value = 10, defaultValue = "0") int shown,
        @ProtoField(11) @Basic(sortable = true) String sortKey,
        @ProtoField(12) @Basic String text,
        @ProtoField(13) @Basic String nameText,
        @ProtoField(14) @Basic String descriptionText,
        @ProtoField(15) @Basic String labelsText,
        @ProtoField(16) List<Long> globalIds,
        @ProtoField(value = 17, defaultValue = "0") @Basic(projectable = true) int versionCount) {

    @ProtoFactory
    public ArtifactEntry {
        versions = versions == null ? List.of() : List.copyOf(versions);
        globalIds = globalIds == null ? List.of() : List.copyOf(globalIds);
        versionCount = versions.size();
        states = states == null ? List.of() : List.copyOf(states);
        hashes = hashes == null ? List.of() : List.copyOf(hashes);
    }
}
