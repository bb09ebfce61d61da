package io.stele.app.apicurio.zip;

import static io.restassured.RestAssured.given;
import static io.stele.app.apicurio.zip.ApicurioZips.ORDER;
import static io.stele.app.apicurio.zip.ApicurioZips.V2;
import static io.stele.app.apicurio.zip.ApicurioZips.V3;
import static io.stele.app.apicurio.zip.ApicurioZips.apicurio3Export;
import static io.stele.app.apicurio.zip.ApicurioZips.content;
import static io.stele.app.apicurio.zip.ApicurioZips.freshIds;
import static io.stele.app.apicurio.zip.ApicurioZips.importing;
import static io.stele.app.apicurio.zip.ApicurioZips.version;
import static io.stele.app.apicurio.zip.ApicurioZips.zip;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What Stele cannot keep of an Apicurio Registry export, or cannot read, refused with 400 in the
 * API's own error body on the v3 and v2 imports alike, before anything is stored: the file's
 * artifacts and ids are absent afterwards.
 */
@QuarkusTest
class ApicurioZipRefusalsApiTest {

    @ParameterizedTest
    @ValueSource(
            strings = {
                "not a zip",
                "no manifest",
                "export version 9",
                "another group",
                "a version that is no number",
                "a draft",
                "a branch of one's own",
                "a comment",
                "a group rule",
                "content the file lacks",
                "an entry that is not JSON",
                "an entry of no kind",
                "a reference to another group",
                "a type Stele does not store",
                "two versions with one globalId",
                "an artifact id too long",
                "a user too long"
            })
    void whatSteleCannotKeep_isRefused_andNothingIsWritten(String what) {
        String money = "zip-refused-" + UUID.randomUUID();
        String order = money + "-order";
        long base = freshIds();
        Map<String, Object> zip = apicurio3Export(money, order, base);
        String versions = "groups/default/artifacts/" + money + "/versions/";
        @SuppressWarnings("unchecked")
        Map<String, Object> first = (Map<String, Object>) zip.get(versions + "1.ArtifactVersion.json");
        String expected;
        switch (what) {
            case "no manifest" -> {
                zip.remove("manifest-2026-01-01T00:00:00Z.Manifest.json");
                expected = "no manifest";
            }
            case "export version 9" -> {
                zip.put("manifest-2026-01-01T00:00:00Z.Manifest.json", Map.of("exportVersion", "9.0"));
                expected = "'9.0'";
            }
            case "another group" -> {
                first.put("groupId", "payments");
                expected = "group 'payments'";
            }
            case "a version that is no number" -> {
                first.put("version", "1.0.0");
                expected = "'1.0.0'";
            }
            case "a draft" -> {
                first.put("state", "DRAFT");
                expected = "draft";
            }
            case "a branch of one's own" -> {
                zip.put(
                        "groups/default/artifacts/" + money + "/branches/feature.Branch.json",
                        Map.of("artifactId", money, "branchId", "feature", "systemDefined", false));
                expected = "branch 'feature'";
            }
            case "a comment" -> {
                zip.put("comments/1-1.Comment.json", Map.of("globalId", base + 1, "commentId", "1", "value", "hi"));
                expected = "comment";
            }
            case "a group rule" -> {
                zip.put(
                        "groups/default/rules/VALIDITY.GroupRule.json",
                        Map.of("type", "VALIDITY", "configuration", "FULL"));
                expected = "rule of a group";
            }
            case "content the file lacks" -> {
                first.put("contentId", base + 99);
                expected = "content " + (base + 99);
            }
            case "an entry that is not JSON" -> {
                zip.put("rules/VALIDITY.GlobalRule.json", "{not json");
                expected = "not JSON";
            }
            case "an entry of no kind" -> {
                zip.put("../../etc/passwd", "root");
                expected = "not an entry";
            }
            case "a reference to another group" -> {
                content(
                        zip,
                        base + 3,
                        ORDER,
                        "[{\"groupId\":\"other\",\"artifactId\":\"" + money
                                + "\",\"version\":\"1\",\"name\":\"zip.Money\"}]");
                expected = "group 'other'";
            }
            case "a type Stele does not store" -> {
                @SuppressWarnings("unchecked")
                Map<String, Object> artifact =
                        (Map<String, Object>) zip.get("groups/default/artifacts/" + money + "/MetaData.Artifact.json");
                artifact.put("artifactType", "XML_SCHEMA_2");
                expected = "XML_SCHEMA_2";
            }
            case "an artifact id too long" -> {
                zip.put(
                        versions + "3.ArtifactVersion.json",
                        version("x".repeat(600), 1, base + 3, "ENABLED", Map.of()));
                expected = "longer than 512";
            }
            case "a user too long" -> {
                first.put("owner", "u".repeat(300));
                expected = "user longer than 256";
            }
            case "two versions with one globalId" -> {
                first.put("globalId", base + 2);
                expected = "globalId " + (base + 2);
            }
            default -> expected = "not a zip";
        }
        byte[] body = what.equals("not a zip") ? "PK, but no zip".getBytes(StandardCharsets.UTF_8) : zip(zip);

        for (String root : List.of(V3, V2)) {
            Response refused = importing(root, body, "?requireEmptyRegistry=false");
            assertThat(refused.statusCode())
                    .as(what + ": " + refused.asString())
                    .isEqualTo(400);
            assertThat(refused.contentType()).startsWith("application/json");
            assertThat(refused.jsonPath().getString(root.equals(V3) ? "detail" : "message"))
                    .as(what)
                    .containsIgnoringCase(expected);
        }
        for (String artifactId : List.of(money, order)) {
            given().get(V3 + "/groups/default/artifacts/" + artifactId).then().statusCode(404);
        }
        for (long id = base + 1; id <= base + 3; id++) {
            given().get(V3 + "/ids/globalIds/" + id).then().statusCode(404);
        }
    }
}
