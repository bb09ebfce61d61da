package io.stele.app.rules.jsonschema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.stele.app.rules.Incompatibility;
import io.stele.app.rules.InvalidContentException;
import io.stele.app.rules.ResolvedReferences;
import io.stele.app.rules.ResolvedReferences.Named;
import io.stele.app.rules.Validity;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link JsonSchemaSupport#readerIncompatibilities} of schemas that {@code $ref} the schemas of
 * other subjects: the comparison follows each side's references into the schemas they name.
 */
class JsonSchemaReferencesTest {

    private final JsonSchemaSupport support = new JsonSchemaSupport();

    private static String json(String singleQuoted) {
        return singleQuoted.replace('\'', '"');
    }

    private static ResolvedReferences refs(String name, String schema) {
        return new ResolvedReferences(List.of(new Named(name, json(schema))));
    }

    private List<Incompatibility> incompatibilities(
            String reader, ResolvedReferences readerRefs, String writer, ResolvedReferences writerRefs) {
        return support.readerIncompatibilities(json(reader), readerRefs, json(writer), writerRefs);
    }

    private static final String CUSTOMER =
            "{'type': 'object', 'properties': {'name': {'type': 'string'}, 'home': {'$ref': 'address.json'}}}";
    private static final String ADDRESS_V1 = "{'type': 'object', 'properties': {'zip': {'type': 'string'}}}";
    private static final String ADDRESS_V2 = "{'type': 'object', 'properties': {'zip': {'type': 'integer'}}}";

    @Test
    void aChangeInsideAReferencedSchema_isReportedWhereItIsUsed() {
        assertThat(incompatibilities(
                        CUSTOMER, refs("address.json", ADDRESS_V2), CUSTOMER, refs("address.json", ADDRESS_V1)))
                .containsExactly(new Incompatibility(
                        "/properties/home/properties/zip/type", "type changed from string to integer"));
        assertThat(incompatibilities(
                        CUSTOMER, refs("address.json", ADDRESS_V1), CUSTOMER, refs("address.json", ADDRESS_V1)))
                .isEmpty();
    }

    @Test
    void aReferenceWithAPointer_followsItIntoTheReferencedSchema_andOnThroughItsOwnLocalRefs() {
        String reader = "{'properties': {'home': {'$ref': 'defs.json#/$defs/address'}}}";
        String defs =
                "{'$defs': {'address': {'properties': {'zip': {'$ref': '#/$defs/zip'}}}," + " 'zip': {'type': '%s'}}}";
        assertThat(incompatibilities(
                        reader,
                        refs("defs.json", defs.formatted("integer")),
                        reader,
                        refs("defs.json", defs.formatted("string"))))
                .containsExactly(new Incompatibility(
                        "/properties/home/properties/zip/type", "type changed from string to integer"));
    }

    @Test
    void aReferenceIsNamedAsWritten_orResolvedAgainstTheDocumentsId() {
        String reader = "{'$id': 'https://example.com/schemas/customer.json', 'properties': {'home':"
                + " {'$ref': 'address.json'}}}";
        assertThat(incompatibilities(
                        reader,
                        refs("https://example.com/schemas/address.json", ADDRESS_V2),
                        CUSTOMER,
                        refs("address.json", ADDRESS_V1)))
                .containsExactly(new Incompatibility(
                        "/properties/home/properties/zip/type", "type changed from string to integer"));
    }

    @Test
    void aReferenceToNoneOfTheReferences_isComparedByName() {
        assertThat(incompatibilities(CUSTOMER, ResolvedReferences.NONE, CUSTOMER, refs("address.json", ADDRESS_V1)))
                .containsExactly(new Incompatibility(
                        "/properties/home/$ref",
                        "$ref 'address.json' is neither in this document nor one of its references, so it cannot be"
                                + " compared with the writer's schema"));
        assertThat(incompatibilities(CUSTOMER, ResolvedReferences.NONE, CUSTOMER, ResolvedReferences.NONE))
                .isEmpty();
    }

    @Test
    void withReferences_aRefToADocumentNoneOfThemNames_isInvalid() {
        support.validate(json(CUSTOMER), refs("address.json", ADDRESS_V1), Validity.FULL);
        assertThatThrownBy(() -> support.validate(json(CUSTOMER), refs("other.json", ADDRESS_V1), Validity.FULL))
                .isInstanceOf(InvalidContentException.class)
                .hasMessage("Invalid JSON Schema: the $ref 'address.json' at /properties/home/$ref names a document"
                        + " that none of its references names.");
        support.validate(json(CUSTOMER), ResolvedReferences.NONE, Validity.FULL); // alone, as the v1 API stores it
    }
}
