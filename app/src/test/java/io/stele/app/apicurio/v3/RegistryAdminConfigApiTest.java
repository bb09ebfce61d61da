package io.stele.app.apicurio.v3;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.stele.storage.ArtifactType;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Apicurio's admin configuration on the v3 and v2 APIs. {@code /admin/config/properties}: Stele
 * reads every setting at start, so none is listed, and each name, in any form, answers 404 {@code
 * ConfigPropertyNotFoundException} in the API's own error body and changes nothing. The artifact
 * types: every one Stele takes.
 */
@QuarkusTest
class RegistryAdminConfigApiTest {

    private static final String DELETION = "apicurio.rest.deletion.artifact.enabled";

    @ParameterizedTest
    @ValueSource(strings = {"/apis/registry/v3", "/apis/registry/v2"})
    void noPropertyIsListed_andEveryNameIsNotFound_inTheApisErrorBody(String root) {
        String properties = root + "/admin/config/properties";
        assertThat(given().get(properties)
                        .then()
                        .statusCode(200)
                        .extract()
                        .jsonPath()
                        .getList(""))
                .isEmpty();
        boolean deletesBefore = deletesArtifacts();
        for (String name : List.of(DELETION, "no.such.property", "a%2Fb", "%2e%2e", "x;y=1", "x/")) {
            String path = properties + "/" + name;
            boolean hostile = !name.matches("[a-z.-]+");
            for (Response answer : List.of(
                    given().urlEncodingEnabled(false).get(path),
                    given().urlEncodingEnabled(false)
                            .contentType(ContentType.JSON)
                            .body("{\"value\":\"true\"}")
                            .put(path),
                    given().urlEncodingEnabled(false).delete(path))) {
                String said = path + ": " + answer.body().asString();
                if (hostile) {
                    assertThat(answer.statusCode()).as(said).isIn(400, 404);
                    continue;
                }
                assertThat(answer.statusCode()).as(said).isEqualTo(404);
                assertThat(answer.jsonPath().getString("name")).as(said).isEqualTo("ConfigPropertyNotFoundException");
                assertThat(answer.jsonPath().getString(root.endsWith("v3") ? "detail" : "message"))
                        .as(said)
                        .contains(name, "restart");
            }
        }
        given().contentType(ContentType.JSON)
                .body("{\"value\":")
                .put(properties + "/" + DELETION)
                .then()
                .statusCode(400);
        assertThat(deletesArtifacts()).as("what the registry does is as before").isEqualTo(deletesBefore);
    }

    @ParameterizedTest
    @ValueSource(strings = {"/apis/registry/v3/admin/config/artifactTypes", "/apis/registry/v2/admin/artifactTypes"})
    void theArtifactTypes_areEveryTypeSteleTakes_andAnotherIsRefused(String path) {
        List<String> names =
                given().get(path).then().statusCode(200).extract().jsonPath().getList("name");
        assertThat(names)
                .containsExactly(
                        Arrays.stream(ArtifactType.values()).map(Enum::name).toArray(String[]::new));
        String unlisted = "{\"artifactId\":\"types-" + UUID.randomUUID() + "\",\"artifactType\":\"AVRO2\","
                + "\"firstVersion\":{\"content\":{\"content\":\"{}\",\"contentType\":\"application/json\"}}}";
        given().contentType(ContentType.JSON)
                .body(unlisted)
                .post("/apis/registry/v3/groups/default/artifacts")
                .then()
                .statusCode(400);
    }

    private static boolean deletesArtifacts() {
        return given().get("/apis/registry/v3/system/uiConfig").jsonPath().getBoolean("features.deleteArtifact");
    }
}
