package io.stele.app.ccompat;

import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/** A failure answered in Confluent's terms: an HTTP status with Confluent's error code and message. */
final class ConfluentException extends WebApplicationException {

    ConfluentException(int status, int errorCode, String message, Throwable cause) {
        super(
                message,
                cause,
                Response.status(status)
                        .type(MediaType.APPLICATION_JSON_TYPE)
                        .entity(new ConfluentBodies.Error(errorCode, message))
                        .build());
    }

    ConfluentException(int status, int errorCode, String message) {
        this(status, errorCode, message, null);
    }
}
