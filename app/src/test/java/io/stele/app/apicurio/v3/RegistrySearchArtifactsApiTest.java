package io.stele.app.apicurio.v3;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * v3's {@code GET /search/artifacts}: the filters served, together, ordered and paged; the filters
 * not served yet and bad values refused with 400 in Apicurio's body.
 */
@QuarkusTest
public class RegistrySearchArtifactsApiTest {

    private static final String SEARCH = "/apis/registry/v3/search/artifacts";

    /** Creates an artifact through v3: its first version's globalId and contentId. */
    private static Response create(String artifactId, String type, String content, String description) {
        return create(artifactId, type, content, Map.of("description", description));
    }

    /** Creates an artifact through v3 whose first version has this metadata. */
    private static Response create(String artifactId, String type, String content, Map<String, String> meta) {
        Map<String, Object> first = new HashMap<>(meta);
        first.put("content", Map.of("content", content, "contentType", "application/json"));
        Response created = given().contentType(ContentType.JSON)
                .body(Map.of("artifactId", artifactId, "artifactType", type, "firstVersion", first))
                .post("/apis/registry/v3/groups/default/artifacts");
        assertThat(created.statusCode()).as(created.asString()).isEqualTo(200);
        return created;
    }

    private static List<String> found(Response search) {
        assertThat(search.statusCode()).as(search.asString()).isEqualTo(200);
        return search.jsonPath().getList("artifacts.artifactId", String.class);
    }

    @Test
    void filters_keepWhatEachNames_allOfThemTogether() {
        String tag = UUID.randomUUID().toString();
        String avro = "search-a-" + tag;
        String json = "search-j-" + tag;
        Response a = create(
                avro,
                "AVRO",
                "{\"type\":\"record\",\"name\":\"S" + tag.replace("-", "") + "\",\"fields\":[]}",
                "Orders of tenant " + tag);
        create(json, "JSON", "{\"type\": \"object\", \"title\": \"" + tag + "\"}", "ORDERS OF TENANT " + tag);
        long globalId = a.jsonPath().getLong("version.globalId");
        long contentId = a.jsonPath().getLong("version.contentId");

        assertThat(found(given().queryParam("description", "orders of tenant " + tag)
                        .get(SEARCH)))
                .as("description, in any case")
                .containsExactlyInAnyOrder(avro, json);
        assertThat(found(given().queryParam("description", tag)
                        .queryParam("artifactType", "JSON")
                        .get(SEARCH)))
                .containsExactly(json);
        assertThat(found(given().queryParam("artifactId", avro).get(SEARCH))).containsExactly(avro);
        assertThat(found(given().queryParam("globalId", globalId).get(SEARCH))).containsExactly(avro);
        assertThat(found(given().queryParam("contentId", contentId).get(SEARCH)))
                .containsExactly(avro);
        assertThat(found(given().queryParam("globalId", globalId)
                        .queryParam("artifactType", "JSON")
                        .get(SEARCH)))
                .isEmpty();
        assertThat(found(given().queryParam("artifactId", avro)
                        .queryParam("description", "nothing like it")
                        .get(SEARCH)))
                .isEmpty();
        assertThat(found(given().queryParam("groupId", "DEFAULT")
                        .queryParam("artifactId", avro)
                        .get(SEARCH)))
                .containsExactly(avro);
        assertThat(found(given().queryParam("groupId", "def*")
                        .queryParam("artifactId", avro)
                        .get(SEARCH)))
                .containsExactly(avro);
        Response otherGroup = given().queryParam("groupId", "payments").get(SEARCH);
        assertThat(found(otherGroup)).as("another group holds nothing").isEmpty();
        assertThat(otherGroup.jsonPath().getInt("count")).isZero();
        Response artifact = given().queryParam("artifactId", json).get(SEARCH);
        assertThat(artifact.jsonPath().getString("artifacts[0].artifactType")).isEqualTo("JSON");
        assertThat(artifact.jsonPath().getMap("artifacts[0]")).doesNotContainKey("groupId");
    }

    @Test
    void results_areOrderedByName_countedWhole_andPaged() {
        String tag = UUID.randomUUID().toString();
        for (String name : List.of("Beta", "Alpha", "Gamma")) {
            create(
                    "search-" + name + "-" + tag,
                    "AVRO",
                    "{\"type\":\"record\",\"name\":\"" + name + "\",\"fields\":[]}",
                    "paged " + tag);
        }

        Response first = given().queryParam("description", "paged " + tag)
                .queryParam("limit", 2)
                .get(SEARCH);
        Response second = given().queryParam("description", "paged " + tag)
                .queryParam("limit", 2)
                .queryParam("offset", 2)
                .get(SEARCH);
        Response descending = given().queryParam("description", "paged " + tag)
                .queryParam("order", "desc")
                .queryParam("orderby", "name")
                .get(SEARCH);

        assertThat(first.jsonPath().getInt("count")).isEqualTo(3);
        assertThat(first.jsonPath().getList("artifacts.name")).containsExactly("Alpha", "Beta");
        assertThat(second.jsonPath().getList("artifacts.name")).containsExactly("Gamma");
        assertThat(descending.jsonPath().getList("artifacts.name")).containsExactly("Gamma", "Beta", "Alpha");
    }

