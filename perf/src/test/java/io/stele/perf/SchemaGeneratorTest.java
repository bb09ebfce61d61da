package io.stele.perf;

import static org.assertj.core.api.Assertions.assertThat;

import io.stele.perf.data.SchemaGenerator;
import org.apache.avro.Schema;
import org.apache.avro.SchemaCompatibility;
import org.apache.avro.SchemaNormalization;
import org.junit.jupiter.api.Test;

/** The generated schemas are valid Avro, evolve compatibly, and carry their true canonical form. */
class SchemaGeneratorTest {

    private final SchemaGenerator schemas = new SchemaGenerator(42);

    @Test
    void schemas_areTheSameForTheSameSeed_andDifferAcrossArtifacts() {
        assertThat(new SchemaGenerator(42).schema(7, 3)).isEqualTo(schemas.schema(7, 3));
        assertThat(schemas.schema(7, 3)).isNotEqualTo(schemas.schema(8, 3));
        assertThat(new SchemaGenerator(43).schema(7, 3)).isNotEqualTo(schemas.schema(7, 3));
    }

    @Test
    void canonicalForm_isAvrosParsingCanonicalForm() {
        for (long i = 0; i < 200; i++) {
            for (int v = 1; v <= 10; v++) {
                SchemaGenerator.Schema s = schemas.schema(i, v);
                assertThat(s.canonical())
                        .isEqualTo(SchemaNormalization.toParsingForm(new Schema.Parser().parse(s.text())));
            }
        }
    }

    @Test
    void eachVersion_isABackwardAndForwardCompatibleEvolutionOfTheLast() {
        for (long i = 0; i < 100; i++) {
            for (int v = 2; v <= 10; v++) {
                Schema previous =
                        new Schema.Parser().parse(schemas.schema(i, v - 1).text());
                Schema next = new Schema.Parser().parse(schemas.schema(i, v).text());
                assertThat(SchemaCompatibility.checkReaderWriterCompatibility(next, previous)
                                .getType())
                        .isEqualTo(SchemaCompatibility.SchemaCompatibilityType.COMPATIBLE);
                assertThat(SchemaCompatibility.checkReaderWriterCompatibility(previous, next)
                                .getType())
                        .isEqualTo(SchemaCompatibility.SchemaCompatibilityType.COMPATIBLE);
            }
        }
    }

    @Test
    void sizes_averageAbout345Bytes_overTenVersions() {
        long bytes = 0;
        int count = 0;
        for (long i = 0; i < 2_000; i++) {
            for (int v = 1; v <= 10; v++) {
                bytes += schemas.schema(i, v).text().length();
                count++;
            }
        }
        assertThat((double) bytes / count).isBetween(310.0, 380.0);
    }
}
