package io.stele.app.security;

import io.smallrye.common.vertx.ContextLocals;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import java.util.Objects;
import java.util.Optional;

/**
 * Who sent the request being served: the principal of a verified token and the highest role it
 * holds, or {@link #ANONYMOUS}. {@link AccessControl} sets it on the request's Vert.x context before
 * any of the registry's routes or resources runs, so every thread serving that request reads it.
 *
 * @param name the principal's name, as stored in {@code createdBy} and {@code modifiedBy}; empty
 *     for nobody
 * @param role the highest role held, empty when the caller holds none of the registry's roles
 */
public record Caller(String name, Optional<Role> role) {

    /** Nobody signed in: authentication is off, or an anonymous read. */
    public static final Caller ANONYMOUS = new Caller("", Optional.empty());

    private static final String KEY = "stele.caller";

    public Caller {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(role, "role");
    }

    /** Whether the caller holds a role that allows {@code needed}. */
    public boolean allows(Role needed) {
        return role.map(held -> held.allows(needed)).orElse(false);
    }

    /** The caller of the request being served on this thread; {@link #ANONYMOUS} outside a request. */
    public static Caller current() {
        Context context = Vertx.currentContext();
        if (context == null || !io.smallrye.common.vertx.VertxContext.isDuplicatedContext(context)) {
            return ANONYMOUS;
        }
        return ContextLocals.<Caller>get(KEY).orElse(ANONYMOUS);
    }

    /** Makes this the caller of the request served on the current (duplicated) Vert.x context. */
    void bind() {
        ContextLocals.put(KEY, this);
    }
}
