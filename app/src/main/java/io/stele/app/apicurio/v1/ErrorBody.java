package io.stele.app.apicurio.v1;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * Apicurio v1 {@code Error}: the body of every error response. A rule violation also lists its
 * causes, each a description and the place in the schema it concerns (the shape later Apicurio
 * versions use).
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
public record ErrorBody(@JsonProperty("error_code") int errorCode, String message, List<Cause> causes) {

    public ErrorBody(int errorCode, String message) {
        this(errorCode, message, List.of());
    }

    /** One cause of a rule violation; the context is empty when the cause concerns the whole schema. */
    @JsonInclude(JsonInclude.Include.NON_EMPTY)
    public record Cause(String description, String context) {}
}
