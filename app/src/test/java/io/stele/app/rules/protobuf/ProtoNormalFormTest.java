package io.stele.app.rules.protobuf;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Protobuf files that differ only in what normalizing orders have one normal form. */
class ProtoNormalFormTest {

    @Test
    void optionsImportsFieldsAndConstants_inAnyOrder_haveOneNormalForm() {
        String written =
                """
                syntax = "proto3";
                package shop;
                import "b.proto";
                import "a.proto";
                option java_package = "io.example";
                option java_multiple_files = true;
                message Order {
                  option deprecated = true;
                  option map_entry = false;
                  int64 id = 1 [deprecated = true, json_name = "orderId", packed = false];
                  // a comment
                  string note = 2;
                  oneof pick { string b = 5; string a = 4; }
                  oneof first { string c = 3; }
                }
                enum State { option allow_alias = true; OPEN = 0; SHUT = 1; CLOSED = 1; }
                """;
        String reordered =
                """
                syntax = "proto3";
                package shop;
                import "a.proto";
                import "b.proto";
                option java_multiple_files = true;
                option java_package = "io.example";
                message Order {
                  option map_entry = false;
                  option deprecated = true;
                  oneof first { string c = 3; }
                  oneof pick { string a = 4; string b = 5; }
                  string note = 2;
                  int64 id = 1 [packed = false, json_name = "orderId", deprecated = true];
                }
                enum State { option allow_alias = true; OPEN = 0; CLOSED = 1; SHUT = 1; }
                """;
        assertThat(ProtoNormalForm.of(reordered)).isEqualTo(ProtoNormalForm.of(written));
        assertThat(ProtoNormalForm.of(written))
                .doesNotContain("comment")
                .containsSubsequence("import \"a.proto\"", "import \"b.proto\"")
                .containsSubsequence("java_multiple_files", "java_package")
                .containsSubsequence("id = 1", "note = 2", "c = 3", "a = 4", "b = 5")
                .containsSubsequence("CLOSED = 1", "SHUT = 1");
    }

    @Test
    void theOrderOfMessages_isKept() {
        String text = "syntax = \"proto3\";\nmessage B { string b = 1; }\nmessage A { string a = 1; }\n";
        assertThat(ProtoNormalForm.of(text)).containsSubsequence("message B", "message A");
    }
}
