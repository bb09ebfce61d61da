package io.stele.app.apicurio.v2;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * v2's {@code GET} and {@code POST /search/artifacts}: each filter as Apicurio 2.6 applies it, to an
 * artifact's latest version, all of them together, ordered and paged; what is not served, and bad
 * values, refused with 400 in Apicurio's body, writing nothing.
 */
@QuarkusTest
public class RegistryV2SearchApiTest {

    private static final String SEARCH = "/apis/registry/v2/search/artifacts";
    private static final String ARTIFACTS = "/apis/registry/v2/groups/default/artifacts/";

    private static String record(String name, int fields) {
        StringBuilder list = new StringBuilder();
        for (int i = 0; i < fields; i++) {
            list.append(i == 0 ? "" : ",")
                    .append("{\"name\":\"f")
                    .append(i)
                    .append("\",\"type\":\"int\",\"default\":0}");
        }
        return "{\"type\":\"record\",\"name\":\"" + name + "\",\"fields\":[" + list + "]}";
    }

    /** Creates an artifact through v2, named and described: its version's metadata. */
    private static Response create(String artifactId, String schema, String name, String description) {
        Response created = given().body(schema.getBytes(StandardCharsets.UTF_8))
                .header("X-Registry-ArtifactId", artifactId)
                .header("X-Registry-ArtifactType", "AVRO")
                .header("X-Registry-Name", name)
                .header("X-Registry-Description", description)
                .post(ARTIFACTS);
        assertThat(created.statusCode()).as(created.asString()).isEqualTo(200);
        return created;
    }

    private static List<String> found(Response search) {
        assertThat(search.statusCode()).as(search.asString()).isEqualTo(200);
        List<String> ids = search.jsonPath().getList("artifacts.id", String.class);
        assertThat(search.jsonPath().getInt("count")).isGreaterThanOrEqualTo(ids.size());
        return ids;
    }

    @Test
    void filters_applyToTheLatestVersion_allOfThemTogether() {
        String tag = UUID.randomUUID().toString();
        String orders = "orders-" + tag;
        String ledger = "ledger-" + tag;
        Response first = create(orders, record("O", 0), "Orders of " + tag, "Kept by Team " + tag);
        create(ledger, record("L", 0), "Ledger of " + tag, "kept by team " + tag);
        given().contentType(ContentType.JSON)
                .body(Map.of(
                        "name",
                        "Ledger of " + tag,
                        "description",
                        "kept by team " + tag,
                        "labels",
                        List.of("Finance", "eu-" + tag)))
                .put(ARTIFACTS + ledger + "/meta")
                .then()
                .statusCode(204);
        Response second = given().body(record("O", 1).getBytes(StandardCharsets.UTF_8))
                .header("X-Registry-Name", "Orders of " + tag)
                .header("X-Registry-Description", "Kept by Team " + tag)
                .post(ARTIFACTS + orders + "/versions");
        assertThat(second.statusCode()).as(second.asString()).isEqualTo(200);

        assertThat(found(given().queryParam("name", "of " + tag).get(SEARCH)))
                .as("a name, anywhere in the name")
                .containsExactlyInAnyOrder(orders, ledger);
        assertThat(found(given().queryParam("name", "ers-" + tag).get(SEARCH)))
                .as("or in the id")
                .containsExactly(orders);
        assertThat(found(given().queryParam("name", "ORDERS OF " + tag).get(SEARCH)))
                .as("case included, as Apicurio's database compares it")
                .isEmpty();
        assertThat(found(
                        given().queryParam("description", "KEPT BY TEAM " + tag).get(SEARCH)))
                .as("a description, in any case")
                .containsExactlyInAnyOrder(orders, ledger);
        assertThat(found(given().queryParam("labels", "finance")
                        .queryParam("labels", "EU-" + tag)
                        .get(SEARCH)))
                .as("every label given, whole, in any case")
                .containsExactly(ledger);
        assertThat(found(given().queryParam("labels", "eu-")
                        .queryParam("name", tag)
                        .get(SEARCH)))
                .as("a label matches whole")
                .isEmpty();
        assertThat(found(given().queryParam("globalId", second.jsonPath().getLong("globalId"))
                        .get(SEARCH)))
                .containsExactly(orders);
        assertThat(found(given().queryParam("globalId", first.jsonPath().getLong("globalId"))
                        .get(SEARCH)))
                .as("a globalId of a version that is no longer the latest")
                .isEmpty();
        assertThat(found(given().queryParam("contentId", first.jsonPath().getLong("contentId"))
                        .get(SEARCH)))
                .as("nor a contentId")
                .isEmpty();
        assertThat(found(given().queryParam("group", "DEFAULT")
                        .queryParam("name", tag)
                        .get(SEARCH)))
                .containsExactlyInAnyOrder(orders, ledger);
        Response otherGroup = given().queryParam("group", "payments").get(SEARCH);
        assertThat(found(otherGroup)).as("another group holds nothing").isEmpty();
        assertThat(otherGroup.jsonPath().getInt("count")).isZero();

        Map<String, Object> shown =
                given().queryParam("name", ledger).get(SEARCH).jsonPath().getMap("artifacts[0]");
        assertThat(shown)
                .containsEntry("id", ledger)
                .containsEntry("name", "Ledger of " + tag)
                .containsEntry("type", "AVRO")
                .containsEntry("state", "ENABLED")
                .containsEntry("labels", List.of("Finance", "eu-" + tag))
                .containsKeys("createdOn", "createdBy", "modifiedOn")
                .doesNotContainKey("groupId");
    }

