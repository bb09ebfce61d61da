package io.stele.app.packaged;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.stele.testservers.RegistryProcess;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

/**
 * A move in Apicurio Registry's own format, drilled: a registry with references, states, labels and
 * rules exported as Apicurio 3.x's zip and imported into an empty registry, which then exports the
 * same zip (every globalId, contentId and version number kept) and gives new ids above them.
 */
final class ApicurioZipDrill {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String V3 = "/apis/registry/v3";
    private static final String ARTIFACTS = V3 + "/groups/default/artifacts";
    private static final String MONEY =
            "{\"type\":\"record\",\"name\":\"Money\",\"namespace\":\"drill\",\"fields\":[{\"name\":\"cents\",\"type\":\"long\"}]}";
    private static final String MONEY_2 = "{\"type\":\"record\",\"name\":\"Money\",\"namespace\":\"drill\",\"fields\":["
            + "{\"name\":\"cents\",\"type\":\"long\"},{\"name\":\"currency\",\"type\":\"string\",\"default\":\"EUR\"}]}";
    private static final String ORDER = "{\"type\":\"record\",\"name\":\"Order\",\"namespace\":\"drill\",\"fields\":"
            + "[{\"name\":\"total\",\"type\":\"drill.Money\"}]}";

    private ApicurioZipDrill() {}

    static void exportedAsApicuriosZip_importsIntoAnEmptyRegistry_withEveryId(
            RegistryProcess source, RegistryProcess target) throws Exception {
        long order = giveData(source);
        HttpResponse<byte[]> export = source.sendBytes("GET", V3 + "/admin/export", null);
        assertThat(export.statusCode()).isEqualTo(200);
        assertThat(export.headers().firstValue("Content-Type")).hasValue("application/zip");

        HttpResponse<byte[]> imported =
                target.sendBytes("POST", V3 + "/admin/import", export.body(), "Content-Type", "application/zip");
        assertThat(imported.statusCode())
                .as(new String(imported.body(), StandardCharsets.UTF_8))
                .isEqualTo(204);

        HttpResponse<byte[]> again = target.sendBytes("GET", V3 + "/admin/export", null);
        assertThat(entries(again.body()))
                .as("the target's export, entry by entry")
                .isEqualTo(entries(export.body()));
        HttpResponse<String> references = target.send("GET", V3 + "/ids/globalIds/" + order + "/references", null);
        assertThat(references.body()).contains("drill-money");
        HttpResponse<String> content = target.send("GET", V3 + "/ids/globalIds/" + order, null);
        assertThat(content.body()).isEqualTo(ORDER);
        HttpResponse<String> after = create(target, "drill-after", "{\"type\":\"string\"}", "[]");
        assertThat(JSON.readTree(after.body()).at("/version/globalId").asLong()).isGreaterThan(order);
        HttpResponse<byte[]> twice =
                target.sendBytes("POST", V3 + "/admin/import", export.body(), "Content-Type", "application/zip");
        assertThat(twice.statusCode())
                .as("an import into a registry that is no longer empty")
                .isEqualTo(409);
    }

    /** Gives the registry rules, versions in several states, labels and a reference; the order's globalId. */
    private static long giveData(RegistryProcess registry) throws Exception {
        expect(
                registry.send(
                        "POST",
                        V3 + "/admin/rules",
                        "{\"ruleType\":\"VALIDITY\",\"config\":\"FULL\"}",
                        "Content-Type",
                        "application/json"),
                204);
        expect(create(registry, "drill-money", MONEY, "[]"), 200);
        expect(
                registry.send(
                        "POST",
                        ARTIFACTS + "/drill-money/versions",
                        "{\"content\":{\"content\":" + JSON.writeValueAsString(MONEY_2)
                                + ",\"contentType\":\"application/json\"}}",
                        "Content-Type",
                        "application/json"),
                200);
        expect(
                registry.send(
                        "PUT",
                        ARTIFACTS + "/drill-money/versions/1/state",
                        "{\"state\":\"DEPRECATED\"}",
                        "Content-Type",
                        "application/json"),
                204);
        expect(
                registry.send(
                        "PUT",
                        ARTIFACTS + "/drill-money/versions/2",
                        "{\"name\":\"Money, with its currency\",\"labels\":{\"team\":\"payments\"}}",
                        "Content-Type",
                        "application/json"),
                204);
        HttpResponse<String> order = create(
                registry,
                "drill-order",
                ORDER,
                "[{\"artifactId\":\"drill-money\",\"version\":\"1\",\"name\":\"drill.Money\"}]");
        expect(order, 200);
        expect(
                registry.send(
                        "POST",
                        ARTIFACTS + "/drill-order/rules",
                        "{\"ruleType\":\"COMPATIBILITY\",\"config\":\"BACKWARD\"}",
                        "Content-Type",
                        "application/json"),
                204);
        expect(
                registry.send(
                        "POST",
                        "/subjects/drill-json-value/versions",
                        "{\"schemaType\":\"JSON\",\"schema\":\"{\\\"type\\\":\\\"object\\\"}\"}",
                        "Content-Type",
                        "application/vnd.schemaregistry.v1+json"),
                200);
        return JSON.readTree(order.body()).at("/version/globalId").asLong();
    }

    private static HttpResponse<String> create(
            RegistryProcess registry, String artifactId, String schema, String references) throws Exception {
        String type = schema.contains("record") ? "AVRO" : "JSON";
        return registry.send(
                "POST",
                ARTIFACTS,
                "{\"artifactId\":\"" + artifactId + "\",\"artifactType\":\"" + type
                        + "\",\"firstVersion\":{\"content\":"
                        + "{\"content\":" + JSON.writeValueAsString(schema)
                        + ",\"contentType\":\"application/json\",\"references\":" + references + "}}}",
                "Content-Type",
                "application/json");
    }

    private static void expect(HttpResponse<String> answer, int status) {
        assertThat(answer.statusCode()).as(answer.uri() + ": " + answer.body()).isEqualTo(status);
    }

    /** A zip's entries by name, but its manifest, which says when it was written: JSON as trees. */
    private static Map<String, Object> entries(byte[] zip) throws IOException {
        Map<String, Object> entries = new TreeMap<>();
        try (ZipInputStream in = new ZipInputStream(new ByteArrayInputStream(zip))) {
            for (ZipEntry e = in.getNextEntry(); e != null; e = in.getNextEntry()) {
                byte[] bytes = in.readAllBytes();
                if (e.getName().endsWith(".Manifest.json")) {
                    continue;
                }
                JsonNode tree = e.getName().endsWith(".json") ? JSON.readTree(bytes) : null;
                entries.put(e.getName(), tree != null ? tree : new String(bytes, StandardCharsets.UTF_8));
            }
        }
        assertThat(entries).as("the zip's entries").isNotEmpty();
        return entries;
    }
}
