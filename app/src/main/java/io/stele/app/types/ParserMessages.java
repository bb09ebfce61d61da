package io.stele.app.types;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import java.util.regex.Pattern;

/**
 * A parser's complaint in the user's terms: what is wrong and where, without the library's class
 * names, internal flags or source descriptions. Every message that passes a library's words on to
 * a client goes through here.
 */
public final class ParserMessages {

    /** A fully qualified Java class name followed by a colon, as {@code Throwable.toString()} writes it. */
    private static final Pattern CLASS_PREFIX = Pattern.compile("^(?:[a-z][a-z0-9_]*\\.)+[A-Z][A-Za-z0-9_$]*: ");

    /** Jackson's own location suffix, which names its source and a feature flag; the line and column are added back. */
    private static final Pattern JACKSON_LOCATION = Pattern.compile("\\s*at \\[Source: .*$", Pattern.DOTALL);

    private ParserMessages() {}

    /** What a JSON (or YAML) parser found wrong, with the line and column when it knows them. */
    public static String json(JsonProcessingException e) {
        String reason = stripped(e.getOriginalMessage());
        JsonLocation at = e.getLocation();
        return at == null || at.getLineNr() < 1
                ? reason
                : reason + " at line " + at.getLineNr() + ", column " + at.getColumnNr();
    }

    /**
     * The message of a library's exception: a JSON error anywhere in its causes as {@link
     * #json(JsonProcessingException)} says it, otherwise its own words with class names and Jackson's
     * source notes removed.
     */
    public static String of(Throwable e) {
        for (Throwable t = e; t != null && t != t.getCause(); t = t.getCause()) {
            if (t instanceof JsonProcessingException json) {
                return json(json);
            }
        }
        return stripped(e.getMessage());
    }

    private static String stripped(String message) {
        if (message == null || message.isBlank()) {
            return "the parser gave no reason";
        }
        String text = JACKSON_LOCATION.matcher(message.strip()).replaceFirst("");
        String previous;
        do {
            previous = text;
            text = CLASS_PREFIX.matcher(text).replaceFirst("");
        } while (!text.equals(previous));
        return text.isBlank() ? "the parser gave no reason" : text;
    }
}
