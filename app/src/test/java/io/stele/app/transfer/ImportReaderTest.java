package io.stele.app.transfer;

import static org.assertj.core.api.Assertions.assertThat;

import io.stele.storage.Content;
import io.vertx.core.buffer.Buffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The worker side of an import: lines split wherever the upload's buffers end. */
class ImportReaderTest {

    private static final String SCHEMA = "{\"type\":\"fixed\",\"name\":\"F\",\"size\":1}";
    private static final String SHA = Content.of(SCHEMA).sha256();

    private static String artifact(String id, long globalId) {
        return "{\"kind\":\"artifact\",\"artifactId\":\"" + id + "\",\"type\":\"AVRO\",\"createdBy\":\"\","
                + "\"createdOn\":1700000000000,\"lastVersion\":1}\n"
                + "{\"kind\":\"content\",\"contentId\":" + globalId + ",\"sha256\":\"" + SHA + "\",\"text\":"
                + "\"{\\\"type\\\":\\\"fixed\\\",\\\"name\\\":\\\"F\\\",\\\"size\\\":1}\"}\n"
                + "{\"kind\":\"version\",\"artifactId\":\"" + id + "\",\"version\":1,\"globalId\":" + globalId
                + ",\"contentId\":" + globalId + ",\"type\":\"AVRO\",\"state\":\"ENABLED\",\"labels\":[],"
                + "\"properties\":{},\"createdBy\":\"\",\"createdOn\":1700000000000,\"modifiedBy\":\"\","
                + "\"modifiedOn\":1700000000000,\"canonicalHash\":\"" + SHA + "\"}\n";
    }

    private static final String BODY = "{\"kind\":\"stele-export\",\"format\":2}\n" + artifact("a", 1)
            + artifact("b", 2) + artifact("c", 3)
            + "{\"kind\":\"stele-export-end\",\"records\":9,\"artifacts\":3,\"versions\":3,\"contents\":3,\"rules\":0}\n";

    /** Reads the body in buffers of {@code size} bytes, one read a buffer, as the pipeline may. */
    private static List<ImportReader.Read> readInPieces(String body, int size, long maxLine) {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        ImportReader reader = new ImportReader(new ImportBatcher(2), maxLine);
        List<ImportReader.Read> reads = new ArrayList<>();
        for (int at = 0; at < bytes.length; at += size) {
            int end = Math.min(bytes.length, at + size);
            reads.add(reader.read(List.of(Buffer.buffer(Arrays.copyOfRange(bytes, at, end))), false));
        }
        reads.add(reader.read(List.of(), true));
        return reads;
    }

    private static List<Integer> batchSizes(List<ImportReader.Read> reads) {
        List<Integer> sizes = new ArrayList<>();
        reads.forEach(r -> r.batches().forEach(b -> sizes.add(b.records().size())));
        return sizes;
    }

    @Test
    void read_whenLinesSpanBuffers_givesTheSameBatchesAsInOneBuffer() {
        List<ImportReader.Read> whole = readInPieces(BODY, Integer.MAX_VALUE, 10_000);
        assertThat(batchSizes(whole)).containsExactly(3, 3, 3);
        for (int size : List.of(1, 7, 100)) {
            List<ImportReader.Read> pieces = readInPieces(BODY, size, 10_000);
            assertThat(batchSizes(pieces)).as("in buffers of %d bytes", size).containsExactly(3, 3, 3);
            assertThat(pieces).allSatisfy(r -> assertThat(r.failure()).isEmpty());
            assertThat(pieces.get(pieces.size() - 1).lines()).isEqualTo(11);
        }
    }

    @Test
    void read_whenALineIsLongerThanTheLimit_namesIt_evenBeforeItEnds() {
        List<ImportReader.Read> reads = readInPieces(BODY, 5, 100);
        ImportReader.Read failed =
                reads.stream().filter(r -> r.failure().isPresent()).findFirst().orElseThrow();
        assertThat(failed.failure().get()).hasMessage("Line 2 is longer than 100 bytes.");
    }
}
