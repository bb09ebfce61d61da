package io.stele.app.rules.avro;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import org.apache.avro.Schema;

/**
 * Avro schemas that reference nothing, kept by their text so that each is parsed once. A new
 * version's schema is parsed to tell its type, to check it, to name it and to put it in canonical
 * form; a compatibility check parses the versions it compares; and the serializers of a producer
 * register the same schema again each time one starts. Each of those after the first takes the
 * parse from here.
 *
 * <p>Holds schemas whose texts add up to at most {@link #TEXT_BUDGET} characters (a few MiB of
 * heap with their parsed forms), the least recently used leaving first. A schema handed out is
 * shared between requests: it is read, never changed. Thread-safe; never blocks.
 */
public final class AvroSchemas {

    /** How many characters of schema text are kept with their parses, together. */
    static final long TEXT_BUDGET = 1 << 20;

    private static final Cache<String, Schema> PARSED = Caffeine.newBuilder()
            .maximumWeight(TEXT_BUDGET)
            .weigher((String text, Schema schema) -> text.length())
            .executor(Runnable::run)
            .build();

    private AvroSchemas() {}

    /**
     * The schema this text defines, its default values not checked against their fields' types.
     *
     * @throws RuntimeException Avro's, when the text is not a schema; nothing is kept then
     */
    public static Schema parse(String text) {
        Schema parsed = PARSED.getIfPresent(text);
        if (parsed == null) {
            parsed = new Schema.Parser().setValidateDefaults(false).parse(text);
            PARSED.put(text, parsed);
        }
        return parsed;
    }
}
