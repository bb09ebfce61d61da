package io.stele.app.http;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.type.LogicalType;
import io.quarkus.jackson.ObjectMapperCustomizer;
import jakarta.inject.Singleton;

/**
 * Request bodies are read as the document declares them: a number or a boolean where a string or
 * an enum is expected is a malformed body (400), not a value Jackson quietly converts ({@code
 * "type": 0} would otherwise be read as the first rule type).
 */
@Singleton
public class StrictJson implements ObjectMapperCustomizer {

    @Override
    public void customize(ObjectMapper mapper) {
        mapper.enable(DeserializationFeature.FAIL_ON_NUMBERS_FOR_ENUMS);
        for (LogicalType type : new LogicalType[] {LogicalType.Textual, LogicalType.Enum}) {
            for (CoercionInputShape shape : new CoercionInputShape[] {
                CoercionInputShape.Integer, CoercionInputShape.Float, CoercionInputShape.Boolean
            }) {
                mapper.coercionConfigFor(type).setCoercion(shape, CoercionAction.Fail);
            }
        }
    }
}
