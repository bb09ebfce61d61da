package io.stele.app.rules;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.MatchResult;
import java.util.regex.Matcher;
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

    /**
     * Jackson's wording for what it meets in malformed JSON, said in the user's terms: each pattern
     * of its message with what replaces it. A message none matches is passed on, stripped.
     */
    private static final List<Map.Entry<Pattern, Function<MatchResult, String>>> JACKSON_WORDS = List.of(
            rule(
                    "^Illegal character \\(\\(CTRL-CHAR, code (\\d+)\\)\\).*",
                    m -> "a control character (" + code(m.group(1)) + ") between values, where only spaces, tabs"
                            + " and line breaks may stand"),
            rule(
                    "^Illegal unquoted character \\(\\(CTRL-CHAR, code (\\d+)\\)\\).*",
                    m -> "a control character (" + code(m.group(1)) + ") inside a string, where it must be"
                            + " written escaped"),
            rule("^No content to map due to end-of-input.*", m -> "the JSON is empty"),
            rule("^Unexpected end-of-input(.*)", m -> "the JSON ends too soon" + ending(m.group(1))),
            rule(
                    "^Unexpected character \\('(.+?)' \\(code (\\d+)[^)]*\\)\\):? ?(.*)",
                    m -> "unexpected " + character(m.group(1), m.group(2)) + expecting(m.group(3))),
            rule(
                    "^Unrecognized token '(.*)': was expecting.*",
                    m -> "'" + m.group(1) + "' is not a JSON value (text must be in double quotes)"),
            rule(
                    "^Unexpected close marker '(.)': expected '(.)'.*",
                    m -> "'" + m.group(1) + "' where '" + m.group(2) + "' should close what is open"),
            rule(
                    "^Invalid UTF-8 (?:start|middle) byte (0x[0-9a-fA-F]+).*",
                    m -> "text that is not UTF-8 (byte " + m.group(1) + ")"),
            rule("^Invalid numeric value: Leading zeroes not allowed.*", m -> "a number starting with 0"),
            rule("^Non-standard token '(.+?)'.*", m -> "'" + m.group(1) + "', which is not a JSON number"),
            rule("^Duplicate field '(.+?)'.*", m -> "the field '" + m.group(1) + "' twice"));

    /** What a JSON (or YAML) parser found wrong, with the line and column when it knows them. */
    public static String json(JsonProcessingException e) {
        String reason = plain(stripped(e.getOriginalMessage()));
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

    /** Jackson's message in the user's terms, when it is one {@link #JACKSON_WORDS} knows. */
    static String plain(String message) {
        for (Map.Entry<Pattern, Function<MatchResult, String>> rule : JACKSON_WORDS) {
            Matcher m = rule.getKey().matcher(message);
            if (m.matches()) {
                return rule.getValue().apply(m);
            }
        }
        return message;
    }

    private static Map.Entry<Pattern, Function<MatchResult, String>> rule(
            String pattern, Function<MatchResult, String> words) {
        return Map.entry(Pattern.compile(pattern, Pattern.DOTALL), words);
    }

    private static String code(String decimal) {
        return String.format("U+%04X", Integer.parseInt(decimal));
    }

    /** A character as the user can read it: itself when printable, otherwise its code point. */
    private static String character(String shown, String decimal) {
        int c = Integer.parseInt(decimal);
        boolean printable = !Character.isISOControl(c) && !Character.isSurrogate((char) c) && shown.length() == 1;
        return printable ? "'" + shown + "'" : "character " + code(decimal);
    }

    private static String ending(String detail) {
        if (detail.contains("close marker for Object") || detail.contains("Object entries")) {
            return ", inside an object";
        }
        if (detail.contains("close marker for Array") || detail.contains("Array entries")) {
            return ", inside an array";
        }
        return detail.toLowerCase(Locale.ROOT).contains("string") ? ", inside a string" : "";
    }

    private static String expecting(String detail) {
        if (detail.startsWith("expected a valid value")) {
            return " where a value should be";
        }
        if (detail.contains("double-quote to start field name")) {
            return " where a field name in double quotes should be";
        }
        if (detail.contains("comma to separate Object entries")) {
            return " where ',' or '}' should be";
        }
        if (detail.contains("comma to separate Array entries")) {
            return " where ',' or ']' should be";
        }
        if (detail.contains("colon to separate field name and value")) {
            return " where ':' should be";
        }
        return detail.contains("numeric value") || detail.contains("expected digit") ? " in a number" : "";
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
