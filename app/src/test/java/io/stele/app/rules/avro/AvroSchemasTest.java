package io.stele.app.rules.avro;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.apache.avro.Schema;
import org.junit.jupiter.api.Test;

/** Schemas parsed once per text, and text that is no schema refused each time. */
class AvroSchemasTest {

    private static final String USER =
            "{\"type\":\"record\",\"name\":\"User\",\"fields\":[{\"name\":\"id\",\"type\":\"long\"}]}";

    @Test
    void parse_ofOneTextTwice_givesTheSchemaParsedTheFirstTime() {
        Schema first = AvroSchemas.parse(USER);
        assertThat(first.getFullName()).isEqualTo("User");
        assertThat(AvroSchemas.parse(new String(USER))).isSameAs(first);
    }

    @Test
    void parse_ofTextThatIsNoSchema_failsEachTime() {
        String broken = "{\"type\":\"recrd\",\"name\":\"Broken\"}";
        assertThatThrownBy(() -> AvroSchemas.parse(broken)).isInstanceOf(RuntimeException.class);
        assertThatThrownBy(() -> AvroSchemas.parse(broken)).isInstanceOf(RuntimeException.class);
    }

    @Test
    void parse_doesNotCheckDefaults_whichTheFullValidityRuleChecksWithAParseOfItsOwn() {
        String badDefault =
                "{\"type\":\"record\",\"name\":\"R\",\"fields\":[{\"name\":\"a\",\"type\":\"int\",\"default\":\"x\"}]}";
        assertThat(AvroSchemas.parse(badDefault).getField("a")).isNotNull();
        assertThatThrownBy(() -> new AvroSupport().validate(badDefault, io.stele.app.rules.Validity.FULL))
                .hasMessageContaining("default");
    }
}
