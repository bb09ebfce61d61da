package io.stele.app.cache;

import static org.assertj.core.api.Assertions.assertThat;

import io.stele.storage.ArtifactType;
import io.stele.storage.Content;
import io.stele.storage.EditableMeta;
import io.stele.storage.StoredVersion;
import io.stele.storage.VersionState;
import io.vertx.core.buffer.Buffer;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * {@link CachedAnswer#rendered}: another API's form of the answer, kept in the latest cache's record
 * and nowhere else, so that what a cache weighs is all an answer holds.
 */
class CachedAnswerTest {

    private static CachedAnswer answer() {
        Instant now = Instant.parse("2026-11-24T00:00:00Z");
        StoredVersion version = new StoredVersion(
                "a", 1, 7, 3, ArtifactType.AVRO, VersionState.ENABLED, EditableMeta.EMPTY, "alice", now, "alice", now);
        return new CachedAnswer(version, Content.of("\"string\""));
    }

    @Test
    void aRenderedForm_ofAnAnswerOnTheHeap_isNotKeptBesideItsRecord() {
        CachedAnswer answer = answer();
        AtomicInteger made = new AtomicInteger();
        Function<CachedAnswer, Buffer> renderer = a -> {
            made.incrementAndGet();
            return Buffer.buffer("{\"id\":" + a.version().contentId() + "}");
        };

        Buffer first = answer.rendered(renderer);

        assertThat(first.toString()).isEqualTo("{\"id\":3}");
        assertThat(answer.rendered(renderer)).isNotSameAs(first).isEqualTo(first);
        assertThat(made).hasValue(2);
        assertThat(answer.weight()).isEqualTo(answer().weight());
    }

    @Test
    void aRenderedForm_ofAnAnswerFromTheLatestCache_isKeptInItsEntry() {
        LatestCache cache = new LatestCache(1 << 20, Duration.ofMinutes(10));
        LatestEntry entry = cache.publish(new LatestEntry(answer().version(), 0), 0);
        cache.replace(entry, entry.withAnswer(answer().content()));
        AtomicInteger made = new AtomicInteger();
        Function<CachedAnswer, Buffer> renderer = a -> {
            made.incrementAndGet();
            return Buffer.buffer("{\"id\":" + a.version().contentId() + "}");
        };

        assertThat(cache.get("a").answer().rendered(renderer).toString()).isEqualTo("{\"id\":3}");
        assertThat(cache.get("a").answer().rendered(renderer).toString()).isEqualTo("{\"id\":3}");
        assertThat(made).hasValue(1);
        assertThat(cache.get("a").answer().content()).isEqualTo(answer().content());
    }

    @Test
    @SuppressWarnings("deprecation") // the Netty buffer shows that the body is not copied
    void anAnswer_makesItsEtagAndBodyFromItsRecord_eachTimeAlike_withoutCopyingTheBody() {
        CachedAnswer answer = answer();
        Content content = Content.of("\"string\"");

        assertThat(answer.etag()).isEqualTo("\"" + content.sha256() + "\"");
        assertThat(answer.etagHeader().toString()).isEqualTo(answer.etag());
        assertThat(answer.body()).isEqualTo(content.bytes());
        assertThat(answer.bodyBuffer().getBytes()).isEqualTo(content.bytes());
        assertThat(answer.bodyBuffer().getByteBuf().array())
                .isSameAs(answer.bodyBuffer().getByteBuf().array());
    }
}
