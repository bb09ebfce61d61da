package io.stele.storage.kafka;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import io.stele.storage.ArtifactType;
import io.stele.storage.ImportedVersion;
import io.stele.storage.InvalidRequestException;
import io.stele.storage.RuleScope;
import io.stele.storage.RuleType;
import io.stele.storage.TransferFormat;
import io.stele.storage.TransferRecord;
import io.stele.storage.VersionDraft;
import io.stele.storage.VersionState;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The log's record format, version {@value #FORMAT}: the value is one JSON object with {@code
 * format}, {@code op}, {@code at} (the writer's clock, epoch milliseconds, which every replica stores
 * as the time of the change) and the operation's fields; content and metadata are written as the
 * export format writes them. A replica refuses to apply a format it does not know rather than skip
 * it. See docs/storage.md.
 */
final class LogFormat {

    static final int FORMAT = 1;

    private static final JsonFactory JSON = new JsonFactory();

    private LogFormat() {}

    /** A decoded record: the command and the time it was written. */
    record Entry(Command command, Instant at) {}

    /** A record written by a newer release, which this one cannot apply. */
    static final class UnknownFormatException extends RuntimeException {
        UnknownFormatException(String message) {
            super(message);
        }
    }

    static byte[] key(Command command) {
        return command.artifactId().orElse("").getBytes(StandardCharsets.UTF_8);
    }

