package io.stele.app.apicurio.v3;

import io.stele.app.cache.EncodedAnswers;
import io.stele.app.storage.StorageProvider;
import io.stele.storage.ArtifactType;
import io.stele.storage.Content;
import io.stele.storage.NotFoundException;
import io.stele.storage.StoredContent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Content by Apicurio's {@code contentHash}: the lower-case hex SHA-256 of the content's bytes, for
 * content without references, as Apicurio Registry computes it. That hash is the identity of the
 * bytes this registry stores as AVRO, and, through {@link Content#typedIdentity}, tells the identity
 * each other type stores them under, so every candidate is one lookup in the index content is
 * stored by. The bytes are the same whichever type holds them; the content with the lowest id is
 * the one answered. Content with references is hashed by Apicurio with its references serialized
 * its own way, which this registry keeps no index of: such a hash finds nothing (see
 * docs/apicurio-v2-v3.md).
 *
 * <p>What a hash found is remembered as a question of the read cache's {@link EncodedAnswers},
 * within its budget: a content's bytes never change, so the answer stays true. Thread-safe; {@link
 * #remembered} never blocks, {@link #find} may.
 */
@ApplicationScoped
public class ContentHashes {

    private static final int HASH_LENGTH = 64;

    @Inject
    StorageProvider provider;

    /** A hash asked for, as a question of the read cache whose answer is a content's id. */
    private record Hash(String hex) implements EncodedAnswers.Question {

        /** The cache's entry with its key and value, and the 64 characters. */
        @Override
        public int weight() {
            return 140 + 40 + HASH_LENGTH;
        }
    }

    /** Whether the text is a hash Apicurio could have given: 64 lower-case hex digits. */
    public static boolean isHash(String text) {
        if (text.length() != HASH_LENGTH) {
            return false;
        }
        for (int i = 0; i < HASH_LENGTH; i++) {
            char c = text.charAt(i);
            if ((c < '0' || c > '9') && (c < 'a' || c > 'f')) {
                return false;
            }
        }
        return true;
    }

    /** The id of the content this hash found before, or -1; never touches the backend. */
    public long remembered(String hash) {
        Long found = provider.isStarted() && isHash(hash)
                ? provider.answers().encoded().found(new Hash(hash))
                : null;
        return found == null ? -1 : found;
    }

    /**
     * The content whose bytes hash to this, read on the calling thread, which may block.
     *
     * @throws NotFoundException naming the content when none is stored, or the text is no hash
     */
    public StoredContent find(String hash) {
        long known = remembered(hash);
        if (known >= 0) {
            Optional<StoredContent> content = provider.storage().contents().byContentId(known);
            if (content.isPresent()) {
                return content.get();
            }
        }
        StoredContent found = (isHash(hash) ? candidates(hash) : Stream.<StoredContent>empty())
                .min(Comparator.comparingLong(StoredContent::contentId))
                .orElseThrow(() -> new NotFoundException(
                        NotFoundException.Missing.CONTENT, "No content with hash '" + hash + "' could be found."));
        provider.answers().encoded().remember(new Hash(hash), found.contentId());
        return found;
    }

    /**
     * The ids of every content whose bytes hash to this, one per type that stores them, read on the
     * calling thread, which may block; none when the text is no hash.
     */
    public List<Long> contentIds(String hash) {
        return (isHash(hash) ? candidates(hash) : Stream.<StoredContent>empty())
                .map(StoredContent::contentId)
                .toList();
    }

    /**
     * The content each type stores these bytes under, without references: content with references
     * has an identity of its own ({@link Content#identity}), never one of these.
     */
    private Stream<StoredContent> candidates(String hash) {
        return Stream.of(ArtifactType.values())
                .map(type -> Content.typedIdentity(hash, type))
                .flatMap(identity -> provider.storage().contents().byIdentity(identity).stream());
    }
}
