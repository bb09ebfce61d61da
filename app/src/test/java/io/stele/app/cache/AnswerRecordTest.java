package io.stele.app.cache;

import static org.assertj.core.api.Assertions.assertThat;

import io.stele.storage.ArtifactType;
import io.stele.storage.Content;
import io.stele.storage.EditableMeta;
import io.stele.storage.SchemaReference;
import io.stele.storage.StoredVersion;
import io.stele.storage.VersionState;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class AnswerRecordTest {

    private static final StoredVersion VERSION = new StoredVersion(
            "orders-ü-value",
            7,
            1234567890123L,
            42,
            ArtifactType.PROTOBUF,
            VersionState.DEPRECATED,
            new EditableMeta(
                    Optional.of("Orders"), Optional.of("Ordre é"), List.of("a", "b"), Map.of("team", "pay", "k", "")),
            "alice",
            Instant.parse("2026-11-24T10:15:30.123456789Z"),
            "bob",
            Instant.parse("2026-11-24T11:00:00Z"));

    private static final Content CONTENT = Content.of(
            "syntax = \"proto3\";".getBytes(StandardCharsets.UTF_8),
            List.of(new SchemaReference("common.proto", "common", 3)));

    @Test
    void aVersionWithItsAnswer_readsBackAsWritten() {
        byte[] record = AnswerRecord.of(VERSION, CONTENT, 5, 99);

        assertThat(AnswerRecord.version(record)).isEqualTo(VERSION);
        assertThat(AnswerRecord.content(record)).isEqualTo(CONTENT);
        assertThat(AnswerRecord.resets(record)).isEqualTo(5);
        assertThat(AnswerRecord.loadedAt(record)).isEqualTo(99);
        assertThat(AnswerRecord.length(record)).isEqualTo(record.length);
        assertThat(AnswerRecord.hash(record)).isEqualTo(AnswerRecord.hash(VERSION.artifactId()));
        assertThat(AnswerRecord.isOf(record, "orders-ü-value")).isTrue();
        assertThat(AnswerRecord.isOf(record, "orders-u-value")).isFalse();
        assertThat(new String(AnswerRecord.etag(record), StandardCharsets.US_ASCII))
                .isEqualTo("\"" + CONTENT.sha256() + "\"");
        assertThat(AnswerRecord.renderedOffset(record)).isEqualTo(-1);
    }

    @Test
    void aVersionAlone_hasNoAnswer_andSharesItsUnchangedParts() {
        Instant on = Instant.parse("2026-11-24T10:15:30Z");
        StoredVersion plain = new StoredVersion(
                "a", 1, 1, 1, ArtifactType.AVRO, VersionState.ENABLED, EditableMeta.EMPTY, "", on, "", on);

        byte[] record = AnswerRecord.of(plain, null, 0, 0);
        StoredVersion read = AnswerRecord.version(record);

        assertThat(AnswerRecord.hasAnswer(record)).isFalse();
        assertThat(AnswerRecord.content(record)).isNull();
        assertThat(read).isEqualTo(plain);
        assertThat(read.meta()).isSameAs(EditableMeta.EMPTY);
        assertThat(read.modifiedOn()).isSameAs(read.createdOn());
    }

    @Test
    void anotherApisForm_isAddedToACopy() {
        byte[] record = AnswerRecord.of(VERSION, CONTENT, 5, 99);
        byte[] rendered = AnswerRecord.withRendered(record, "{\"id\":42}".getBytes(StandardCharsets.UTF_8));

        int offset = AnswerRecord.renderedOffset(rendered);
        assertThat(new String(rendered, offset, AnswerRecord.renderedLength(rendered), StandardCharsets.UTF_8))
                .isEqualTo("{\"id\":42}");
        assertThat(AnswerRecord.version(rendered)).isEqualTo(VERSION);
        assertThat(AnswerRecord.content(rendered)).isEqualTo(CONTENT);
        assertThat(AnswerRecord.loadedAt(rendered)).isEqualTo(99);
        assertThat(AnswerRecord.renderedOffset(record))
                .as("the first is unchanged")
                .isEqualTo(-1);
    }
}
