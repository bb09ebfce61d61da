package io.stele.storage.infinispan;

import io.stele.storage.ArtifactType;
import io.stele.storage.Content;
import io.stele.storage.EditableMeta;
import io.stele.storage.SchemaReference;
import io.stele.storage.StoredContent;
import io.stele.storage.StoredVersion;
import io.stele.storage.VersionState;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/** Between the SPI's records and the entries kept in the cache. */
final class Entries {

    /**
     * The longest text a search field keeps, in characters: an index term holds at most 32,766 bytes,
     * and a character takes up to four. A search finds text within the first this many characters.
     */
    static final int MAX_SEARCH_TEXT = 8_000;

    private Entries() {}

    static VersionEntry entry(StoredVersion v, String canonicalHash, List<SchemaReference> references) {
        return new VersionEntry(
                v.artifactId(),
                v.version(),
                v.globalId(),
                v.contentId(),
                v.type().name(),
                v.state().name(),
                v.meta().name().orElse(null),
                v.meta().description().orElse(null),
                v.meta().labels(),
                properties(v.meta().properties()),
                v.createdBy(),
                v.createdOn().toString(),
                v.modifiedBy(),
                v.modifiedOn().toString(),
                canonicalHash,
                references.stream()
                        .map(r -> Keys.version(r.artifactId(), r.version()))
                        .distinct()
                        .toList());
    }

    static StoredVersion stored(VersionEntry e) {
        return new StoredVersion(
                e.artifactId(),
                e.version(),
                e.globalId(),
                e.contentId(),
                ArtifactType.valueOf(e.type()),
                VersionState.valueOf(e.state()),
                meta(e),
                e.createdBy(),
                Instant.parse(e.createdOn()),
                e.modifiedBy(),
                Instant.parse(e.modifiedOn()));
    }

    static EditableMeta meta(VersionEntry e) {
        Map<String, String> properties = new LinkedHashMap<>();
        List<String> flat = e.properties();
        for (int i = 0; i + 1 < flat.size(); i += 2) {
            properties.put(flat.get(i), flat.get(i + 1));
        }
        return new EditableMeta(
                Optional.ofNullable(e.name()), Optional.ofNullable(e.description()), e.labels(), properties);
    }

    /** The entry with other metadata, state and modifier. */
    static VersionEntry changed(VersionEntry e, EditableMeta meta, VersionState state, String by, Instant on) {
        return new VersionEntry(
                e.artifactId(),
                e.version(),
                e.globalId(),
                e.contentId(),
                e.type(),
                state.name(),
                meta.name().orElse(null),
                meta.description().orElse(null),
                meta.labels(),
                properties(meta.properties()),
                e.createdBy(),
                e.createdOn(),
                by,
                on.toString(),
                e.canonicalHash(),
                e.references());
    }

    private static List<String> properties(Map<String, String> properties) {
        List<String> flat = new ArrayList<>();
        new TreeMap<>(properties).forEach((k, v) -> {
            flat.add(k);
            flat.add(v);
        });
        return flat;
    }

    static ContentEntry entry(Content content) {
        List<String> references = new ArrayList<>();
        for (SchemaReference r : content.references()) {
            references.add(r.name());
            references.add(r.artifactId());
            references.add(Integer.toString(r.version()));
        }
        return new ContentEntry(content.bytes(), content.sha256(), references);
    }

    static StoredContent stored(long contentId, ContentEntry e) {
        List<SchemaReference> references = new ArrayList<>();
        List<String> flat = e.references();
        for (int i = 0; i + 2 < flat.size(); i += 3) {
            references.add(new SchemaReference(flat.get(i), flat.get(i + 1), Integer.parseInt(flat.get(i + 2))));
        }
        return new StoredContent(contentId, new Content(e.bytes(), e.sha256(), references));
    }

    /**
     * Text as the search fields keep it and as a search looks for it: lower case, cut to {@link
     * #MAX_SEARCH_TEXT}, with the characters the query language takes as wildcards ({@code %},
     * {@code _}) and its escape character replaced by characters of Unicode's private use area, so
     * that they match only themselves.
     */
    static String searchable(String text) {
        String lower = text.toLowerCase(Locale.ROOT);
        if (lower.length() > MAX_SEARCH_TEXT) {
            lower = lower.substring(0, MAX_SEARCH_TEXT);
        }
        return lower.replace('%', '\uE000').replace('_', '\uE001').replace('\\', '\uE002');
    }
}
