package io.stele.app.console;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.JsonNodeFeature;
import io.stele.storage.ArtifactType;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Content as the console shows it: JSON pretty-printed, then every format marked up for syntax
 * highlighting as HTML spans whose classes the console's style sheet colours ({@code tok-key},
 * {@code tok-str}, {@code tok-num}, {@code tok-lit}, {@code tok-kw}, {@code tok-typ}, {@code
 * tok-com}, {@code tok-tag}). Done on the server so that a page needs no script to read. Stateless
 * and thread-safe.
 */
final class Highlighter {

    private static final ObjectMapper JSON_MAPPER = new ObjectMapper()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .configure(JsonNodeFeature.STRIP_TRAILING_BIGDECIMAL_ZEROES, false);

    private static final String STRING = "\"(?:[^\"\\\\\\n]|\\\\.)*\"";
    private static final String NUMBER = "-?\\b\\d+(?:\\.\\d+)?(?:[eE][+-]?\\d+)?\\b";

    private static final Lexer JSON = new Lexer(
            List.of(new Token("str", STRING), new Token("num", NUMBER), new Token("lit", "\\b(?:true|false|null)\\b")));

    private static final Lexer YAML = new Lexer(List.of(
            new Token("com", "(?<=^|\\s)#[^\\n]*"),
            new Token("key", "(?m)^[ \\t]*(?:- +)?[^\\s#:'\"\\-][^:\\n#]*(?=:(?:[ \\t]|$))"),
            new Token("str", STRING + "|'[^'\\n]*'"),
            new Token("num", NUMBER),
            new Token("lit", "\\b(?:true|false|null)\\b")));

    private static final Lexer PROTOBUF = new Lexer(List.of(
            new Token("com", "//[^\\n]*|/\\*[\\s\\S]*?\\*/"),
            new Token("str", STRING + "|'[^'\\n]*'"),
            new Token(
                    "kw",
                    "\\b(?:syntax|edition|package|import|option|message|enum|service|rpc|returns|repeated|optional"
                            + "|required|oneof|map|reserved|extend|extensions|stream|public|weak|to|max)\\b"),
            new Token(
                    "typ",
                    "\\b(?:double|float|int32|int64|uint32|uint64|sint32|sint64|fixed32|fixed64|sfixed32|sfixed64"
                            + "|bool|string|bytes)\\b"),
            new Token("num", NUMBER)));

    private static final Lexer GRAPHQL = new Lexer(List.of(
            new Token("com", "#[^\\n]*"),
            new Token("str", "\"\"\"[\\s\\S]*?\"\"\"|" + STRING),
            new Token(
                    "kw",
                    "\\b(?:type|input|enum|interface|union|scalar|schema|query|mutation|subscription|extend"
                            + "|implements|directive|fragment|on)\\b"),
            new Token("typ", "\\b(?:Int|Float|String|Boolean|ID)\\b"),
            new Token("num", NUMBER)));

    private static final Lexer XML = new Lexer(List.of(
            new Token("com", "<!--[\\s\\S]*?-->"),
            new Token("tag", "</?[\\w:.-]+|/?>|<\\?[\\w:.-]+|\\?>"),
            new Token("key", "\\b[\\w:.-]+(?==)"),
            new Token("str", STRING + "|'[^'\\n]*'")));

    private Highlighter() {}

    /** The content to show: JSON of a JSON-based type re-indented, anything else as it is. */
    static String pretty(ArtifactType type, String text) {
        if (lexer(type, text) != JSON) {
            return text;
        }
        try {
            return JSON_MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(JSON_MAPPER.readTree(text));
        } catch (JsonProcessingException e) {
            return text; // shown as stored: the registry keeps what its rules let in
        }
    }

    /** The text as HTML, escaped, with its tokens marked up for the artifact type's syntax. */
    static String html(ArtifactType type, String text) {
        Lexer lexer = lexer(type, text);
        return lexer == null ? escape(text) : lexer.html(text);
    }

    private static Lexer lexer(ArtifactType type, String text) {
        return switch (type) {
            case AVRO, JSON, KCONNECT -> JSON;
            case OPENAPI, ASYNCAPI -> text.stripLeading().startsWith("{") ? JSON : YAML;
            case PROTOBUF -> PROTOBUF;
            case GRAPHQL -> GRAPHQL;
            case WSDL, XSD, XML -> XML;
            case PROTOBUF_FD -> null;
        };
    }

    static String escape(String text) {
        StringBuilder out = new StringBuilder(text.length() + 16);
        escape(text, 0, text.length(), out);
        return out.toString();
    }

    private static void escape(String text, int from, int to, StringBuilder out) {
        for (int i = from; i < to; i++) {
            char c = text.charAt(i);
            switch (c) {
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '&' -> out.append("&amp;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> out.append(c);
            }
        }
    }

    /** One kind of token: its class suffix and its pattern. */
    private record Token(String css, String regex) {}

    /** Tokens tried in order at each place; the text between them is shown plain. */
    private static final class Lexer {
        private final List<Token> tokens;
        private final Pattern pattern;

        Lexer(List<Token> tokens) {
            this.tokens = tokens;
            StringBuilder regex = new StringBuilder();
            for (Token token : tokens) {
                regex.append(regex.isEmpty() ? "" : "|")
                        .append('(')
                        .append(token.regex())
                        .append(')');
            }
            this.pattern = Pattern.compile(regex.toString(), Pattern.MULTILINE);
        }

        String html(String text) {
            StringBuilder out = new StringBuilder(text.length() * 2);
            Matcher m = pattern.matcher(text);
            int at = 0;
            while (m.find()) {
                if (m.end() == m.start()) {
                    continue;
                }
                escape(text, at, m.start(), out);
                String css = css(m);
                if (this == JSON && css.equals("str") && followedByColon(text, m.end())) {
                    css = "key";
                }
                out.append("<span class=\"tok-").append(css).append("\">");
                escape(text, m.start(), m.end(), out);
                out.append("</span>");
                at = m.end();
            }
            escape(text, at, text.length(), out);
            return out.toString();
        }

        private String css(Matcher m) {
            for (int group = 1; group <= tokens.size(); group++) {
                if (m.start(group) >= 0) {
                    return tokens.get(group - 1).css();
                }
            }
            throw new IllegalStateException("a match with no group: " + m.group());
        }

        private static boolean followedByColon(String text, int from) {
            int i = from;
            while (i < text.length() && Character.isWhitespace(text.charAt(i))) {
                i++;
            }
            return i < text.length() && text.charAt(i) == ':';
        }
    }
}
