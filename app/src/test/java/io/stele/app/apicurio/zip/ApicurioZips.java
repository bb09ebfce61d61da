package io.stele.app.apicurio.zip;

import static io.restassured.RestAssured.given;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import java.util.zip.ZipOutputStream;

/**
 * Zips in the shapes of Apicurio Registry's export, built and read for the tests of its import and
 * export, and the registry's next ids.
 */
final class ApicurioZips {

    private ApicurioZips() {}

    static final ObjectMapper JSON = new ObjectMapper();
    static final String V3 = "/apis/registry/v3";
    static final String V2 = "/apis/registry/v2";
    static final String MONEY =
            "{\"type\":\"record\",\"name\":\"Money\",\"namespace\":\"zip\",\"fields\":[{\"name\":\"cents\",\"type\":\"long\"}]}";
    static final String MONEY_2 = "{\"type\":\"record\",\"name\":\"Money\",\"namespace\":\"zip\",\"fields\":["
            + "{\"name\":\"cents\",\"type\":\"long\"},{\"name\":\"currency\",\"type\":\"string\",\"default\":\"EUR\"}]}";
    static final String ORDER =
            "{\"type\":\"record\",\"name\":\"Order\",\"namespace\":\"zip\",\"fields\":[{\"name\":\"total\",\"type\":\"zip.Money\"}]}";

    /** Ids above every id the registry has given so far, with room for one file's. */
    static long freshIds() {
        String artifactId = "zip-ids-" + UUID.randomUUID();
        Response created = given().contentType(ContentType.JSON)
                .body("{\"artifactId\":\"" + artifactId + "\",\"artifactType\":\"JSON\",\"firstVersion\":{\"content\":"
                        + "{\"content\":\"{\\\"type\\\":\\\"string\\\",\\\"title\\\":\\\"" + artifactId
                        + "\\\"}\",\"contentType\":\"application/json\"}}}")
                .post(V3 + "/groups/default/artifacts");
        created.then().statusCode(200);
        return Math.max(
                        created.jsonPath().getLong("version.globalId"),
                        created.jsonPath().getLong("version.contentId"))
                + 100;
    }

    /** An export as Apicurio 3.x writes it: a Money artifact with two versions and an Order that references it. */
    static Map<String, Object> apicurio3Export(String money, String order, long base) {
        Map<String, Object> zip = new LinkedHashMap<>();
        zip.put(
                "manifest-2026-01-01T00:00:00Z.Manifest.json",
                Map.of("systemName", "Apicurio Registry", "exportVersion", "3.0", "exportedOn", 1767225600000L));
        content(zip, base + 1, MONEY, null);
        content(zip, base + 2, MONEY_2, null);
        content(
                zip,
                base + 3,
                ORDER,
                "[{\"groupId\":null,\"artifactId\":\"" + money + "\",\"version\":\"1\",\"name\":\"zip.Money\"}]");
        Map<String, Object> artifact = new LinkedHashMap<>();
        artifact.put("groupId", null);
        artifact.put("artifactId", money);
        artifact.put("artifactType", "AVRO");
        artifact.put("owner", "alice");
        artifact.put("createdOn", 1767225600000L);
        zip.put("groups/default/artifacts/" + money + "/MetaData.Artifact.json", artifact);
        zip.put(
                "groups/default/artifacts/" + money + "/versions/1.ArtifactVersion.json",
                version(money, 1, base + 1, "ENABLED", Map.of()));
        zip.put(
                "groups/default/artifacts/" + money + "/versions/2.ArtifactVersion.json",
                version(money, 2, base + 2, "DEPRECATED", Map.of("team", "payments")));
        zip.put(
                "groups/default/artifacts/" + order + "/versions/1.ArtifactVersion.json",
                version(order, 1, base + 3, "ENABLED", Map.of()));
        zip.put(
                "groups/default/artifacts/" + order + "/rules/COMPATIBILITY.ArtifactRule.json",
                Map.of("artifactId", order, "type", "COMPATIBILITY", "configuration", "BACKWARD"));
        zip.put(
                "groups/default/artifacts/" + money + "/branches/latest.Branch.json",
                Map.of("artifactId", money, "branchId", "latest", "systemDefined", true));
        return zip;
    }

    static void content(Map<String, Object> zip, long id, String text, String references) {
        Map<String, Object> entity = new LinkedHashMap<>();
        entity.put("contentId", id);
        entity.put("canonicalHash", null);
        entity.put("contentHash", "h" + id);
        entity.put("artifactType", "AVRO");
        entity.put("contentType", "application/json");
        entity.put("serializedReferences", references);
        zip.put("content/h" + id + ".Content.json", entity);
        zip.put("content/h" + id + ".Content.data", text);
    }

    static Map<String, Object> version(
            String artifactId, int version, long id, String state, Map<String, String> labels) {
        Map<String, Object> entity = new LinkedHashMap<>();
        entity.put("globalId", id);
        entity.put("groupId", null);
        entity.put("artifactId", artifactId);
        entity.put("version", Integer.toString(version));
        entity.put("versionOrder", version);
        entity.put("state", state);
        entity.put("name", version == 2 ? "Money, with its currency" : null);
        entity.put("owner", "alice");
        entity.put("labels", labels);
        entity.put("createdOn", 1767225600000L + version);
        entity.put("modifiedBy", "bob");
        entity.put("modifiedOn", 1767225700000L);
        entity.put("contentId", id);
        return entity;
    }

    static byte[] zip(Map<String, Object> entries) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream zip = new ZipOutputStream(bytes)) {
            for (Map.Entry<String, Object> e : entries.entrySet()) {
                zip.putNextEntry(new ZipEntry(e.getKey()));
                zip.write(
                        e.getValue() instanceof String text
                                ? text.getBytes(StandardCharsets.UTF_8)
                                : JSON.writeValueAsBytes(e.getValue()));
                zip.closeEntry();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    /** A zip's entries by name: JSON entries as trees, the others as text. */
    static Map<String, Object> entries(byte[] bytes) {
        Map<String, Object> entries = new LinkedHashMap<>();
        try (ZipInputStream zip = new ZipInputStream(new ByteArrayInputStream(bytes))) {
            for (ZipEntry e = zip.getNextEntry(); e != null; e = zip.getNextEntry()) {
                byte[] data = zip.readAllBytes();
                entries.put(
                        e.getName(),
                        e.getName().endsWith(".json") ? JSON.readTree(data) : new String(data, StandardCharsets.UTF_8));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return entries;
    }

    static Response importing(String root, byte[] zip, String query) {
        return given().contentType("application/zip").body(zip).post(root + "/admin/import" + query);
    }
}
