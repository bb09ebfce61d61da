package io.stele.app.rules.protobuf;

import com.squareup.wire.schema.Location;
import com.squareup.wire.schema.internal.parser.ProtoFileElement;
import com.squareup.wire.schema.internal.parser.ProtoParser;
import io.stele.app.rules.InvalidContentException;
import io.stele.app.rules.ParserMessages;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads {@code .proto} text with Wire's parser. */
final class ProtoFiles {

    /** The name Wire gives the content in its messages; the registry knows no file name. */
    private static final String FILE = "schema.proto";

    private static final Pattern SYNTAX_ERROR =
            Pattern.compile("Syntax error in " + Pattern.quote(FILE) + ":(\\d+):(\\d+): (.*)", Pattern.DOTALL);

    private ProtoFiles() {}

    /**
     * Parses a {@code .proto} file.
     *
     * @throws InvalidContentException naming the line and column of a syntax error
     */
    static ProtoFileElement parse(String content) {
        try {
            return ProtoParser.Companion.parse(Location.get(FILE), content);
        } catch (RuntimeException e) { // Wire reports syntax errors as IllegalStateException
            String message = ParserMessages.of(e);
            Matcher m = SYNTAX_ERROR.matcher(message);
            throw new InvalidContentException(
                    m.matches()
                            ? "Invalid Protobuf schema: syntax error at line " + m.group(1) + ", column " + m.group(2)
                                    + ": " + m.group(3)
                            : "Invalid Protobuf schema: " + message,
                    e);
        }
    }

    /**
     * The content with each comment replaced by spaces (line breaks kept), so that Wire, which
     * keeps comments as documentation, prints the same for content that differs only in comments.
     */
    static String withoutComments(String content) {
        StringBuilder out = new StringBuilder(content.length());
        int i = 0;
        while (i < content.length()) {
            char c = content.charAt(i);
            if (c == '"' || c == '\'') {
                int end = endOfString(content, i);
                out.append(content, i, end);
                i = end;
            } else if (content.startsWith("//", i)) {
                int end = content.indexOf('\n', i);
                i = blank(content, i, end < 0 ? content.length() : end, out);
            } else if (content.startsWith("/*", i)) {
                int end = content.indexOf("*/", i + 2);
                i = blank(content, i, end < 0 ? content.length() : end + 2, out);
            } else {
                out.append(c);
                i++;
            }
        }
        return out.toString();
    }

    /** The index after the string literal that starts at {@code start}. */
    private static int endOfString(String content, int start) {
        char quote = content.charAt(start);
        int i = start + 1;
        while (i < content.length() && content.charAt(i) != quote && content.charAt(i) != '\n') {
            i += content.charAt(i) == '\\' ? 2 : 1;
        }
        return Math.min(i + 1, content.length());
    }

    private static int blank(String content, int from, int to, StringBuilder out) {
        for (int i = from; i < to; i++) {
            out.append(content.charAt(i) == '\n' ? '\n' : ' ');
        }
        return to;
    }
}
