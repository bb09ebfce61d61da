package io.stele.app.rules.jsonschema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.stele.app.rules.InvalidContentException;
import io.stele.app.rules.Validity;
import io.stele.storage.ArtifactType;
import org.junit.jupiter.api.Test;

/** Validity and canonical form; compatibility is in {@link JsonSchemaCompatibilityTest}. */
class JsonSchemaSupportTest {

    private final JsonSchemaSupport support = new JsonSchemaSupport();

    /** JSON written with single quotes, so that the schemas below read easily. */
    private static String json(String singleQuoted) {
        return singleQuoted.replace('\'', '"');
    }

    private void assertValid(String schema, Validity level) {
        assertThatCode(() -> support.validate(json(schema), level)).doesNotThrowAnyException();
    }

    private void assertInvalid(String schema, Validity level, String... messageParts) {
        assertThatThrownBy(() -> support.validate(json(schema), level))
                .isInstanceOf(InvalidContentException.class)
                .hasMessageContainingAll(messageParts);
    }

    @Test
    void type_isJson() {
        assertThat(support.type()).isEqualTo(ArtifactType.JSON);
    }

    // validate

    @Test
    void validate_atNone_acceptsAnything() {
        assertValid("not json {", Validity.NONE);
    }

    @Test
    void validate_whenNotJson_failsNamingLineAndColumn() {
        assertInvalid("{'type': 'object',\n 'properties' {}}", Validity.SYNTAX_ONLY, "not JSON", "line 2, column 15");
    }

    @Test
    void validate_whenTrailingContent_fails() {
        assertInvalid("{} {}", Validity.SYNTAX_ONLY, "not JSON");
    }

    @Test
    void validate_whenEmpty_fails() {
        assertInvalid("  ", Validity.SYNTAX_ONLY, "empty");
    }

    @Test
    void validate_whenJsonArray_fails() {
        assertInvalid("[{'type': 'string'}]", Validity.SYNTAX_ONLY, "a JSON object or a boolean, not array");
    }

    @Test
    void validate_whenBooleanSchema_passesAtEachLevel() {
        assertValid("true", Validity.SYNTAX_ONLY);
        assertValid("false", Validity.FULL);
    }

    @Test
    void validate_syntaxOnly_acceptsSchemaInvalidAgainstItsMetaSchema() {
        assertValid("{'type': 'strin'}", Validity.SYNTAX_ONLY);
    }

    @Test
    void validate_full_whenTypeUnknown_failsNamingPointer() {
        assertInvalid(
                "{'properties': {'a': {'type': 'strin'}}}",
                Validity.FULL,
                "not valid against its meta-schema http://json-schema.org/draft-07/schema#",
                "at /properties/a/type: does not have a value in the enumeration");
    }

    @Test
    void validate_full_whenNoSchemaKeyword_usesDraft07() {
        String draft4Style = "'exclusiveMinimum': true, 'minimum': 1}";
        assertInvalid("{" + draft4Style, Validity.FULL, "draft-07", "at /exclusiveMinimum");
        assertValid("{'$schema': 'http://json-schema.org/draft-04/schema#', " + draft4Style, Validity.FULL);
    }

    @Test
    void validate_full_whenDraft2020SchemaValid_passes() {
        assertValid(
                """
                {'$schema': 'https://json-schema.org/draft/2020-12/schema',
                 'type': 'object',
                 'properties': {'tags': {'type': 'array', 'prefixItems': [{'$ref': '#/$defs/tag'}]}},
                 '$defs': {'tag': {'type': 'string', 'minLength': 1}}}
                """,
                Validity.FULL);
    }

    @Test
    void validate_full_whenDraft2020KeywordInvalid_failsNamingPointer() {
        assertInvalid(
                "{'$schema': 'https://json-schema.org/draft/2020-12/schema', "
                        + "'properties': {'a': {'minLength': -1}}}",
                Validity.FULL,
                "at /properties/a/minLength");
    }

    @Test
    void validate_full_whenMetaSchemaUnknown_fails() {
        assertInvalid(
                "{'$schema': 'https://example.invalid/meta', 'type': 'object'}",
                Validity.FULL,
                "at /$schema",
                "unknown meta-schema 'https://example.invalid/meta'");
    }

    @Test
    void validate_full_whenSchemaKeywordNotString_fails() {
        assertInvalid("{'$schema': 7}", Validity.FULL, "at /$schema", "must be a string");
    }

    @Test
    void validate_full_whenPatternIsNotRegularExpression_failsNamingPointer() {
        assertInvalid(
                "{'properties': {'code': {'type': 'string', 'pattern': '['}}}",
                Validity.FULL,
                "at /properties/code/pattern");
    }

    @Test
    void validate_full_whenLocalRefUnresolvable_failsNamingRef() {
        assertInvalid(
                "{'properties': {'a': {'$ref': '#/definitions/missing'}}, 'definitions': {}}",
                Validity.FULL,
                "at /properties/a/$ref",
                "reference '#/definitions/missing' cannot be resolved");
    }

    @Test
    void validate_full_whenLocalRefsResolve_passes() {
        assertValid(
                """
                {'$id': 'https://example.invalid/person.json',
                 'properties': {'a': {'$ref': '#/definitions/a'}, 'self': {'$ref': '#'}},
                 'definitions': {'a': {'type': 'string'}}}
                """,
                Validity.FULL);
    }

    @Test
    void validate_full_whenRefToOtherDocument_passesWithoutFetchingIt() {
        assertValid(
                """
                {'properties': {
                   'a': {'$ref': 'https://example.invalid/address.json#/definitions/zip'},
                   'b': {'$ref': 'address.json'},
                   'c': {'$ref': 'file:///etc/passwd'}}}
                """,
                Validity.FULL);
    }

    @Test
    void validate_full_whenPropertyNamedLikeDataKeyword_findsItsRefs() {
        assertInvalid(
                "{'properties': {'enum': {'$ref': '#/definitions/missing'}}}",
                Validity.FULL,
                "at /properties/enum/$ref");
    }

    // canonical

    @Test
    void canonical_sortsKeysRecursivelyWithoutWhitespaceAndKeepsArrayOrder() {
        String content =
                """
                { "type": "object",
                  "required": ["b", "a"],
                  "properties": { "b": {"type": "string"}, "a": {"maximum": 1.50, "type": "number"} } }
                """;
        assertThat(support.canonical(content))
                .isEqualTo(json(
                        "{'properties':{'a':{'maximum':1.5,'type':'number'},'b':{'type':'string'}},'required':['b','a'],"
                                + "'type':'object'}"));
    }

    @Test
    void canonical_whenContentMeansTheSame_isTheSame() {
        assertThat(support.canonical(json("{'b': [1, {'y': 2, 'x': 1}], 'a': true}")))
                .isEqualTo(support.canonical(json("{\n  'a' : true,\n  'b' : [ 1, { 'x' : 1, 'y' : 2 } ]\n}")));
    }

    @Test
    void canonical_whenNotJson_returnsContentUnchanged() {
        assertThat(support.canonical("{not json")).isEqualTo("{not json");
    }
}
