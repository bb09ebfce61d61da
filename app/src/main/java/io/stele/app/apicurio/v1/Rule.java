package io.stele.app.apicurio.v1;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.stele.storage.RuleType;

/**
 * Apicurio's v1 and v2 {@code Rule}: a rule's type and its configuration, such as {@code
 * BACKWARD}.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Rule(String config, RuleType type) implements RuleEndpoints.Body {}
