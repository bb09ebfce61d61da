package io.stele.app.apicurio.v1;

/** Apicurio v1 {@code UpdateState}: the state a version should take. */
public record UpdateState(String state) {}
