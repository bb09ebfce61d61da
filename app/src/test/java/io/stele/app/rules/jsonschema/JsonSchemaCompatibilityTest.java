package io.stele.app.rules.jsonschema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.stele.app.rules.Incompatibility;
import io.stele.app.rules.InvalidContentException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link JsonSchemaSupport#readerIncompatibilities}: for each rule, a compatible and an incompatible pair. */
class JsonSchemaCompatibilityTest {

    private final JsonSchemaSupport support = new JsonSchemaSupport();

    /** Reader and writer schemas written with single quotes, so that they read easily. */
    private List<Incompatibility> incompatibilities(String reader, String writer) {
        return support.readerIncompatibilities(reader.replace('\'', '"'), writer.replace('\'', '"'));
    }

    // parsing and the whole

    @Test
    void readerIncompatibilities_whenSchemaNotJson_throws() {
        assertThatThrownBy(() -> support.readerIncompatibilities("{", "{}"))
                .isInstanceOf(InvalidContentException.class);
    }

    @Test
    void readerIncompatibilities_whenSchemasEqual_isEmpty() {
        String schema = "{'type': 'object', 'properties': {'a': {'type': 'string', 'maxLength': 3}},"
                + " 'required': ['a'], 'additionalProperties': false}";
        assertThat(incompatibilities(schema, schema)).isEmpty();
    }

    @Test
    void readerIncompatibilities_whenReaderAcceptsAll_isEmpty() {
        assertThat(incompatibilities("true", "{'type': 'string'}")).isEmpty();
        assertThat(incompatibilities("{'description': 'anything'}", "{'type': 'string'}"))
                .isEmpty();
    }

    @Test
    void readerIncompatibilities_whenReaderAcceptsNothing_reportsIt() {
        assertThat(incompatibilities("false", "{'type': 'string'}"))
                .containsExactly(new Incompatibility("", "the reader accepts no value; the writer accepts some"));
        assertThat(incompatibilities("false", "false")).isEmpty();
    }

    // type

    @Test
    void readerIncompatibilities_whenTypeChanged_reportsIt() {
        assertThat(incompatibilities("{'type': 'integer'}", "{'type': 'string'}"))
                .containsExactly(new Incompatibility("/type", "type changed from string to integer"));
    }

    @Test
    void readerIncompatibilities_whenIntegerWidenedToNumber_isEmpty() {
        assertThat(incompatibilities("{'type': 'number'}", "{'type': 'integer'}"))
                .isEmpty();
    }

    @Test
    void readerIncompatibilities_whenNumberNarrowedToInteger_reportsIt() {
        assertThat(incompatibilities("{'type': 'integer'}", "{'type': 'number'}"))
                .containsExactly(new Incompatibility("/type", "type changed from number to integer"));
    }

    @Test
    void readerIncompatibilities_whenTypeListNarrowed_reportsIt() {
        assertThat(incompatibilities("{'type': 'string'}", "{'type': ['string', 'null']}"))
                .containsExactly(new Incompatibility("/type", "type narrowed from [string, null] to string"));
        assertThat(incompatibilities("{'type': ['null', 'string']}", "{'type': 'string'}"))
                .isEmpty();
    }

    @Test
    void readerIncompatibilities_whenTypeAddedToUntypedWriter_reportsIt() {
        assertThat(incompatibilities("{'type': 'object'}", "{}"))
                .containsExactly(new Incompatibility("/type", "type narrowed from any to object"));
    }

    @Test
    void readerIncompatibilities_whenWriterEnumValuesFitReaderType_isEmpty() {
        assertThat(incompatibilities("{'type': 'string'}", "{'enum': ['a', 'b']}"))
                .isEmpty();
        assertThat(incompatibilities("{'type': 'string'}", "{'enum': ['a', 1]}"))
                .containsExactly(new Incompatibility("/type", "type string does not accept the writer's value 1"));
    }

