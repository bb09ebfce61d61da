package io.stele.app.ccompat;

import jakarta.ws.rs.Path;

/** The Confluent-compatible API at the root: what Confluent's and Karapace's users configure. */
@Path("/")
public class ConfluentRootResource extends ConfluentApi {}
