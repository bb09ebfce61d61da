package io.stele.app.console;

import static org.assertj.core.api.Assertions.assertThat;

import io.stele.storage.ArtifactType;
import org.junit.jupiter.api.Test;

class HighlighterTest {

    @Test
    void json_marksKeysApartFromStrings_andEscapesMarkup() {
        String html = Highlighter.html(ArtifactType.AVRO, "{\"doc\": \"<script>alert(1)</script>\", \"n\": -1.5e3}");
        assertThat(html)
                .contains("<span class=\"tok-key\">&quot;doc&quot;</span>")
                .contains("<span class=\"tok-str\">&quot;&lt;script&gt;alert(1)&lt;/script&gt;&quot;</span>")
                .contains("<span class=\"tok-num\">-1.5e3</span>")
                .doesNotContain("<script>");
    }

    @Test
    void pretty_reindentsJson_andLeavesOtherTextAsItIs() {
        assertThat(Highlighter.pretty(ArtifactType.JSON, "{\"a\":[1,2.50]}")).isEqualTo("{\n  \"a\" : [ 1, 2.50 ]\n}");
        assertThat(Highlighter.pretty(ArtifactType.JSON, "{not json")).isEqualTo("{not json");
        assertThat(Highlighter.pretty(ArtifactType.OPENAPI, "openapi: 3.0.3\n")).isEqualTo("openapi: 3.0.3\n");
    }

    @Test
    void yaml_marksKeysCommentsAndValues() {
        String html =
                Highlighter.html(ArtifactType.ASYNCAPI, "# events\nasyncapi: 2.6.0\ninfo:\n  title: 'Shop'\n  n: 3\n");
        assertThat(html)
                .contains("<span class=\"tok-com\"># events</span>")
                .contains("<span class=\"tok-key\">asyncapi</span>:")
                .contains("<span class=\"tok-key\">  title</span>: <span class=\"tok-str\">&#39;Shop&#39;</span>")
                .contains("<span class=\"tok-num\">3</span>");
    }

    @Test
    void protobuf_marksKeywordsTypesAndComments() {
        String html =
                Highlighter.html(ArtifactType.PROTOBUF, "syntax = \"proto3\";\n// note\nmessage M { int64 id = 1; }");
        assertThat(html)
                .contains("<span class=\"tok-kw\">syntax</span>")
                .contains("<span class=\"tok-str\">&quot;proto3&quot;</span>")
                .contains("<span class=\"tok-com\">// note</span>")
                .contains("<span class=\"tok-kw\">message</span> M")
                .contains("<span class=\"tok-typ\">int64</span>");
    }

    @Test
    void xml_marksTagsAttributesAndComments() {
        String html = Highlighter.html(ArtifactType.XSD, "<!-- c --><xs:element name=\"a\"/>");
        assertThat(html)
                .contains("<span class=\"tok-com\">&lt;!-- c --&gt;</span>")
                .contains("<span class=\"tok-tag\">&lt;xs:element</span>")
                .contains("<span class=\"tok-key\">name</span>=<span class=\"tok-str\">&quot;a&quot;</span>");
    }
}
