package io.stele.app.http;

import io.stele.storage.InvalidRequestException;
import java.util.regex.Pattern;

/**
 * Whole numbers in paths and query parameters, read as the OpenAPI document types them: a JSON
 * Schema integer is any number without a fractional part, so {@code 7.0} is {@code 7}.
 */
public final class WholeNumbers {

    /** A zero fraction, which leaves the number whole. */
    private static final Pattern ZERO_FRACTION = Pattern.compile("\\.0+$");

    private WholeNumbers() {}

    /**
     * The number {@code text} writes, in decimal digits with an optional sign and zero fraction.
     *
     * @throws NumberFormatException when it writes anything else, or a number outside {@code long}
     */
    public static long parse(String text) {
        return Long.parseLong(ZERO_FRACTION.matcher(text).replaceFirst(""));
    }

    /**
     * A query or form parameter's whole number.
     *
     * @throws InvalidRequestException naming the parameter, when it is not a whole number in {@code int}
     */
    public static int parameter(String name, String value) {
        try {
            return parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw new InvalidRequestException(name + " must be a whole number, was '" + value + "'.");
        }
    }

    /** As {@link #parse}, within {@code int}. */
    public static int parseInt(String text) {
        long value = parse(text);
        if (value != (int) value) {
            throw new NumberFormatException("out of range: " + text);
        }
        return (int) value;
    }
}
