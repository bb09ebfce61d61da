package io.stele.storage.sql;

import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.HexFormat;
import java.util.List;
import org.postgresql.PGConnection;
import org.postgresql.copy.CopyIn;

/**
 * Rows sent to PostgreSQL with {@code COPY ... FROM STDIN} in its text format: one statement for a
 * whole batch, parsed and planned once, where a batch of inserts costs PostgreSQL an execution per
 * row. The rows are streamed as they are written, so the server stores the first while the next
 * are formatted. Constraints, indexes and triggers apply as for inserts, and the errors are the
 * same.
 */
final class CopyRows {

    private static final HexFormat HEX = HexFormat.of();
    /** Characters sent to the server at a time. */
    private static final int CHUNK = 64 * 1024;

    private CopyRows() {}

    /**
     * @param columns the table's columns, in the order of each row's values
     * @param rows values of type String, Long, Integer, byte[] (bytea), OffsetDateTime or null
     */
    static void copy(Connection c, String table, String columns, List<Object[]> rows) throws SQLException {
        if (rows.isEmpty()) {
            return;
        }
        CopyIn copy =
                c.unwrap(PGConnection.class).getCopyAPI().copyIn("COPY " + table + " (" + columns + ") FROM STDIN");
        try {
            StringBuilder text = new StringBuilder(CHUNK + 4096);
            for (Object[] row : rows) {
                for (int i = 0; i < row.length; i++) {
                    if (i > 0) {
                        text.append('\t');
                    }
                    append(text, row[i]);
                }
                text.append('\n');
                if (text.length() >= CHUNK) {
                    send(copy, text);
                }
            }
            send(copy, text);
            copy.endCopy();
        } catch (SQLException | RuntimeException e) {
            if (copy.isActive()) {
                try {
                    copy.cancelCopy(); // the statement fails, and with it the transaction
                } catch (SQLException cancelFailed) {
                    e.addSuppressed(cancelFailed);
                }
            }
            throw e;
        }
    }

    /**
     * Sends what the builder holds and empties it: PostgreSQL stores rows as they arrive, while the
     * next are written.
     */
    private static void send(CopyIn copy, StringBuilder text) throws SQLException {
        byte[] bytes = text.toString().getBytes(StandardCharsets.UTF_8);
        copy.writeToCopy(bytes, 0, bytes.length);
        text.setLength(0);
    }

    private static void append(StringBuilder text, Object value) {
        if (value == null) {
            text.append("\\N");
        } else if (value instanceof byte[] bytes) {
            text.append("\\\\x");
            HEX.formatHex(text, bytes);
        } else if (value instanceof String s) {
            escape(text, s);
        } else if (value instanceof Number || value instanceof OffsetDateTime) {
            text.append(value);
        } else {
            throw new IllegalArgumentException(
                    "No COPY text form for " + value.getClass().getName());
        }
    }

    /** The text format's escapes: backslash, and the characters that separate columns and rows. */
    private static void escape(StringBuilder text, String s) {
        for (int i = 0; i < s.length(); i++) {
            char ch = s.charAt(i);
            switch (ch) {
                case '\\' -> text.append("\\\\");
                case '\t' -> text.append("\\t");
                case '\n' -> text.append("\\n");
                case '\r' -> text.append("\\r");
                default -> text.append(ch);
            }
        }
    }
}
