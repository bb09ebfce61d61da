package io.stele.app.ccompat;

import static org.assertj.core.api.Assertions.assertThat;

import io.stele.app.cache.CacheBudget;
import io.stele.storage.ArtifactType;
import io.stele.storage.Content;
import io.stele.storage.EditableMeta;
import io.stele.storage.StoredVersion;
import io.stele.storage.VersionState;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * The Confluent API's caches keep within their shares of stele.cache.max-memory: filled with far
 * more than fits, each holds no more than its share, so that with the read cache's shares they
 * hold no more than the setting.
 */
class ConfluentCachesBudgetTest {

    private static final CacheBudget BUDGET = CacheBudget.of(1024 * 1024);

    @Test
    void answers_filledBeyondTheirShares_holdNoMoreThanThem() {
        ConfluentAnswers answers = new ConfluentAnswers(BUDGET);
        long sent = 0;
        for (int id = 1; id <= 2_000; id++) {
            Content content = Content.of(schema(id));
            int schemaId = id;
            answers.schema(id, () -> new ConfluentBodies.SchemaString(content.text(), null, null));
            answers.version(version(schemaId), () -> content);
            sent += 2L * content.size();
        }

        assertThat(sent).isGreaterThan(4 * (BUDGET.confluentSchemas() + BUDGET.confluentVersions()));
        assertThat(answers.heldBytes())
                .isPositive()
                .isLessThanOrEqualTo(BUDGET.confluentSchemas() + BUDGET.confluentVersions());
    }

    @Test
    void lookups_filledBeyondTheirShare_holdNoMoreThanIt() {
        RememberedLookups lookups = new RememberedLookups(BUDGET);
        long sent = 0;
        for (int id = 1; id <= 2_000; id++) {
            String schema = schema(id);
            lookups.lookedUp("subject-" + id, null, schema, id);
            sent += schema.length();
        }

        assertThat(sent).isGreaterThan(4 * BUDGET.confluentLookups());
        assertThat(lookups.heldBytes()).isPositive().isLessThanOrEqualTo(BUDGET.confluentLookups());
    }

    /** An Avro schema of about 600 bytes, one for each id. */
    private static String schema(int id) {
        return "{\"type\":\"record\",\"name\":\"R" + id + "\",\"doc\":\"" + "d".repeat(560) + "\",\"fields\":[]}";
    }

    private static StoredVersion version(long globalId) {
        Instant now = Instant.parse("2026-11-29T00:00:00Z");
        return new StoredVersion(
                "subject-" + globalId,
                1,
                globalId,
                globalId,
                ArtifactType.AVRO,
                VersionState.ENABLED,
                EditableMeta.EMPTY,
                "",
                now,
                "",
                now);
    }
}
