package io.stele.app.http;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.UUID;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;

/**
 * Request bodies sent with {@code Content-Encoding: gzip}, as Apicurio's TypeScript SDK sends
 * every body: inflated before any API reads them, on every API; a body that inflates past the HTTP
 * layer's cap is refused with 413 and writes nothing, and one that is not gzip at all writes nothing
 * either.
 */
@QuarkusTest
class CompressedBodiesTest {

    private static final String SCHEMA = "{\"type\":\"record\",\"name\":\"Zipped\",\"fields\":[]}";

    private static byte[] gzip(byte[] bytes) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (OutputStream zip = new GZIPOutputStream(out)) {
            zip.write(bytes);
        }
        return out.toByteArray();
    }

    private static int versions(String artifactId) {
        Response list = given().get("/api/artifacts/" + artifactId + "/versions");
        return list.statusCode() == 404 ? 0 : list.jsonPath().getList("$").size();
    }

    @Test
    void aGzippedBody_isReadInflated_byEachApi() throws IOException {
        String v1 = "zipped-v1-" + UUID.randomUUID();
        String v3 = "zipped-v3-" + UUID.randomUUID();
        String v3Body = "{\"artifactId\":\"" + v3 + "\",\"artifactType\":\"AVRO\",\"firstVersion\":{\"content\":"
                + "{\"content\":\"{\\\"type\\\":\\\"string\\\"}\",\"contentType\":\"application/json\"}}}";

        Response byV1 = given().header("Content-Encoding", "gzip")
                .header("X-Registry-ArtifactId", v1)
                .contentType("application/json")
                .body(gzip(SCHEMA.getBytes(StandardCharsets.UTF_8)))
                .post("/api/artifacts");
        Response byV3 = given().header("Content-Encoding", "gzip")
                .contentType("application/json")
                .body(gzip(v3Body.getBytes(StandardCharsets.UTF_8)))
                .post("/apis/registry/v3/groups/default/artifacts");
        Response byConfluent = given().header("Content-Encoding", "gzip")
                .contentType("application/vnd.schemaregistry.v1+json")
                .body(gzip(("{\"schema\":\"" + SCHEMA.replace("\"", "\\\"") + "\"}").getBytes(StandardCharsets.UTF_8)))
                .post("/subjects/" + v1);

        assertThat(byV1.statusCode()).as(byV1.asString()).isEqualTo(200);
        assertThat(given().get("/api/artifacts/" + v1).asString()).isEqualTo(SCHEMA);
        assertThat(byV3.statusCode()).as(byV3.asString()).isEqualTo(200);
        assertThat(byV3.jsonPath().getString("version.version")).isEqualTo("1");
        assertThat(byConfluent.statusCode()).as("the Confluent lookup finds it").isEqualTo(200);
    }

    @Test
    void aBodyThatInflatesPastTheCap_isRefusedWith413_andWritesNothing() throws IOException {
        String artifactId = "zip-bomb-" + UUID.randomUUID();
        byte[] bomb = gzip(new byte[40 * 1024 * 1024]); // 40 MiB of zeros, about 40 KB sent

        Response refused = given().header("Content-Encoding", "gzip")
                .header("X-Registry-ArtifactId", artifactId)
                .contentType("application/json")
                .body(bomb)
                .post("/api/artifacts");

        assertThat(bomb.length).isLessThan(100_000);
        assertThat(refused.statusCode()).isEqualTo(413);
        assertThat(versions(artifactId)).isZero();
        assertThat(given().get("/q/health/ready").statusCode()).isEqualTo(200);
    }

    /**
     * The HTTP layer fails such a request while inflating it and may close the connection before an
     * answer is read: the client sees a 4xx or no answer, and nothing is written either way.
     */
    @Test
    void aBodyThatIsNotGzip_isRefused_andWritesNothing() {
        String artifactId = "not-gzip-" + UUID.randomUUID();

        Integer status;
        try {
            status = given().header("Content-Encoding", "gzip")
                    .header("X-Registry-ArtifactId", artifactId)
                    .contentType("application/json")
                    .body(SCHEMA.getBytes(StandardCharsets.UTF_8))
                    .post("/api/artifacts")
                    .statusCode();
        } catch (Exception closed) { // RestAssured rethrows the connection's IOException as it is
            status = null;
        }

        if (status != null) {
            assertThat(status).isBetween(400, 499);
        }
        assertThat(versions(artifactId)).isZero();
        assertThat(given().get("/q/health/ready").statusCode()).isEqualTo(200);
    }
}
