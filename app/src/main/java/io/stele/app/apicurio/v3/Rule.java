package io.stele.app.apicurio.v3;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.stele.app.apicurio.v1.ApiDocumentFilter;
import io.stele.app.apicurio.v1.RuleEndpoints;
import io.stele.storage.RuleType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * Apicurio v3 {@code Rule} and {@code CreateRule}: a rule's configuration, such as {@code
 * BACKWARD}, and its type, named {@code ruleType}.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@Schema(name = ApiDocumentFilter.RULE_V3)
public record Rule(String config, RuleType ruleType) implements RuleEndpoints.Body {

    @JsonIgnore
    @Override
    public RuleType type() {
        return ruleType;
    }
}