    // required

    @Test
    void readerIncompatibilities_whenRequiredPropertyAdded_reportsIt() {
        assertThat(incompatibilities(
                        "{'type': 'object', 'properties': {'a': {}, 'b': {}}, 'required': ['a', 'b']}",
                        "{'type': 'object', 'properties': {'a': {}, 'b': {}}, 'required': ['a']}"))
                .containsExactly(new Incompatibility("/required", "required property 'b' added"));
    }

    @Test
    void readerIncompatibilities_whenRequiredPropertyDropped_isEmpty() {
        assertThat(incompatibilities("{'properties': {'a': {}}}", "{'properties': {'a': {}}, 'required': ['a']}"))
                .isEmpty();
    }

    // properties and content models

    @Test
    void readerIncompatibilities_whenPropertyRemovedFromClosedReader_reportsIt() {
        assertThat(incompatibilities(
                        "{'properties': {'a': {'type': 'string'}}, 'additionalProperties': false}",
                        "{'properties': {'a': {'type': 'string'}, 'b': {'type': 'string'}},"
                                + " 'additionalProperties': false}"))
                .containsExactly(new Incompatibility(
                        "/properties/b",
                        "property 'b' removed while the reader's"
                                + " content model is closed (additionalProperties: false)"));
    }

    @Test
    void readerIncompatibilities_whenPropertyRemovedFromOpenReader_isEmpty() {
        assertThat(incompatibilities(
                        "{'properties': {'a': {'type': 'string'}}}",
                        "{'properties': {'a': {'type': 'string'}, 'b': {'type': 'string'}}}"))
                .isEmpty();
    }

    @Test
    void readerIncompatibilities_whenPropertyRemovedAndReaderRestIsSchema_comparesWithIt() {
        assertThat(incompatibilities(
                        "{'additionalProperties': {'type': 'string'}}",
                        "{'properties': {'n': {'type': 'integer'}}, 'additionalProperties': {'type': 'string'}}"))
                .containsExactly(new Incompatibility("/properties/n/type", "type changed from integer to string"));
    }

    @Test
    void readerIncompatibilities_whenPropertyAddedToClosedWriter_isEmpty() {
        assertThat(incompatibilities(
                        "{'properties': {'a': {'type': 'string'}, 'b': {'type': 'integer'}}}",
                        "{'properties': {'a': {'type': 'string'}}, 'additionalProperties': false}"))
                .isEmpty();
    }

    @Test
    void readerIncompatibilities_whenPropertyAddedToOpenWriter_reportsIt() {
        assertThat(incompatibilities(
                        "{'properties': {'a': {'type': 'string'}, 'b': {'type': 'integer'}}}",
                        "{'properties': {'a': {'type': 'string'}}}"))
                .containsExactly(new Incompatibility(
                        "/properties/b",
                        "property 'b' added while the writer's"
                                + " content model is open: the writer may have written any value for it"));
    }

    @Test
    void readerIncompatibilities_whenPropertyAddedWithoutConstraint_isEmpty() {
        assertThat(incompatibilities(
                        "{'properties': {'a': {}, 'b': {'description': 'free'}}}", "{'properties': {'a': {}}}"))
                .isEmpty();
    }

    @Test
    void readerIncompatibilities_whenPropertyAddedAndWriterRestIsSchema_comparesWithIt() {
        String writer = "{'additionalProperties': {'type': 'integer'}}";
        assertThat(incompatibilities("{'properties': {'b': {'type': 'number'}}}", writer))
                .isEmpty();
        assertThat(incompatibilities("{'properties': {'b': {'type': 'string'}}}", writer))
                .containsExactly(new Incompatibility("/properties/b/type", "type changed from integer to string"));
    }

