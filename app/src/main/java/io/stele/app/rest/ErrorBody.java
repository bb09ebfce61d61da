package io.stele.app.rest;

import com.fasterxml.jackson.annotation.JsonProperty;

/** Apicurio v1 {@code Error}: the body of every error response. */
public record ErrorBody(@JsonProperty("error_code") int errorCode, String message) {}
