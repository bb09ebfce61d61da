package io.stele.app.security;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declared on a JAX-RS resource method in place of {@link Needs}: the operation needs no role, and
 * anyone may call it, signed in or not. Kept for what a client must read before it can sign in,
 * such as where to sign in, and what the registry it talks to accepts; never for data.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface Open {}