    @Test
    void readerIncompatibilities_whenContentModelClosed_reportsIt() {
        assertThat(incompatibilities(
                        "{'properties': {'a': {}}, 'additionalProperties': false}", "{'properties': {'a': {}}}"))
                .containsExactly(new Incompatibility(
                        "/additionalProperties",
                        "additionalProperties: false added; the writer allows other properties"));
    }

    @Test
    void readerIncompatibilities_whenContentModelOpened_isEmpty() {
        assertThat(incompatibilities(
                        "{'properties': {'a': {}}}", "{'properties': {'a': {}}, 'additionalProperties': false}"))
                .isEmpty();
    }

    @Test
    void readerIncompatibilities_whenNestedPropertyTypeChanged_reportsItsPath() {
        String reader = "{'properties': {'address': {'type': 'object', 'properties': {'zip': {'type': 'integer'}}}}}";
        String writer = "{'properties': {'address': {'type': 'object', 'properties': {'zip': {'type': 'string'}}}}}";
        assertThat(incompatibilities(reader, writer))
                .containsExactly(new Incompatibility(
                        "/properties/address/properties/zip/type", "type changed from string to integer"));
    }

    @Test
    void readerIncompatibilities_whenPropertyNameNeedsEscaping_escapesPointer() {
        assertThat(incompatibilities(
                        "{'properties': {'a/b~c': {'type': 'integer'}}}",
                        "{'properties': {'a/b~c': {'type': 'string'}}}"))
                .extracting(Incompatibility::location)
                .containsExactly("/properties/a~1b~0c/type");
    }

    // $ref

    @Test
    void readerIncompatibilities_whenTypeChangedBehindRef_reportsPathOfUse() {
        String reader = "{'properties': {'address': {'$ref': '#/definitions/address'}},"
                + " 'definitions': {'address': {'properties': {'zip': {'type': 'integer'}}}}}";
        String writer = "{'properties': {'address': {'$ref': '#/$defs/address'}},"
                + " '$defs': {'address': {'properties': {'zip': {'type': 'string'}}}}}";
        assertThat(incompatibilities(reader, writer))
                .containsExactly(new Incompatibility(
                        "/properties/address/properties/zip/type", "type changed from string to integer"));
    }

    @Test
    void readerIncompatibilities_whenRefTargetsUnchanged_isEmpty() {
        String schema = "{'properties': {'a': {'$ref': '#/$defs/a'}}, '$defs': {'a': {'type': 'string'}}}";
        String inlined = "{'properties': {'a': {'type': 'string'}}}";
        assertThat(incompatibilities(schema, inlined)).isEmpty();
        assertThat(incompatibilities(inlined, schema)).isEmpty();
    }

    @Test
    void readerIncompatibilities_whenSchemasRecursive_endsAndReportsOnce() {
        String reader = "{'type': 'object', 'properties': {'name': {'type': 'integer'},"
                + " 'children': {'type': 'array', 'items': {'$ref': '#'}}}}";
        String writer = "{'type': 'object', 'properties': {'name': {'type': 'string'},"
                + " 'children': {'type': 'array', 'items': {'$ref': '#'}}}}";
        assertThat(incompatibilities(reader, writer))
                .containsExactly(new Incompatibility("/properties/name/type", "type changed from string to integer"));
    }

    @Test
    void readerIncompatibilities_whenRefToOtherDocumentChanged_reportsIt() {
        assertThat(incompatibilities("{'$ref': 'b.json'}", "{'$ref': 'a.json'}"))
                .containsExactly(new Incompatibility("/$ref", "$ref changed from 'a.json' to 'b.json'"));
        assertThat(incompatibilities("{'$ref': 'a.json'}", "{'$ref': 'a.json'}"))
                .isEmpty();
    }

    // items

    @Test
    void readerIncompatibilities_whenItemTypeChanged_reportsIt() {
        assertThat(incompatibilities(
                        "{'type': 'array', 'items': {'type': 'integer'}}",
                        "{'type': 'array', 'items': {'type': 'string'}}"))
                .containsExactly(new Incompatibility("/items/type", "type changed from string to integer"));
        assertThat(incompatibilities(
                        "{'type': 'array', 'items': {'type': 'number'}}",
                        "{'type': 'array', 'items': {'type': 'integer'}}"))
                .isEmpty();
    }

