package io.stele.app.ccompat;

import jakarta.ws.rs.core.Response;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/** Answers a {@link ConfluentException} with the response it carries. */
public class ConfluentErrorMapper {

    @ServerExceptionMapper
    public Response confluent(ConfluentException e) {
        return e.getResponse();
    }
}
