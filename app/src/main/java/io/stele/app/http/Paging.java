package io.stele.app.http;

import io.stele.storage.PageRequest;
import io.vertx.core.http.HttpServerRequest;
import java.util.List;

/**
 * The window a listing's {@code offset} and {@code limit} query parameters ask for, read from the
 * request as sent, as every API's searches and listings page: from the first entry and 20 at a time
 * unless told otherwise. A parameter sent empty ({@code ?limit=}) is malformed, not left out.
 */
public final class Paging {

    /** How many entries a page holds when the request does not say. */
    public static final int DEFAULT_LIMIT = 20;

    private Paging() {}

    /**
     * The window asked for, with a limit above {@code max} lowered to it.
     *
     * @throws io.stele.storage.InvalidRequestException when either is not a whole number, the
     *     offset is negative or the limit below 1
     */
    public static PageRequest page(HttpServerRequest request, int max) {
        int ceiling = Math.max(1, Math.min(max, PageRequest.MAX_LIMIT));
        return new PageRequest(
                number(request, "offset", 0), Math.min(number(request, "limit", DEFAULT_LIMIT), ceiling));
    }

    /**
     * Whether {@code order} asks for the last entries first: {@code asc} (the default) or {@code
     * desc}, exactly.
     *
     * @throws io.stele.storage.InvalidRequestException for any other value, empty included
     */
    public static boolean descending(HttpServerRequest request) {
        return QueryChoices.of(request, "order", List.of("asc", "desc"))
                .map("desc"::equals)
                .orElse(false);
    }

    private static int number(HttpServerRequest request, String name, int absent) {
        String value = request.getParam(name);
        return value == null ? absent : WholeNumbers.parameter(name, value);
    }
}