    @Test
    void readerIncompatibilities_whenTupleItemTypeChanged_reportsPosition() {
        assertThat(incompatibilities(
                        "{'prefixItems': [{'type': 'string'}, {'type': 'string'}]}",
                        "{'prefixItems': [{'type': 'string'}, {'type': 'boolean'}]}"))
                .containsExactly(new Incompatibility("/prefixItems/1/type", "type changed from boolean to string"));
    }

    // enum and const

    @Test
    void readerIncompatibilities_whenEnumValueRemoved_reportsIt() {
        assertThat(incompatibilities("{'enum': ['a', 'c']}", "{'enum': ['a', 'b', 'c']}"))
                .containsExactly(new Incompatibility("/enum", "enum value \"b\" removed"));
    }

    @Test
    void readerIncompatibilities_whenEnumValueAdded_isEmpty() {
        assertThat(incompatibilities("{'enum': ['a', 'b', 1.0]}", "{'enum': ['a', 1]}"))
                .isEmpty();
    }

    @Test
    void readerIncompatibilities_whenEnumAdded_reportsIt() {
        assertThat(incompatibilities("{'type': 'string', 'enum': ['a']}", "{'type': 'string'}"))
                .containsExactly(new Incompatibility("/enum", "enum added; the writer's values were not restricted"));
    }

    @Test
    void readerIncompatibilities_whenConstChanged_reportsIt() {
        assertThat(incompatibilities("{'const': 'v2'}", "{'const': 'v1'}"))
                .containsExactly(new Incompatibility("/const", "const changed from \"v1\" to \"v2\""));
        assertThat(incompatibilities("{'const': 'v1'}", "{'const': 'v1'}")).isEmpty();
        assertThat(incompatibilities("{'enum': ['v1', 'v2']}", "{'const': 'v1'}"))
                .isEmpty();
    }

    // format and pattern

    @Test
    void readerIncompatibilities_whenFormatChanged_reportsIt() {
        assertThat(incompatibilities(
                        "{'type': 'string', 'format': 'date-time'}", "{'type': 'string', 'format': 'date'}"))
                .containsExactly(new Incompatibility("/format", "format changed from date to date-time"));
        assertThat(incompatibilities("{'type': 'string'}", "{'type': 'string', 'format': 'date'}"))
                .isEmpty();
    }

    @Test
    void readerIncompatibilities_whenPatternChanged_reportsIt() {
        assertThat(incompatibilities(
                        "{'type': 'string', 'pattern': '^[a-z]+$'}", "{'type': 'string', 'pattern': '^[a-z0-9]+$'}"))
                .containsExactly(new Incompatibility("/pattern", "pattern changed from ^[a-z0-9]+$ to ^[a-z]+$"));
    }

    // bounds

    @Test
    void readerIncompatibilities_whenMaxLengthDecreased_reportsIt() {
        assertThat(incompatibilities("{'type': 'string', 'maxLength': 10}", "{'type': 'string', 'maxLength': 20}"))
                .containsExactly(new Incompatibility("/maxLength", "maxLength decreased from 20 to 10"));
        assertThat(incompatibilities("{'type': 'string', 'maxLength': 30}", "{'type': 'string', 'maxLength': 20}"))
                .isEmpty();
    }

    @Test
    void readerIncompatibilities_whenMinLengthIncreased_reportsIt() {
        assertThat(incompatibilities("{'type': 'string', 'minLength': 2}", "{'type': 'string', 'minLength': 1}"))
                .containsExactly(new Incompatibility("/minLength", "minLength increased from 1 to 2"));
        assertThat(incompatibilities("{'type': 'string', 'minLength': 0}", "{'type': 'string'}"))
                .isEmpty();
    }

