package io.stele.app.ccompat;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.MessageBodyReader;
import jakarta.ws.rs.ext.Provider;
import java.io.IOException;
import java.io.InputStream;
import java.lang.annotation.Annotation;
import java.lang.reflect.Type;

/**
 * Reads a Confluent API request body sent as {@code application/octet-stream} as the JSON it is, as
 * Confluent's server does (some HTTP clients send JSON with that type when none is set). The body is
 * read with the application's JSON reader, so its strictness and its errors are those of a body sent
 * as JSON: malformed JSON is a 400, and an empty body is no body (422 where one is required).
 */
@Provider
@Consumes(MediaType.APPLICATION_OCTET_STREAM)
public class OctetStreamBodies implements MessageBodyReader<Object> {

    @Inject
    ObjectMapper json;

    @Override
    public boolean isReadable(Class<?> type, Type genericType, Annotation[] annotations, MediaType mediaType) {
        return type.getEnclosingClass() == ConfluentBodies.class;
    }

    @Override
    public Object readFrom(
            Class<Object> type,
            Type genericType,
            Annotation[] annotations,
            MediaType mediaType,
            MultivaluedMap<String, String> headers,
            InputStream body)
            throws IOException {
        byte[] bytes = body.readAllBytes();
        if (bytes.length == 0) {
            return null;
        }
        try {
            return json.readValue(bytes, type);
        } catch (JsonProcessingException e) {
            throw new WebApplicationException(e, Response.Status.BAD_REQUEST);
        }
    }
}