    @Test
    void labels_matchByKey_orKeyAndValue_inAnyCase_includingTheV1ApisLabels() {
        String tag = UUID.randomUUID().toString();
        String payments = "labels-p-" + tag;
        String ledger = "labels-l-" + tag;
        for (String id : List.of(payments, ledger)) {
            create(id, "AVRO", "{\"type\":\"record\",\"name\":\"L\",\"fields\":[]}", Map.of());
        }
        given().contentType(ContentType.JSON)
                .body(Map.of("labels", Map.of("team", "Payments", "tier-" + tag, "gold")))
                .put("/apis/registry/v3/groups/default/artifacts/" + payments)
                .then()
                .statusCode(204);
        given().contentType(ContentType.JSON)
                .body(Map.of("labels", List.of("Audited-" + tag), "properties", Map.of("tier-" + tag, "silver")))
                .put("/api/artifacts/" + ledger + "/meta")
                .then()
                .statusCode(204);

        assertThat(found(given().queryParam("labels", "TIER-" + tag).get(SEARCH)))
                .as("a key alone, in any case")
                .containsExactlyInAnyOrder(payments, ledger);
        assertThat(found(given().queryParam("labels", "tier-" + tag + ":GOLD").get(SEARCH)))
                .as("a key and its value, in any case")
                .containsExactly(payments);
        assertThat(found(given().queryParam("labels", "tier-" + tag)
                        .queryParam("labels", "audited-" + tag)
                        .get(SEARCH)))
                .as("each filter narrows; a v1 label is a label with no value")
                .containsExactly(ledger);
        assertThat(found(given().queryParam("labels", "tier-" + tag + ":gol").get(SEARCH)))
                .as("a value matches whole")
                .isEmpty();
        assertThat(found(given().queryParam("labels", "team:payments")
                        .queryParam("labels", "tier-" + tag)
                        .queryParam("labels", "")
                        .get(SEARCH)))
                .as("a blank filter is left out")
                .containsExactly(payments);
    }

    /** Creates an AVRO artifact through v3 with a name of its own. */
    private static void createNamed(String artifactId, String name) {
        create(artifactId, "AVRO", "{\"type\":\"record\",\"name\":\"N\",\"fields\":[]}", Map.of("name", name));
    }

    @Test
    void aName_matchesTheNameOrTheId_whole_orByAStarAtEitherEnd_caseIncluded() {
        String tag = UUID.randomUUID().toString();
        String orders = "orders-" + tag;
        String ledger = "ledger-" + tag;
        createNamed(orders, "Orders " + tag);
        createNamed(ledger, "Ledger " + tag);

        assertThat(found(given().queryParam("name", "Orders " + tag).get(SEARCH)))
                .as("the name, whole")
                .containsExactly(orders);
        assertThat(found(given().queryParam("name", ledger).get(SEARCH)))
                .as("or the id, whole")
                .containsExactly(ledger);
        assertThat(found(given().queryParam("name", "orders " + tag).get(SEARCH)))
                .as("case included")
                .isEmpty();
        assertThat(found(given().queryParam("name", "Orders").get(SEARCH)))
                .as("part of a name is not the name")
                .doesNotContain(orders);
        assertThat(found(given().queryParam("name", "*" + tag).get(SEARCH)))
                .as("a leading star")
                .containsExactly(ledger, orders);
        assertThat(found(given().queryParam("name", "Ledger*").get(SEARCH)))
                .as("a trailing star")
                .contains(ledger)
                .doesNotContain(orders);
        assertThat(found(given().queryParam("name", "*ers " + tag.substring(0, 8) + "*")
                        .get(SEARCH)))
                .as("both")
                .containsExactly(orders);
        assertThat(found(given().queryParam("name", "Orders*" + tag).get(SEARCH)))
                .as("a star inside a name is itself")
                .isEmpty();
        assertThat(found(given().queryParam("artifactId", "orders-*" + tag.substring(9))
                        .get(SEARCH)))
                .as("an artifactId with a star anywhere")
                .containsExactly(orders);
        Response paged =
                given().queryParam("name", "*" + tag).queryParam("limit", 1).get(SEARCH);
        assertThat(paged.jsonPath().getInt("count")).as("counted whole").isEqualTo(2);
        assertThat(found(paged)).containsExactly(ledger);
        assertThat(found(given().queryParam("name", "*" + tag)
                        .queryParam("artifactId", orders)
                        .get(SEARCH)))
                .containsExactly(orders);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "labels=:payments",
                "orderby=createdOn",
                "orderby=",
                "order=up",
                "artifactType=avro",
                "globalId=abc",
                "contentId=1.5",
                "limit=x"
            })
    void aFilterNotServed_orAValueNotTaken_isA400_inApicuriosBody(String query) {
        Response refused = given().urlEncodingEnabled(false).get(SEARCH + "?" + query);

        assertThat(refused.statusCode()).as(refused.asString()).isEqualTo(400);
        assertThat(refused.contentType()).startsWith("application/json");
        assertThat(refused.jsonPath().getString("name")).isEqualTo("BadRequestException");
        assertThat(refused.jsonPath().getString("title")).isNotBlank().doesNotContain("Exception", "java.");
    }
}