    @Test
    void readerIncompatibilities_whenMaximumDecreasedOrAdded_reportsIt() {
        assertThat(incompatibilities("{'type': 'number', 'maximum': 9.5}", "{'type': 'number', 'maximum': 10}"))
                .containsExactly(new Incompatibility("/maximum", "maximum decreased from 10 to 9.5"));
        assertThat(incompatibilities("{'type': 'integer', 'maximum': 10}", "{'type': 'integer'}"))
                .containsExactly(new Incompatibility("/maximum", "maximum 10 added"));
    }

    @Test
    void readerIncompatibilities_whenMinimumIncreased_reportsIt() {
        assertThat(incompatibilities("{'type': 'integer', 'minimum': 1}", "{'type': 'integer', 'minimum': 0}"))
                .containsExactly(new Incompatibility("/minimum", "minimum increased from 0 to 1"));
        assertThat(incompatibilities("{'type': 'integer', 'minimum': -1}", "{'type': 'integer', 'minimum': 0}"))
                .isEmpty();
    }

    @Test
    void readerIncompatibilities_whenItemCountBoundsNarrowed_reportsThem() {
        assertThat(incompatibilities(
                        "{'type': 'array', 'minItems': 2, 'maxItems': 5}",
                        "{'type': 'array', 'minItems': 1, 'maxItems': 10}"))
                .containsExactly(
                        new Incompatibility("/minItems", "minItems increased from 1 to 2"),
                        new Incompatibility("/maxItems", "maxItems decreased from 10 to 5"));
    }

    @Test
    void readerIncompatibilities_whenBoundIsForTypeWriterCannotWrite_isEmpty() {
        assertThat(incompatibilities("{'type': ['string', 'integer'], 'maximum': 3}", "{'type': 'string'}"))
                .isEmpty();
    }

    @Test
    void readerIncompatibilities_whenMultipleOfNoLongerDivides_reportsIt() {
        assertThat(incompatibilities("{'type': 'integer', 'multipleOf': 2}", "{'type': 'integer', 'multipleOf': 4}"))
                .isEmpty();
        assertThat(incompatibilities("{'type': 'integer', 'multipleOf': 3}", "{'type': 'integer', 'multipleOf': 4}"))
                .containsExactly(new Incompatibility("/multipleOf", "multipleOf changed from 4 to 3"));
    }

    // combining keywords

    @Test
    void readerIncompatibilities_whenCombiningKeywordChanged_reportsIt() {
        assertThat(incompatibilities(
                        "{'anyOf': [{'type': 'string'}]}", "{'anyOf': [{'type': 'string'}, {'type': 'null'}]}"))
                .containsExactly(
                        new Incompatibility("/anyOf", "anyOf changed; this check compares anyOf only for equality"));
    }

    @Test
    void readerIncompatibilities_whenCombiningKeywordRemoved_isEmpty() {
        assertThat(incompatibilities("{}", "{'oneOf': [{'type': 'string'}, {'type': 'null'}]}"))
                .isEmpty();
    }

    // order

    @Test
    void readerIncompatibilities_whenSeveral_reportsThemInWalkOrder() {
        String reader = "{'type': 'object', 'required': ['z'], 'properties': {"
                + "'z': {'type': 'string', 'maxLength': 1}, 'a': {'type': 'integer'}}}";
        String writer = "{'type': 'object', 'properties': {"
                + "'a': {'type': 'string'}, 'z': {'type': 'string', 'maxLength': 2}}}";
        assertThat(incompatibilities(reader, writer))
                .containsExactly(
                        new Incompatibility("/required", "required property 'z' added"),
                        new Incompatibility("/properties/a/type", "type changed from string to integer"),
                        new Incompatibility("/properties/z/maxLength", "maxLength decreased from 2 to 1"));
    }
}
