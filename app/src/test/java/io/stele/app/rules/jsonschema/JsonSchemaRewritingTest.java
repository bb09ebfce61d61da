package io.stele.app.rules.jsonschema;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@link JsonSchemaSupport#rewritten}: each {@code $ref} to a document a reference names, as named
 * or resolved against the schema's {@code $id}, points at that reference's location.
 */
class JsonSchemaRewritingTest {

    private final JsonSchemaSupport support = new JsonSchemaSupport();

    private static String json(String singleQuoted) {
        return singleQuoted.replace('\'', '"');
    }

    @Test
    void aRefResolvedAgainstTheSchemasId_isRewritten_withItsFragment() {
        String schema = json("{'$id': 'https://example.com/schemas/customer.json', 'type': 'object',"
                + " 'properties': {'home': {'$ref': 'address.json#/$defs/Home'}, 'other': {'$ref': 'other.json'}}}");

        String rewritten = support.rewritten(
                schema, Map.of("https://example.com/schemas/address.json", "http://registry/address/1"));

        assertThat(rewritten)
                .isEqualTo(json("{'$id':'https://example.com/schemas/customer.json','type':'object','properties':"
                        + "{'home':{'$ref':'http://registry/address/1#/$defs/Home'},'other':{'$ref':'other.json'}}}"));
    }

    @Test
    void refsInArraysAndDefinitions_areRewritten_andNumbersKeepTheirForm() {
        String schema = json("{'anyOf': [{'$ref': 'a.json'}, {'type': 'number', 'multipleOf': 0.10}],"
                + " '$defs': {'enum': {'$ref': 'a.json'}}, 'enum': [{'$ref': 'a.json'}]}");

        String rewritten = support.rewritten(schema, Map.of("a.json", "http://registry/a/1"));

        assertThat(rewritten)
                .isEqualTo(json("{'anyOf':[{'$ref':'http://registry/a/1'},{'type':'number','multipleOf':0.10}],"
                        + "'$defs':{'enum':{'$ref':'http://registry/a/1'}},'enum':[{'$ref':'a.json'}]}"));
    }

    @Test
    void contentThatIsNoSchema_isReturnedAsItIs() {
        assertThat(support.rewritten("not json", Map.of("a.json", "http://registry/a/1")))
                .isEqualTo("not json");
    }
}
