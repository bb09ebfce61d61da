package io.stele.app.apicurio.zip;

import static io.restassured.RestAssured.given;
import static io.stele.app.apicurio.zip.ApicurioZips.MONEY;
import static io.stele.app.apicurio.zip.ApicurioZips.MONEY_2;
import static io.stele.app.apicurio.zip.ApicurioZips.ORDER;
import static io.stele.app.apicurio.zip.ApicurioZips.V2;
import static io.stele.app.apicurio.zip.ApicurioZips.V3;
import static io.stele.app.apicurio.zip.ApicurioZips.apicurio3Export;
import static io.stele.app.apicurio.zip.ApicurioZips.entries;
import static io.stele.app.apicurio.zip.ApicurioZips.freshIds;
import static io.stele.app.apicurio.zip.ApicurioZips.importing;
import static io.stele.app.apicurio.zip.ApicurioZips.zip;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Apicurio Registry's own export, its zip, on the v3 and v2 APIs: an export of Apicurio 3.x or 2.x
 * imported with every id, reference, state, label and rule kept; what Stele cannot keep refused with
 * 400 and nothing written; and the registry exported in the entity shapes each Apicurio imports,
 * directly or through a one-time link. The registry under test holds other tests' data, so each
 * import brings ids above those it has given and asks not to need an empty registry.
 */
@QuarkusTest
class ApicurioZipApiTest {

    @Test
    void anApicurio3Export_isImported_withItsIds_references_statesLabelsAndRules_andExportedBack() {
        String tag = UUID.randomUUID().toString();
        String order = "zip-a-order-" + tag; // before the Money it references: resolved from the file
        String money = "zip-b-money-" + tag;
        long base = freshIds();

        importing(V3, zip(apicurio3Export(money, order, base)), "?requireEmptyRegistry=false")
                .then()
                .statusCode(204);

        given().get(V3 + "/ids/globalIds/" + (base + 3))
                .then()
                .statusCode(200)
                .body(org.hamcrest.Matchers.equalTo(ORDER));
        given().get(V3 + "/ids/contentIds/" + (base + 2))
                .then()
                .statusCode(200)
                .body(org.hamcrest.Matchers.equalTo(MONEY_2));
        Response references = given().get(V3 + "/ids/globalIds/" + (base + 3) + "/references");
        assertThat(references.jsonPath().getString("[0].artifactId")).isEqualTo(money);
        assertThat(references.jsonPath().getString("[0].name")).isEqualTo("zip.Money");
        Response second = given().get(V3 + "/groups/default/artifacts/" + money + "/versions/2");
        assertThat(second.jsonPath().getLong("globalId")).isEqualTo(base + 2);
        assertThat(second.jsonPath().getString("state")).isEqualTo("DEPRECATED");
        assertThat(second.jsonPath().getString("owner")).isEqualTo("alice");
        assertThat(second.jsonPath().getString("modifiedBy")).isEqualTo("bob");
        assertThat(second.jsonPath().getString("name")).isEqualTo("Money, with its currency");
        assertThat(second.jsonPath().getMap("labels")).containsEntry("team", "payments");
        assertThat(given().get(V3 + "/groups/default/artifacts/" + order + "/rules/COMPATIBILITY")
                        .jsonPath()
                        .getString("config"))
                .isEqualTo("BACKWARD");
        given().get("/schemas/ids/" + (base + 3))
                .then()
                .statusCode(200)
                .body("references[0].subject", org.hamcrest.Matchers.equalTo(money));
        assertThat(freshIds())
                .as("ids given after the import come after its ids")
                .isGreaterThan(base + 103);

        Map<String, Object> v3 = entries(given().get(V3 + "/admin/export")
                .then()
                .statusCode(200)
                .contentType("application/zip")
                .extract()
                .asByteArray());
        JsonNode orderVersion =
                (JsonNode) v3.get("groups/default/artifacts/" + order + "/versions/1.ArtifactVersion.json");
        assertThat(orderVersion.get("globalId").asLong()).isEqualTo(base + 3);
        assertThat(orderVersion.get("contentId").asLong()).isEqualTo(base + 3);
        assertThat(orderVersion.get("owner").asText()).isEqualTo("alice");
        String contentPrefix = v3.keySet().stream()
                .filter(name -> name.startsWith("content/" + (base + 3) + "-") && name.endsWith(".Content.json"))
                .findFirst()
                .orElseThrow()
                .replace(".json", "");
        assertThat(v3.get(contentPrefix + ".data")).isEqualTo(ORDER);
        JsonNode orderContent = (JsonNode) v3.get(contentPrefix + ".json");
        assertThat(orderContent.get("artifactType").asText()).isEqualTo("AVRO");
        assertThat(orderContent.get("contentType").asText()).isEqualTo("application/json");
        assertThat(orderContent.get("serializedReferences").asText()).contains(money, "zip.Money");
        JsonNode moneyArtifact = (JsonNode) v3.get("groups/default/artifacts/" + money + "/MetaData.Artifact.json");
        assertThat(moneyArtifact.get("owner").asText()).isEqualTo("alice");
        assertThat(v3.get("groups/default/artifacts/" + order + "/rules/COMPATIBILITY.ArtifactRule.json"))
                .isNotNull();
        assertThat(v3.keySet()).anyMatch(name -> name.endsWith(".Manifest.json"));

        Map<String, Object> v2 = entries(given().get(V2 + "/admin/export")
                .then()
                .statusCode(200)
                .extract()
                .asByteArray());
        JsonNode moneyV2 = (JsonNode) v2.get("groups/default/artifacts/" + money + "/versions/2.ArtifactVersion.json");
        assertThat(moneyV2.get("versionId").asInt()).isEqualTo(2);
        assertThat(moneyV2.get("isLatest").asBoolean()).isTrue();
        assertThat(moneyV2.get("createdBy").asText()).isEqualTo("alice");
        assertThat(moneyV2.get("artifactType").asText()).isEqualTo("AVRO");
        assertThat(moneyV2.get("properties").get("team").asText()).isEqualTo("payments");
        assertThat(moneyV2.has("owner"))
                .as("2.x entities, which Apicurio 2.x reads strictly")
                .isFalse();
    }

