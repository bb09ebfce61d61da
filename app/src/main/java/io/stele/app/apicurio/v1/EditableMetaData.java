package io.stele.app.apicurio.v1;

import io.stele.storage.EditableMeta;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Apicurio v1 {@code EditableMetaData}: what a client may set on a version. */
public record EditableMetaData(String name, String description, List<String> labels, Map<String, String> properties) {

    public EditableMeta toMeta() {
        return new EditableMeta(Optional.ofNullable(name), Optional.ofNullable(description), labels, properties);
    }
}
