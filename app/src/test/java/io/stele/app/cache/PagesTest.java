package io.stele.app.cache;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class PagesTest {

    private static byte[] record(String artifactId) {
        return new LatestEntry(LatestCacheTest.version(artifactId), 0).record;
    }

    @Test
    void aRecord_readsBackAsAppended_untilItsPageIsReused() {
        Pages pages = new Pages(2 * 4096, 4096);
        byte[] first = record("first");
        long location = pages.append(first);

        assertThat(pages.read(location)).isEqualTo(first);
        assertThat(pages.hash(location)).isEqualTo(Integer.toUnsignedLong(AnswerRecord.hash(first)));

        while (!pages.full()) {
            pages.append(record("filler")); // fills the first page and takes the second
        }
        int oldest = pages.oldest();
        List<Long> seen = new ArrayList<>();
        pages.forEach(oldest, (record, at) -> seen.add(at));
        pages.reuse(oldest);

        assertThat(seen).startsWith(location);
        assertThat(pages.live(location)).isFalse();
        assertThat(pages.read(location)).as("a stale location").isNull();
        assertThat(pages.hash(location)).isEqualTo(-1);
        assertThat(pages.full()).isFalse();
    }

    @Test
    void aRecordLargerThanAPage_isRefused_andNoPageHasRoomOnceAllAreTaken() {
        Pages pages = new Pages(2 * 4096, 4096);
        assertThat(pages.fits(4097)).isFalse();
        assertThat(pages.append(new byte[4097])).isZero();

        while (!pages.full()) {
            pages.append(record("filler"));
        }
        byte[] large = new byte[4000];
        System.arraycopy(record("x"), 0, large, 0, AnswerRecord.KEY);
        assertThat(pages.append(large))
                .as("more than the newest page has left, and no page is free")
                .isZero();
    }
}
