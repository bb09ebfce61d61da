package io.stele.app.http;

import io.stele.storage.InvalidRequestException;
import io.vertx.core.http.HttpServerRequest;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * Query parameters whose value is one of a few words, read from the request as sent. JAX-RS reads
 * {@code ?name=} as no value at all; here an empty value is a value, and refused like any other
 * word not offered, so that a request the API does not describe is never taken for one it does.
 */
public final class QueryChoices {

    private QueryChoices() {}

    /**
     * The value of query parameter {@code name}, or empty when the request has none.
     *
     * @param allowed the values accepted, compared exactly
     * @throws InvalidRequestException naming the parameter and the values accepted, when the value
     *     (empty included) is not one of them
     */
    public static Optional<String> of(HttpServerRequest request, String name, List<String> allowed) {
        return of(
                request,
                name,
                allowed,
                value -> name + " must be one of " + String.join(", ", allowed) + "; was '" + value + "'.");
    }

    /**
     * As {@link #of(HttpServerRequest, String, List)}, refusing with the message {@code refusal}
     * gives the value sent.
     */
    public static Optional<String> of(
            HttpServerRequest request, String name, List<String> allowed, Function<String, String> refusal) {
        String value = request.getParam(name);
        if (value == null) {
            return Optional.empty();
        }
        if (!allowed.contains(value)) {
            throw new InvalidRequestException(refusal.apply(value));
        }
        return Optional.of(value);
    }

    /**
     * The constant of {@code type} that query parameter {@code name} names exactly, or empty when
     * the request has none.
     *
     * @throws InvalidRequestException naming the parameter and the constants' names, when the value
     *     (empty included) names none
     */
    public static <E extends Enum<E>> Optional<E> of(HttpServerRequest request, String name, Class<E> type) {
        return of(request, name, names(type)).map(value -> Enum.valueOf(type, value));
    }

    /** The names of an enum's constants, in their order: the values a request may give. */
    public static <E extends Enum<E>> List<String> names(Class<E> type) {
        return Arrays.stream(type.getEnumConstants()).map(Enum::name).toList();
    }

    /**
     * A boolean query parameter: {@code true} or {@code false}, else {@code absent} when the
     * request has none.
     *
     * @throws InvalidRequestException when the value is neither {@code true} nor {@code false}
     */
    public static boolean flag(HttpServerRequest request, String name, boolean absent) {
        return of(request, name, List.of("true", "false"))
                .map(Boolean::parseBoolean)
                .orElse(absent);
    }
}
