package io.stele.app.security;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The least role an operation needs, declared on the JAX-RS resource method that serves it: the
 * one place that says who may call it. {@link AccessFilter} reads it from the method the router
 * matched, whatever form of the path was sent, so what is checked is what is served. A resource
 * method without it (or {@link Open}, for one that needs no role) is refused to everyone, and a test that walks every route of the running
 * registry fails. Routes served outside JAX-RS declare theirs in an {@link Operation}.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface Needs {

    /** The least role: a caller holding it, or a higher one, may run the operation. */
    Role value();
}
