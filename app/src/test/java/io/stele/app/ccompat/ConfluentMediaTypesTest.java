package io.stele.app.ccompat;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.ws.rs.Consumes;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The media types the Confluent API reads, named in one list that its operations and routes share. */
class ConfluentMediaTypesTest {

    /** Every operation that reads a body names the types the hot lookup route takes as the resource's. */
    @Test
    void everyConsumingOperation_readsTheTypesTheLookupRouteTakes() {
        List<String> consuming = new ArrayList<>();
        for (Class<?> type : List.of(
                SchemasResource.class,
                SubjectsResource.class,
                SubjectVersionsResource.class,
                ConfigResource.class,
                ModeResource.class,
                CompatibilityResource.class,
                ServerResource.class)) {
            for (Method method : type.getDeclaredMethods()) {
                Consumes consumes = method.getAnnotation(Consumes.class);
                if (consumes != null) {
                    consuming.add(method.getName());
                    assertThat(consumes.value())
                            .as(type.getSimpleName() + "." + method.getName())
                            .containsExactlyInAnyOrderElementsOf(ConfluentMediaTypes.CONSUMED);
                }
            }
        }
        assertThat(consuming).contains("lookup", "register");
    }

    @ParameterizedTest
    @CsvSource(
            value = {
                "NONE, true",
                "application/vnd.schemaregistry.v1+json, true",
                "APPLICATION/VND.SCHEMAREGISTRY+JSON, true",
                "application/json; charset=utf-8, true",
                "application/octet-stream, true",
                "text/plain, false",
                "application/json-patch+json, false",
                "'', false"
            },
            nullValues = "NONE")
    void aBodysType_isConsumed_asTheOperationsReadIt(String contentType, boolean consumed) {
        assertThat(ConfluentMediaTypes.consumed(contentType)).isEqualTo(consumed);
    }
}
