package io.stele.app.ccompat;

import jakarta.ws.rs.Path;

/** The Confluent-compatible API at {@code /apis/ccompat/v7}: what Apicurio's users configure. */
@Path("/apis/ccompat/v7")
public class ConfluentV7Resource extends ConfluentApi {}
