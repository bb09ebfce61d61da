package io.stele.app.types;

import io.stele.storage.ArtifactType;
import java.util.Optional;

/**
 * What the registry learns from content: its type, and the name and description it declares.
 *
 * @param type the declared or detected artifact type
 * @param name the name the content gives itself (an Avro record's name, a JSON Schema's title), or empty
 * @param description the documentation the content carries, or empty
 */
public record AnalysedContent(ArtifactType type, Optional<String> name, Optional<String> description) {}
