package io.stele.app.rest;

import java.util.regex.Pattern;

/**
 * Whole numbers in paths and query parameters, read as the OpenAPI document types them: a JSON
 * Schema integer is any number without a fractional part, so {@code 7.0} is {@code 7}.
 */
final class WholeNumbers {

    /** A zero fraction, which leaves the number whole. */
    private static final Pattern ZERO_FRACTION = Pattern.compile("\\.0+$");

    private WholeNumbers() {}

    /**
     * The number {@code text} writes, in decimal digits with an optional sign and zero fraction.
     *
     * @throws NumberFormatException when it writes anything else, or a number outside {@code long}
     */
    static long parse(String text) {
        return Long.parseLong(ZERO_FRACTION.matcher(text).replaceFirst(""));
    }

    /** As {@link #parse}, within {@code int}. */
    static int parseInt(String text) {
        long value = parse(text);
        if (value != (int) value) {
            throw new NumberFormatException("out of range: " + text);
        }
        return (int) value;
    }
}