    static byte[] encode(Command command, Instant at) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(512);
        try (JsonGenerator out = JSON.createGenerator(bytes)) {
            out.writeStartObject();
            out.writeNumberField("format", FORMAT);
            out.writeNumberField("at", at.toEpochMilli());
            writeCommand(out, command);
            out.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    private static void writeCommand(JsonGenerator out, Command command) throws IOException {
        if (command instanceof Command.CreateArtifact c) {
            out.writeStringField("op", "create-artifact");
            writeDraft(out, c.draft());
        } else if (command instanceof Command.AddVersion c) {
            out.writeStringField("op", "add-version");
            writeDraft(out, c.draft());
        } else if (command instanceof Command.ImportVersion c) {
            out.writeStringField("op", "import-version");
            writeDraft(out, c.imported().draft());
            out.writeNumberField("contentId", c.imported().contentId());
            out.writeNumberField("version", c.imported().version());
        } else if (command instanceof Command.UpdateMeta c) {
            out.writeStringField("op", "update-meta");
            writeVersionRef(out, c.id(), c.version());
            out.writeObjectFieldStart("meta");
            TransferFormat.writeMeta(out, c.meta());
            out.writeEndObject();
            out.writeStringField("modifiedBy", c.modifiedBy());
        } else if (command instanceof Command.UpdateState c) {
            out.writeStringField("op", "update-state");
            writeVersionRef(out, c.id(), c.version());
            out.writeStringField("state", c.state().name());
            out.writeStringField("modifiedBy", c.modifiedBy());
        } else if (command instanceof Command.DeleteVersion c) {
            out.writeStringField("op", "delete-version");
            writeVersionRef(out, c.id(), c.version());
        } else if (command instanceof Command.DeleteArtifact c) {
            out.writeStringField("op", "delete-artifact");
            out.writeStringField("artifactId", c.id());
        } else if (command instanceof Command.ChangeRule c) {
            out.writeStringField("op", "rule-" + c.change().name().toLowerCase());
            writeScope(out, c.scope());
            out.writeStringField("type", c.type().name());
            if (c.config().isPresent()) {
                out.writeStringField("config", c.config().get());
            }
        } else if (command instanceof Command.DeleteRules c) {
            out.writeStringField("op", "delete-rules");
            writeScope(out, c.scope());
        } else if (command instanceof Command.Import c) {
            out.writeStringField("op", "import");
            out.writeArrayFieldStart("records");
            for (TransferRecord record : c.batch()) {
                TransferFormat.write(out, record);
            }
            out.writeEndArray();
        }
    }

    private static void writeDraft(JsonGenerator out, VersionDraft draft) throws IOException {
        out.writeStringField("artifactId", draft.artifactId());
        out.writeStringField("type", draft.type().name());
        out.writeStringField("createdBy", draft.createdBy());
        out.writeStringField("canonicalHash", draft.canonicalHash());
        out.writeObjectFieldStart("meta");
        TransferFormat.writeMeta(out, draft.meta());
        out.writeEndObject();
        out.writeObjectFieldStart("content");
        TransferFormat.writeContent(out, draft.content());
        out.writeEndObject();
    }

    private static void writeVersionRef(JsonGenerator out, String artifactId, int version) throws IOException {
        out.writeStringField("artifactId", artifactId);
        out.writeNumberField("version", version);
    }

    private static void writeScope(JsonGenerator out, RuleScope scope) throws IOException {
        if (scope.artifactId().isPresent()) {
            out.writeStringField("artifactId", scope.artifactId().get());
        }
    }

    /**
     * Reads one record's value.
     *
     * @throws UnknownFormatException when a newer release wrote it
     * @throws InvalidRequestException when it is not a record of this format
     */
    static Entry decode(byte[] value) {
        JsonNode node = TransferFormat.tree(value);
        long format = TransferFormat.number(node, "format");
        if (format != FORMAT) {
            throw new UnknownFormatException("A log record has format " + format + "; this release applies format "
                    + FORMAT + ". Run a release that knows it.");
        }
        return new Entry(command(node), TransferFormat.time(node, "at"));
    }

    private static Command command(JsonNode node) {
        String op = TransferFormat.text(node, "op");
        return switch (op) {
            case "create-artifact" -> new Command.CreateArtifact(draft(node));
            case "add-version" -> new Command.AddVersion(draft(node));
            case "import-version" ->
                new Command.ImportVersion(
                        new ImportedVersion(draft(node), TransferFormat.number(node, "contentId"), version(node)));
            case "update-meta" ->
                new Command.UpdateMeta(
                        id(node),
                        version(node),
                        TransferFormat.readMeta(node.path("meta")),
                        TransferFormat.text(node, "modifiedBy"));
            case "update-state" ->
                new Command.UpdateState(
                        id(node),
                        version(node),
                        TransferFormat.enumValue(VersionState.class, node, "state"),
                        TransferFormat.text(node, "modifiedBy"));
            case "delete-version" -> new Command.DeleteVersion(id(node), version(node));
            case "delete-artifact" -> new Command.DeleteArtifact(id(node));
            case "rule-create", "rule-update", "rule-delete" ->
                new Command.ChangeRule(
                        Command.RuleChange.valueOf(
                                        op.substring("rule-".length()).toUpperCase()),
                                scope(node),
                        TransferFormat.enumValue(RuleType.class, node, "type"),
                                TransferFormat.optionalText(node, "config"));
            case "delete-rules" -> new Command.DeleteRules(scope(node));
            case "import" -> {
                List<TransferRecord> records = new ArrayList<>();
                for (JsonNode record : node.path("records")) {
                    records.add(TransferFormat.read(record));
                }
                yield new Command.Import(records);
            }
            default ->
                throw new UnknownFormatException("A log record has the operation '" + op
                        + "', which this release does not know. Run a release that knows it.");
        };
    }

    private static VersionDraft draft(JsonNode node) {
        return new VersionDraft(
                id(node),
                TransferFormat.enumValue(ArtifactType.class, node, "type"),
                TransferFormat.readContent(node.path("content")),
                TransferFormat.readMeta(node.path("meta")),
                TransferFormat.text(node, "createdBy"),
                TransferFormat.text(node, "canonicalHash"));
    }

    private static String id(JsonNode node) {
        return TransferFormat.text(node, "artifactId");
    }

    private static int version(JsonNode node) {
        return (int) TransferFormat.number(node, "version");
    }

    private static RuleScope scope(JsonNode node) {
        return node.hasNonNull("artifactId") ? RuleScope.artifact(id(node)) : RuleScope.GLOBAL;
    }
}