    @Test
    void properties_matchByKey_orKeyAndValue_inAnyCase_eachGivenNarrowing() {
        String tag = UUID.randomUUID().toString();
        String payments = "payments-" + tag;
        String ledger = "ledger-" + tag;
        create(payments, record("P", 0), "Payments", "d");
        create(ledger, record("L", 0), "Ledger", "d");
        for (Map.Entry<String, Map<String, String>> artifact : Map.of(
                        payments, Map.of("team", "Payments", "tier-" + tag, "gold"),
                        ledger, Map.of("team", "ledger:eu", "tier-" + tag, "silver"))
                .entrySet()) {
            given().contentType(ContentType.JSON)
                    .body(Map.of("properties", artifact.getValue(), "labels", List.of("team-" + tag)))
                    .put(ARTIFACTS + artifact.getKey() + "/meta")
                    .then()
                    .statusCode(204);
        }

        assertThat(found(given().queryParam("properties", "TIER-" + tag).get(SEARCH)))
                .as("a key alone, in any case")
                .containsExactlyInAnyOrder(payments, ledger);
        assertThat(found(given().queryParam("properties", "tier-" + tag + ":").get(SEARCH)))
                .as("a key with nothing after the colon")
                .containsExactlyInAnyOrder(payments, ledger);
        assertThat(found(given().queryParam("properties", "tier-" + tag + ":GOLD")
                        .get(SEARCH)))
                .as("a key and its value, in any case")
                .containsExactly(payments);
        assertThat(found(given().queryParam("properties", "tier-" + tag)
                        .queryParam("properties", "team:ledger:eu")
                        .get(SEARCH)))
                .as("each filter narrows; the value is what follows the first colon")
                .containsExactly(ledger);
        assertThat(found(
                        given().queryParam("properties", "tier-" + tag + ":gol").get(SEARCH)))
                .as("a value matches whole")
                .isEmpty();
        assertThat(found(given().queryParam("properties", "team-" + tag).get(SEARCH)))
                .as("a v2 label is not a property")
                .isEmpty();
    }

    @Test
    void results_areOrderedByName_countedWhole_andPaged() {
        String tag = UUID.randomUUID().toString();
        for (String name : List.of("Beta", "Alpha", "Gamma")) {
            create("paged-" + name + "-" + tag, record(name, 0), name + " " + tag, "paged");
        }

        Response first = given().queryParam("name", tag).queryParam("limit", 2).get(SEARCH);
        Response second = given().queryParam("name", tag)
                .queryParam("limit", 2)
                .queryParam("offset", 2)
                .get(SEARCH);
        Response descending = given().queryParam("name", tag)
                .queryParam("order", "desc")
                .queryParam("orderby", "name")
                .get(SEARCH);

        assertThat(first.jsonPath().getInt("count")).isEqualTo(3);
        assertThat(first.jsonPath().getList("artifacts.name")).containsExactly("Alpha " + tag, "Beta " + tag);
        assertThat(second.jsonPath().getInt("count")).isEqualTo(3);
        assertThat(second.jsonPath().getList("artifacts.name")).containsExactly("Gamma " + tag);
        assertThat(descending.jsonPath().getList("artifacts.name"))
                .containsExactly("Gamma " + tag, "Beta " + tag, "Alpha " + tag);
    }

    @Test
    void aSearchByContent_findsTheArtifactsWhoseLatestVersionHasThoseBytes() {
        String tag = UUID.randomUUID().toString().replace("-", "");
        String shared = record("Shared" + tag, 0);
        String one = "by-content-1-" + tag;
        String two = "by-content-2-" + tag;
        create(one, shared, "one", "");
        create(two, shared, "two", "");
        given().body(record("Shared" + tag, 1).getBytes(StandardCharsets.UTF_8))
                .post(ARTIFACTS + two + "/versions")
                .then()
                .statusCode(200);

        Response byContent =
                given().body(shared.getBytes(StandardCharsets.UTF_8)).post(SEARCH);
        Response reformatted =
                given().body((shared + "\n").getBytes(StandardCharsets.UTF_8)).post(SEARCH);

        assertThat(found(byContent)).containsExactly(one);
        assertThat(byContent.jsonPath().getInt("count")).isEqualTo(1);
        assertThat(found(reformatted))
                .as("other bytes, as Apicurio hashes them")
                .isEmpty();
        assertThat(found(given().body(record("Shared" + tag, 1).getBytes(StandardCharsets.UTF_8))
                        .queryParam("canonical", "false")
                        .post(SEARCH)))
                .containsExactly(two);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "properties=:payments",
                "orderby=createdOn",
                "orderby=",
                "order=up",
                "globalId=abc",
                "contentId=1.5",
                "limit=x",
                "offset=-1"
            })
    void aFilterNotServed_orAValueNotTaken_isA400_inApicuriosBody(String query) {
        Response refused = given().urlEncodingEnabled(false).get(SEARCH + "?" + query);

        assertThat(refused.statusCode()).as(refused.asString()).isEqualTo(400);
        assertThat(refused.contentType()).startsWith("application/json");
        assertThat(refused.jsonPath().getString("name")).isEqualTo("BadRequestException");
        assertThat(refused.jsonPath().getString("message")).isNotBlank().doesNotContain("Exception", "java.");
    }

    @ParameterizedTest
    @ValueSource(strings = {"canonical=true", "canonical=maybe", "artifactType=avro", "orderby=createdOn"})
    void aSearchByContent_askingForWhatIsNotServed_isA400(String query) {
        Response refused = given().urlEncodingEnabled(false)
                .body(record("Refused", 0).getBytes(StandardCharsets.UTF_8))
                .post(SEARCH + "?" + query);

        assertThat(refused.statusCode()).as(refused.asString()).isEqualTo(400);
        assertThat(refused.jsonPath().getString("name")).isEqualTo("BadRequestException");
        assertThat(refused.jsonPath().getString("message")).isNotBlank().doesNotContain("Exception", "java.");
    }
}
