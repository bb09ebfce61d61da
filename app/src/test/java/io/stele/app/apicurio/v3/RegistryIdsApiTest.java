package io.stele.app.apicurio.v3;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code /apis/registry/v3/ids} and {@code /apis/registry/v2/ids}: what Apicurio's 3.x and 2.x
 * deserializers ask for each id, over the data the v1 and Confluent APIs wrote, with each API's own
 * error body.
 */
@QuarkusTest
class RegistryIdsApiTest {

    private static final String V3 = "/apis/registry/v3/ids";
    private static final String V2 = "/apis/registry/v2/ids";
    private static final String PAYMENT =
            "{\"type\":\"record\",\"name\":\"Payment\",\"namespace\":\"ids\",\"fields\":[{\"name\":\"amount\",\"type\":\"long\"}]}";
    private static final String ORDER = "{\"type\":\"record\",\"name\":\"Order\",\"namespace\":\"ids\",\"fields\":"
            + "[{\"name\":\"payment\",\"type\":\"ids.Payment\"}]}";

    /** The ids of a version registered through the v1 API: its globalId and contentId. */
    private record Ids(long globalId, long contentId) {}

    private static Ids registerV1(String artifactId, String schema) {
        Response created = given().header("X-Registry-ArtifactId", artifactId)
                .header("X-Registry-ArtifactType", "AVRO")
                .contentType(ContentType.JSON)
                .body(schema)
                .post("/api/artifacts");
        assertThat(created.statusCode()).as(created.asString()).isEqualTo(200);
        return new Ids(
                created.jsonPath().getLong("globalId"),
                contentIdOf(created.jsonPath().getLong("globalId")));
    }

    private static long contentIdOf(long globalId) {
        Response version = given().get("/api/ids/" + globalId + "/meta");
        assertThat(version.statusCode()).as(version.asString()).isEqualTo(200);
        String artifactId = version.jsonPath().getString("id");
        int number = version.jsonPath().getInt("version");
        return given().contentType("application/vnd.schemaregistry.v1+json")
                .get("/subjects/" + artifactId + "/versions/" + number)
                .jsonPath()
                .getLong("id");
    }

    /** Registers ORDER through the Confluent API, referencing version 1 of payments: its schema id. */
    private static long registerOrder(String orders, String payments) {
        return given().contentType("application/vnd.schemaregistry.v1+json")
                .body(Map.of(
                        "schema",
                        ORDER,
                        "references",
                        List.of(Map.of("name", "ids.Payment", "subject", payments, "version", 1))))
                .post("/subjects/" + orders + "/versions")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getLong("id");
    }

    @ParameterizedTest
    @ValueSource(strings = {V3, V2})
    void aVersionsContent_byGlobalId_andByContentId_isTheSchemaAsRegistered(String ids) {
        Ids payment = registerV1("ids-payment-" + UUID.randomUUID(), PAYMENT);

        Response byGlobalId = given().get(ids + "/globalIds/" + payment.globalId());
        Response byContentId = given().get(ids + "/contentIds/" + payment.contentId());

        assertThat(byGlobalId.statusCode()).isEqualTo(200);
        assertThat(byGlobalId.contentType()).startsWith("application/json");
        assertThat(byGlobalId.asString()).isEqualTo(PAYMENT);
        assertThat(byContentId.statusCode()).isEqualTo(200);
        assertThat(byContentId.contentType()).isEqualTo("application/octet-stream");
        assertThat(byContentId.asString()).isEqualTo(PAYMENT);
        assertThat(given().get(ids + "/globalIds/" + payment.globalId() + "/references")
                        .jsonPath()
                        .getList("$"))
                .isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {V3, V2})
    void references_areListedInTheDefaultGroup_byGlobalId_andByContentId(String ids) {
        String suffix = UUID.randomUUID().toString();
        String payments = "ids-payments-" + suffix;
        String orders = "ids-orders-" + suffix;
        given().contentType("application/vnd.schemaregistry.v1+json")
                .body(Map.of("schema", PAYMENT))
                .post("/subjects/" + payments + "/versions")
                .then()
                .statusCode(200);
        long orderContentId = registerOrder(orders, payments);
        long orderGlobalId =
                given().get("/api/artifacts/" + orders + "/meta").jsonPath().getLong("globalId");

        for (String path : List.of(
                ids + "/globalIds/" + orderGlobalId + "/references",
                ids + "/contentIds/" + orderContentId + "/references")) {
            Response references = given().get(path);
            assertThat(references.statusCode()).as(path).isEqualTo(200);
            assertThat(references.jsonPath().getList("$", Map.class))
                    .as(path)
                    .containsExactly(Map.of("artifactId", payments, "version", "1", "name", "ids.Payment"));
        }
        assertThat(given().get(ids + "/globalIds/" + orderGlobalId).asString()).isEqualTo(ORDER);
    }