    @Test
    void anApicurio2Export_isImported_onTheV2Api_intoARegistryThatHoldsData() {
        String artifactId = "zip-v2-" + UUID.randomUUID();
        long base = freshIds();
        Map<String, Object> zip = new LinkedHashMap<>();
        zip.put("manifest-x.Manifest.json", Map.of("exportVersion", "2.0", "systemName", "Apicurio Registry"));
        zip.put("content/c.Content.json", Map.of("contentId", base + 1, "contentHash", "c", "artifactType", "AVRO"));
        zip.put("content/c.Content.data", MONEY.replace("Money", "Money" + (base + 1)));
        Map<String, Object> version = new LinkedHashMap<>();
        version.put("globalId", base + 1);
        version.put("groupId", null);
        version.put("artifactId", artifactId);
        version.put("version", "1");
        version.put("versionId", 1);
        version.put("artifactType", "AVRO");
        version.put("state", "DISABLED");
        version.put("createdBy", "carol");
        version.put("createdOn", 1700000000000L);
        version.put("labels", List.of("finance"));
        version.put("properties", Map.of("owner", "payments"));
        version.put("isLatest", true);
        version.put("contentId", base + 1);
        zip.put("groups/default/artifacts/" + artifactId + "/versions/1.ArtifactVersion.json", version);

        Response imported = importing(V2, zip(zip), "");
        assertThat(imported.statusCode()).as(imported.asString()).isEqualTo(204);

        Response meta = given().get(V2 + "/groups/default/artifacts/" + artifactId + "/versions/1/meta");
        assertThat(meta.jsonPath().getLong("globalId")).isEqualTo(base + 1);
        assertThat(meta.jsonPath().getString("state")).isEqualTo("DISABLED");
        assertThat(meta.jsonPath().getString("createdBy")).isEqualTo("carol");
        assertThat(meta.jsonPath().getList("labels")).containsExactly("finance");
        assertThat(meta.jsonPath().getMap("properties")).containsEntry("owner", "payments");
    }

    @Test
    void theV3Import_needsAnEmptyRegistry_unlessToldOtherwise_andKeepsIds() {
        String artifactId = "zip-empty-" + UUID.randomUUID();
        long base = freshIds();
        byte[] zip = zip(apicurio3Export(artifactId, artifactId + "-order", base));
        Response refused = importing(V3, zip, "");
        assertThat(refused.statusCode()).isEqualTo(409);
        assertThat(refused.jsonPath().getString("detail")).contains("not empty", "requireEmptyRegistry=false");
        for (String header : List.of("X-Registry-Preserve-GlobalId", "X-Registry-Preserve-ContentId")) {
            Response renumber = given().contentType("application/zip")
                    .header(header, "false")
                    .body(zip)
                    .post(V3 + "/admin/import?requireEmptyRegistry=false");
            assertThat(renumber.statusCode()).isEqualTo(400);
            assertThat(renumber.jsonPath().getString("detail")).contains(header, "keeps the ids");
        }
        importing(V3, zip, "?requireEmptyRegistry=maybe").then().statusCode(400);
        given().get(V3 + "/groups/default/artifacts/" + artifactId).then().statusCode(404);
        given().get(V3 + "/ids/globalIds/" + (base + 1)).then().statusCode(404);
    }

    @ParameterizedTest
    @ValueSource(strings = {V3, V2})
    void aLinkForTheBrowser_downloadsTheExportOnce(String root) {
        for (Response ref : List.of(
                given().get(root + "/admin/export?forBrowser=true"),
                given().header("Accept", "application/json").get(root + "/admin/export"))) {
            assertThat(ref.statusCode()).isEqualTo(200);
            String href = ref.jsonPath().getString("href");
            assertThat(href).isEqualTo(root + "/downloads/" + ref.jsonPath().getString("downloadId"));
            byte[] zip = given().get(href)
                    .then()
                    .statusCode(200)
                    .contentType("application/zip")
                    .extract()
                    .asByteArray();
            assertThat(entries(zip).keySet()).anyMatch(name -> name.endsWith(".Manifest.json"));
            Response again = given().get(href);
            assertThat(again.statusCode()).isEqualTo(404);
            assertThat(again.jsonPath().getString("name")).isEqualTo("DownloadNotFoundException");
        }
        Response unknown = given().get(root + "/downloads/" + "0".repeat(32));
        assertThat(unknown.statusCode()).isEqualTo(404);
        Response neither = given().get(root + "/admin/export?forBrowser=yes");
        assertThat(neither.statusCode()).as("forBrowser is true or false").isEqualTo(400);
        assertThat(neither.contentType()).startsWith("application/json");
    }
}
