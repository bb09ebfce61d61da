package io.stele.app.apicurio.v3;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.stele.app.testing.Settings;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * v3's groups, as Apicurio answers them when every artifact is in the default group: none listed
 * or found, the default group no group of its own, and a new group refused with nothing written.
 */
@QuarkusTest
public class RegistryGroupsApiTest {

    private static final String GROUPS = "/apis/registry/v3/groups";

    private static void createArtifact() {
        given().contentType(ContentType.JSON)
                .body(RegistryCreateApiTest.create(
                        "grouped-" + UUID.randomUUID(),
                        "{\"type\":\"record\",\"name\":\"G\",\"fields\":[]}",
                        List.of()))
                .post(GROUPS + "/default/artifacts")
                .then()
                .statusCode(200);
    }

    private static void assertNoGroups(Response listed) {
        assertThat(listed.statusCode()).as(listed.asString()).isEqualTo(200);
        assertThat(listed.jsonPath().getInt("count")).isZero();
        assertThat(listed.jsonPath().getList("groups")).isEmpty();
    }

    @Test
    void listsAndSearches_findNoGroup_theDefaultOneIncluded() {
        createArtifact();

        assertNoGroups(given().get(GROUPS));
        assertNoGroups(given().queryParam("limit", 5)
                .queryParam("offset", 0)
                .queryParam("order", "desc")
                .queryParam("orderby", "createdOn")
                .get(GROUPS));
        assertNoGroups(given().get("/apis/registry/v3/search/groups"));
        assertNoGroups(given().queryParam("groupId", "default").get("/apis/registry/v3/search/groups"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"default", "DEFAULT", "payments"})
    void aGroupRead_isA404_GroupNotFound(String groupId) {
        createArtifact();

        Response read = given().get(GROUPS + "/" + groupId);

        assertThat(read.statusCode()).isEqualTo(404);
        assertThat(read.jsonPath().getString("name")).isEqualTo("GroupNotFoundException");
        assertThat(read.jsonPath().getString("detail")).contains(groupId);
    }

    @Test
    void aNewGroup_isRefused_andNothingIsWritten() {
        List<Object> bodies = List.of(
                Map.of("groupId", "payments-" + UUID.randomUUID()), Map.of("groupId", "Default"), Map.of(), "[]");
        for (Object body : bodies) {
            Response refused = given().contentType(ContentType.JSON).body(body).post(GROUPS);
            assertThat(refused.statusCode())
                    .as(body + ": " + refused.asString())
                    .isEqualTo(400);
            assertThat(refused.jsonPath().getString("detail")).doesNotContain("Exception", "io.stele");
            if (body instanceof Map) {
                assertThat(refused.jsonPath().getString("name")).isEqualTo("BadRequestException");
            }
        }
        assertNoGroups(given().get(GROUPS));
    }

    @Test
    void aGroupDeleted_isNotAllowed_orNotFound_andNothingIsDeleted() {
        createArtifact();
        long before =
                given().get(GROUPS + "/default/artifacts?limit=1000").jsonPath().getLong("count");

        Response deleted = given().delete(GROUPS + "/default");

        if (Settings.on("stele.api.v3-deletes")) { // the REST suites turn it on on PostgreSQL
            assertThat(deleted.statusCode()).isEqualTo(404);
            assertThat(deleted.jsonPath().getString("name")).isEqualTo("GroupNotFoundException");
        } else {
            assertThat(deleted.statusCode()).isEqualTo(405);
            assertThat(deleted.jsonPath().getString("name")).isEqualTo("NotAllowedException");
        }
        assertThat(given().get(GROUPS + "/default/artifacts?limit=1000")
                        .jsonPath()
                        .getLong("count"))
                .isEqualTo(before);
    }

    @ParameterizedTest
    @ValueSource(strings = {"orderby=name", "orderby=", "order=up", "limit=x", "offset=-1"})
    void aListingValueNotTaken_isA400(String query) {
        Response refused = given().urlEncodingEnabled(false).get(GROUPS + "?" + query);
        Response searched = given().urlEncodingEnabled(false).get("/apis/registry/v3/search/groups?" + query);

        assertThat(refused.statusCode()).as(refused.asString()).isEqualTo(400);
        assertThat(searched.statusCode()).as(searched.asString()).isEqualTo(400);
    }
}
