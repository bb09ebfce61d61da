package io.stele.app.rest;

/** Apicurio v1 {@code UpdateState}: the state a version should take. */
public record UpdateState(String state) {}
