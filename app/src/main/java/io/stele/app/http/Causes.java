package io.stele.app.http;

import java.util.function.Predicate;

/** A failure's chain of causes, walked once for what each kind of client fault looks for. */
final class Causes {

    private Causes() {}

    /** Whether {@code failure}, or one of its causes, is what {@code kind} says. */
    static boolean any(Throwable failure, Predicate<Throwable> kind) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (kind.test(cause)) {
                return true;
            }
        }
        return false;
    }
}
