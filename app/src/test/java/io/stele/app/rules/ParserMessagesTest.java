package io.stele.app.rules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Jackson's complaints about malformed JSON reach the user in plain words, with where they are. */
class ParserMessagesTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '`',
            textBlock =
                    """
            control character between values | {"a":1,\u0000} | a control character (U+0000) between values
            control character in a string    | {"a":"x\u0001"} | a control character (U+0001) inside a string
            empty                            | `` | the JSON is empty
            ends inside an object            | {"a": | the JSON ends too soon, inside an object
            ends inside an array             | [1, | the JSON ends too soon, inside an array
            ends inside a string             | "abc | the JSON ends too soon, inside a string
            no field name                    | {"a":1,} | unexpected '}' where a field name in double quotes should be
            no comma in an object            | {"a":1 "b":2} | unexpected '"' where ',' or '}' should be
            no comma in an array             | [1 2] | unexpected '2' where ',' or ']' should be
            no colon                         | {"a" 1} | unexpected '1' where ':' should be
            no value                         | {"a":} | unexpected '}' where a value should be
            bare word                        | {"a":abc} | 'abc' is not a JSON value
            wrong closing                    | [1} | '}' where ']' should close what is open
            leading zero                     | [01] | a number starting with 0
            not a number                     | [NaN] | 'NaN', which is not a JSON number
            """)
    void jacksonsWording_isSaidInTheUsersTerms(String what, String json, String expected) {
        JsonProcessingException e =
                catchThrowableOfType(JsonProcessingException.class, () -> JSON.readValue(json, Object.class));
        String message = ParserMessages.json(e);
        assertThat(message)
                .as("%s: Jackson said %s", what, e.getOriginalMessage())
                .startsWith(expected)
                .containsPattern("at line \\d+, column \\d+$")
                .doesNotContain("CTRL-CHAR", "Feature", "expecting (JSON", "VALUE_STRING", "end-of-input");
    }
}