    @Test
    void inboundReferences_areTheVersionsReferringToOne_withTheNamesTheyGiveIt_andLeaveOutSoftDeletedOnes() {
        String suffix = UUID.randomUUID().toString();
        String payments = "ids-inbound-payments-" + suffix;
        String orders = "ids-inbound-orders-" + suffix;
        Ids payment = registerV1(payments, PAYMENT);
        registerOrder(orders, payments);
        Map<String, String> order = Map.of("artifactId", orders, "version", "1", "name", "ids.Payment");

        for (String path : List.of(
                V3 + "/globalIds/" + payment.globalId() + "/references?refType=INBOUND",
                V2 + "/globalIds/" + payment.globalId() + "/references?refType=INBOUND",
                "/apis/registry/v3/groups/default/artifacts/" + payments + "/versions/1/references?refType=INBOUND",
                "/apis/registry/v2/groups/default/artifacts/" + payments + "/versions/1/references?refType=INBOUND")) {
            Response inbound = given().get(path);
            assertThat(inbound.statusCode())
                    .as(path + ": " + inbound.asString())
                    .isEqualTo(200);
            assertThat(inbound.jsonPath().getList("$", Map.class)).as(path).containsExactly(order);
        }
        assertThat(given().get(V3 + "/globalIds/" + payment.globalId() + "/references?refType=OUTBOUND")
                        .jsonPath()
                        .getList("$"))
                .isEmpty();
        given().delete("/subjects/" + orders + "/versions/1").then().statusCode(200);
        assertThat(given().get(V3 + "/globalIds/" + payment.globalId() + "/references?refType=INBOUND")
                        .jsonPath()
                        .getList("$"))
                .as("a version the Confluent API soft-deleted is no version Apicurio lists")
                .isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"SIDEWAYS", "inbound", ""})
    void aRefTypeThatIsNeither_isA400_namingBoth(String refType) {
        Ids payment = registerV1("ids-reftype-" + UUID.randomUUID(), PAYMENT);

        Response v3 = given().get(V3 + "/globalIds/" + payment.globalId() + "/references?refType=" + refType);
        Response v2 = given().get("/apis/registry/v2/groups/default/artifacts/ids-missing-" + UUID.randomUUID()
                + "/versions/1/references?refType=" + refType);

        assertThat(v3.statusCode()).as(v3.asString()).isEqualTo(400);
        assertThat(v3.jsonPath().getString("title")).contains("OUTBOUND", "INBOUND");
        assertThat(v2.statusCode()).as(v2.asString()).isEqualTo(400);
        assertThat(v2.jsonPath().getString("message")).contains("OUTBOUND", "INBOUND");
    }

    @Test
    void anUnknownId_isA404_inEachApisOwnErrorBody() {
        Response v3 = given().get(V3 + "/globalIds/987654321");
        Response v2 = given().get(V2 + "/contentIds/987654321");

        assertThat(v3.statusCode()).isEqualTo(404);
        assertThat(v3.contentType()).startsWith("application/json");
        assertThat(v3.jsonPath().getInt("status")).isEqualTo(404);
        assertThat(v3.jsonPath().getString("title")).contains("987654321");
        assertThat(v3.jsonPath().getString("name")).isEqualTo("VersionNotFoundException");
        assertThat(v3.jsonPath().getMap("$")).doesNotContainKey("error_code");
        assertThat(v2.statusCode()).isEqualTo(404);
        assertThat(v2.jsonPath().getInt("error_code")).isEqualTo(404);
        assertThat(v2.jsonPath().getString("message")).contains("987654321");
        assertThat(v2.jsonPath().getString("name")).isEqualTo("ContentNotFoundException");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                V3 + "/globalIds/abc",
                V3 + "/globalIds/12abc",
                V3 + "/contentIds/99999999999999999999",
                V3 + "/globalIds/1.5",
                V2 + "/globalIds/abc",
                V2 + "/contentIds/0x10/references",
            })
    void anIdThatIsNoWholeNumber_isA400_sayingSo(String path) {
        Response response = given().get(path);

        assertThat(response.statusCode()).as(response.asString()).isEqualTo(400);
        assertThat(response.jsonPath().getString("name")).isEqualTo("BadRequestException");
        String message = path.startsWith(V3)
                ? response.jsonPath().getString("title")
                : response.jsonPath().getString("message");
        assertThat(message).contains("whole number").doesNotContain("Exception", "java.");
    }

    @Test
    void contentWithoutReferences_askedDereferenced_isServedAsRegistered_andAValueNotTakenIsA400() {
        Ids payment = registerV1("ids-deref-" + UUID.randomUUID(), PAYMENT);
        Response registered = given().get(V3 + "/globalIds/" + payment.globalId());

        Response v3 = given().get(V3 + "/globalIds/" + payment.globalId() + "?references=DEREFERENCE");
        Response v2 = given().get(V2 + "/globalIds/" + payment.globalId() + "?dereference=true");

        for (Response answer : List.of(v3, v2)) {
            assertThat(answer.statusCode()).isEqualTo(200);
            assertThat(answer.asString()).isEqualTo(registered.asString());
            assertThat(answer.header("ETag")).isEqualTo(registered.header("ETag"));
        }
        assertThat(given().get(V2 + "/globalIds/" + payment.globalId() + "?dereference=yes")
                        .jsonPath()
                        .getString("message"))
                .contains("dereference must be one of true, false");
        assertThat(given().get(V3 + "/contentIds/" + payment.contentId() + "?references=DEREFERENCE")
                        .statusCode())
                .as("content by its id is served as registered only")
                .isEqualTo(400);
        assertThat(given().get(V3 + "/contentIds/" + payment.contentId() + "?references=")
                        .statusCode())
                .as("an empty value is no value the API takes")
                .isEqualTo(400);
        assertThat(given().get(V2 + "/globalIds/" + payment.globalId() + "?dereference=")
                        .statusCode())
                .isEqualTo(400);
        assertThat(given().get(V3 + "/globalIds/" + payment.globalId() + "?references=PRESERVE")
                        .statusCode())
                .isEqualTo(200);
        assertThat(given().get(V2 + "/globalIds/" + payment.globalId() + "?dereference=false")
                        .statusCode())
                .isEqualTo(200);
    }

    @ParameterizedTest
    @ValueSource(strings = {V3 + "/globalIds", V3 + "/nothing/1", V2 + "/contentIds/1/references/extra"})
    void aPathThatNamesNoOperation_isA404_inTheApisErrorBody(String path) {
        Response response = given().get(path);

        assertThat(response.statusCode()).isEqualTo(404);
        if (path.startsWith(V3)) {
            assertThat(response.jsonPath().getInt("status")).isEqualTo(404);
        } else {
            assertThat(response.jsonPath().getInt("error_code")).isEqualTo(404);
        }
    }

    @Test
    void aWrite_isNotAllowed_andNamesWhatIs() {
        Response response = given().contentType(ContentType.JSON).body("{}").post(V3 + "/globalIds/1");

        assertThat(response.statusCode()).isIn(404, 405);
        assertThat(response.jsonPath().getInt("status")).isEqualTo(response.statusCode());
    }
}
