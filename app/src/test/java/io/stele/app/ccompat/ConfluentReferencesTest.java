package io.stele.app.ccompat;

import static io.restassured.RestAssured.given;
import static io.stele.app.ccompat.ConfluentApiTest.assertError;
import static io.stele.app.ccompat.ConfluentApiTest.isId;
import static io.stele.app.ccompat.ConfluentApiTest.post;
import static io.stele.app.ccompat.ConfluentApiTest.recordName;
import static io.stele.app.ccompat.ConfluentApiTest.register;
import static io.stele.app.ccompat.ConfluentApiTest.setCompatibility;
import static io.stele.app.ccompat.ConfluentApiTest.subject;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.nullValue;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.ValidatableResponse;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Schema references in the Confluent-compatible API: a schema using another subject's version, as
 * Confluent Schema Registry stores, serves, resolves and guards them. Runs on every backend through
 * {@code RestSuites}.
 */
@QuarkusTest
public class ConfluentReferencesTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** A referenced Avro record, and a record that uses it by name. */
    private record Pair(String address, String addressName, String userName) {

        static Pair fresh() {
            String address = recordName();
            return new Pair(
                    "{\"type\":\"record\",\"name\":\"" + address
                            + "\",\"namespace\":\"acme\",\"fields\":[{\"name\":\"street\",\"type\":\"string\"}]}",
                    "acme." + address,
                    recordName());
        }

        String user(boolean withAge) {
            return "{\"type\":\"record\",\"name\":\"" + userName + "\",\"fields\":[{\"name\":\"home\",\"type\":\""
                    + addressName + "\"}"
                    + (withAge ? ",{\"name\":\"age\",\"type\":\"int\"}" : "") + "]}";
        }
    }

    /** An address subject, and a user subject whose version 1 references its version 1. */
    private record Referring(Pair pair, String addresses, String users) {

        static Referring register(String root) {
            Pair pair = Pair.fresh();
            String addresses = subject();
            ConfluentApiTest.register(root, addresses, pair.address());
            String users = subject();
            registerReferring(root, users, body(pair.user(false), pair.addressName(), addresses, 1));
            return new Referring(pair, addresses, users);
        }
    }

    static String body(String schema, Object... references) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("schema", schema);
        List<Map<String, Object>> refs = new ArrayList<>();
        for (int i = 0; i < references.length; i += 3) {
            Map<String, Object> ref = new LinkedHashMap<>();
            ref.put("name", references[i]);
            ref.put("subject", references[i + 1]);
            ref.put("version", references[i + 2]);
            refs.add(ref);
        }
        body.put("references", refs);
        try {
            return JSON.writeValueAsString(body);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static ValidatableResponse get(String path) {
        return given().get(path).then().log().ifValidationFails();
    }

    private static long registerReferring(String root, String subject, String body) {
        return ConfluentApiTest.id(post(root + "/subjects/" + subject + "/versions", body));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "/apis/ccompat/v7"})
    void schemaWithAReference_isRegisteredServedWithItsReferencesAndLookedUp(String root) {
        Pair pair = Pair.fresh();
        String addresses = subject();
        String users = subject();
        register(root, addresses, pair.address());
        String body = body(pair.user(false), pair.addressName(), addresses, 1);

        long id = registerReferring(root, users, body);

        assertThat(registerReferring(root, users, body)).isEqualTo(id);
        get(root + "/subjects/" + users + "/versions/1")
                .statusCode(200)
                .body("id", isId(id))
                .body("references", hasSize(1))
                .body("references[0].name", equalTo(pair.addressName()))
                .body("references[0].subject", equalTo(addresses))
                .body("references[0].version", equalTo(1));
        get(root + "/subjects/" + users + "/versions/latest").statusCode(200).body("references[0].version", equalTo(1));
        get(root + "/schemas/ids/" + id)
                .statusCode(200)
                .body("schema", equalTo(pair.user(false)))
                .body("references[0].subject", equalTo(addresses));
        get(root + "/subjects/" + addresses + "/versions/1").statusCode(200).body("references", nullValue());
        post(root + "/subjects/" + users, body)
                .statusCode(200)
                .body("id", isId(id))
                .body("version", equalTo(1));
        get(root + "/subjects/" + addresses + "/versions/1/referencedby")
                .statusCode(200)
                .body("", contains(isId(id)));
        get(root + "/subjects/" + users + "/versions/1/referencedby")
                .statusCode(200)
                .body("", hasSize(0));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "/apis/ccompat/v7"})
    void latestAsAReferencesVersion_namesTheSubjectsLatest_andOtherReferencesGiveAnotherId(String root) {
        Pair pair = Pair.fresh();
        String addresses = subject();
        register(root, addresses, pair.address());
        register(
                root,
                addresses,
                pair.address().replace("}]}", "},{\"name\":\"zip\",\"type\":\"string\",\"default\":\"\"}]}"));
        String users = subject();

        long first = registerReferring(root, users, body(pair.user(false), pair.addressName(), addresses, 1));
        long latest = registerReferring(root, subject(), body(pair.user(false), pair.addressName(), addresses, -1));

        assertThat(latest).isNotEqualTo(first);
        get(root + "/schemas/ids/" + latest).statusCode(200).body("references[0].version", equalTo(2));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "/apis/ccompat/v7"})
    void referenceToNothing_isAnInvalidSchema_andAUseWithoutItsReferenceToo(String root) {
        Pair pair = Pair.fresh();
        String addresses = subject();
        register(root, addresses, pair.address());
        String users = subject();

        Map<String, String> invalid = Map.of(
                body(pair.user(false), pair.addressName(), subject(), 1), "which does not exist",
                body(pair.user(false), pair.addressName(), addresses, 2), "version 2 of subject",
                body(pair.user(false), pair.addressName(), addresses, 0), "version 0",
                body(pair.user(false), null, addresses, 1), "must give a name",
                body(pair.user(false)), "Undefined schema");
        invalid.forEach(
                (body, says) -> assertError(post(root + "/subjects/" + users + "/versions", body), 422, 42201, says));
        assertError(get(root + "/subjects/" + users + "/versions"), 404, 40401, users);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "/apis/ccompat/v7"})
    void protobufImport_isNamedByAReference(String root) {
        String pkg = "p" + recordName().toLowerCase();
        String addresses = addressFile(root, pkg);
        String user = "syntax = \"proto3\";\npackage " + pkg + ".users;\nimport \"" + pkg + "/address.proto\";\n"
                + "message User { " + pkg + ".Address home = 1; }\n";
        String users = subject();

        long id = post(root + "/subjects/" + users + "/versions", protobuf(user, pkg + "/address.proto", addresses, 1))
                .statusCode(200)
                .extract()
                .jsonPath()
                .getLong("id");

        get(root + "/schemas/ids/" + id)
                .statusCode(200)
                .body("schemaType", equalTo("PROTOBUF"))
                .body("references[0].name", equalTo(pkg + "/address.proto"));
        assertError(
                post(
                        root + "/subjects/" + subject() + "/versions",
                        protobuf(user.replace("/address.proto", "/other.proto"), pkg + "/address.proto", addresses, 1)),
                422,
                42201,
                "imports '" + pkg + "/other.proto'");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "/apis/ccompat/v7"})
    void protobufImportsAndTypes_mustResolve_asConfluentBuildsTheDescriptor(String root) {
        String pkg = "p" + recordName().toLowerCase();
        String addresses = addressFile(root, pkg);
        String head = "syntax = \"proto3\";\npackage " + pkg + ".orders;\n";
        String subject = subject();
        String versions = root + "/subjects/" + subject + "/versions";
        Map<String, String> refused = new LinkedHashMap<>();
        refused.put(
                protobuf(head + "import \"NoReference.proto\";\nmessage A { string a = 1; }\n"),
                "imports 'NoReference.proto', which none of its references names");
        refused.put(protobuf(head + "message A { google.type.PostalAddress a = 1; }\n"), "A.a (field 1) at line 3");
        refused.put(
                protobuf(head + "message A { Totally.Unknown a = 1; }\n"),
                "type 'Totally.Unknown' is not defined in this file or in a file it imports");
        refused.put(
                protobuf(
                        head + "import \"" + pkg + "/address.proto\";\nmessage A { " + pkg + ".Missing a = 1; }\n",
                        pkg + "/address.proto",
                        addresses,
                        1),
                "type '" + pkg + ".Missing' is not defined");
        refused.forEach((body, reason) -> {
            assertError(post(versions, body), 422, 42201, reason);
            assertError(post(root + "/subjects/" + subject(), body), 422, 42201, reason); // a lookup parses first
        });
        given().get(root + "/subjects/" + subject + "/versions").then().statusCode(404);

        String resolved = head + "import \"google/type/postal_address.proto\";\nimport \"" + pkg + "/address.proto\";\n"
                + "import \"google/protobuf/timestamp.proto\";\n"
                + "message A { google.type.PostalAddress a = 1; Address b = 2; google.protobuf.Timestamp c = 3;\n"
                + "  map<string, " + pkg + ".Address> d = 4; }\n";
        // Address resolves from pkg.orders outwards, to pkg.Address in the imported file, as protoc resolves it
        post(root + "/subjects/" + subject + "/versions", protobuf(resolved, pkg + "/address.proto", addresses, 1))
                .statusCode(200);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "/apis/ccompat/v7"})
    void protobufCompatibility_followsAReferenceToAnotherVersionOrSubject_intoItsMessages(String root) {
        String pkg = "p" + recordName().toLowerCase();
        String zipAsString = "syntax = \"proto3\";\npackage " + pkg + ";\nmessage Address { string zip = 1; }\n";
        String zipAsNumber = zipAsString.replace("string zip", "int32 zip");
        String addresses = subject();
        String others = subject();
        post(root + "/subjects/" + addresses + "/versions", protobuf(zipAsString))
                .statusCode(200);
        setCompatibility(root, addresses, "NONE");
        post(root + "/subjects/" + addresses + "/versions", protobuf(zipAsNumber))
                .statusCode(200);
        post(root + "/subjects/" + others + "/versions", protobuf(zipAsNumber)).statusCode(200);
        String user = "syntax = \"proto3\";\npackage " + pkg + ".users;\nimport \"" + pkg + "/address.proto\";\n"
                + "message User { " + pkg + ".Address home = 1; }\n";
        String users = subject();
        post(root + "/subjects/" + users + "/versions", protobuf(user, pkg + "/address.proto", addresses, 1))
                .statusCode(200);

        for (String moved : List.of(
                protobuf(user, pkg + "/address.proto", addresses, 2),
                protobuf(user, pkg + "/address.proto", others, 1),
                protobuf(user.replace("/address.proto", "/moved.proto"), pkg + "/moved.proto", others, 1))) {
            post(root + "/compatibility/subjects/" + users + "/versions/latest?verbose=true", moved)
                    .statusCode(200)
                    .body("is_compatible", equalTo(false))
                    .body("messages[0]", org.hamcrest.Matchers.containsString("Address.zip (field 1)"));
        }
        post(
                        root + "/compatibility/subjects/" + users + "/versions/latest",
                        protobuf(user.replace("/address.proto", "/moved.proto"), pkg + "/moved.proto", addresses, 1))
                .statusCode(200)
                .body("is_compatible", equalTo(true));
    }

    /** Registers a Protobuf file of the package that defines {@code Address}, under a subject of its own. */
    private static String addressFile(String root, String pkg) {
        String addresses = subject();
        post(
                        root + "/subjects/" + addresses + "/versions",
                        protobuf(
                                "syntax = \"proto3\";\npackage " + pkg + ";\nmessage Address { string street = 1; }\n"))
                .statusCode(200);
        return addresses;
    }

    private static String protobuf(String schema, Object... references) {
        return typed("PROTOBUF", schema, references);
    }

    private static String typed(String type, String schema, Object... references) {
        return "{\"schemaType\":\"" + type + "\"," + body(schema, references).substring(1);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "/apis/ccompat/v7"})
    void jsonSchemaCompatibility_followsRefsIntoTheReferencedVersions(String root) {
        String addresses = subject();
        setCompatibility(root, addresses, "NONE");
        String address = "{\"type\":\"object\",\"properties\":{\"zip\":{\"type\":\"string\"}}}";
        post(root + "/subjects/" + addresses + "/versions", typed("JSON", address))
                .statusCode(200);
        post(root + "/subjects/" + addresses + "/versions", typed("JSON", address.replace("string", "integer")))
                .statusCode(200);
        String customer = "{\"type\":\"object\",\"properties\":{\"home\":{\"$ref\":\"address.json\"}}}";
        String customers = subject();
        registerReferring(root, customers, typed("JSON", customer, "address.json", addresses, 1));

        assertError(
                post(
                        root + "/subjects/" + customers + "/versions",
                        typed("JSON", customer, "address.json", addresses, 2)),
                409,
                409,
                "/properties/home/properties/zip");
        post(
                        root + "/compatibility/subjects/" + customers + "/versions/latest",
                        typed("JSON", customer, "address.json", addresses, 1))
                .statusCode(200)
                .body("is_compatible", equalTo(true));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "/apis/ccompat/v7"})
    void compatibility_resolvesTheReferencesOfBothSchemas(String root) {
        Referring r = Referring.register(root);
        String incompatible =
                body(r.pair().user(true), r.pair().addressName(), r.addresses(), 1); // a field without default

        post(root + "/compatibility/subjects/" + r.users() + "/versions/latest?verbose=true", incompatible)
                .statusCode(200)
                .body("is_compatible", equalTo(false))
                .body("messages[0]", org.hamcrest.Matchers.containsString("age"));
        assertError(post(root + "/subjects/" + r.users() + "/versions", incompatible), 409, 409, "age");
        post(
                        root + "/compatibility/subjects/" + r.users() + "/versions/latest",
                        body(r.pair().user(false), r.pair().addressName(), r.addresses(), 1))
                .statusCode(200)
                .body("is_compatible", equalTo(true));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "/apis/ccompat/v7"})
    void referencedVersion_isNotDeleted_untilItsReferrerIsDeletedForGood(String root) {
        Referring r = Referring.register(root);

        assertError(
                given().delete(root + "/subjects/" + r.addresses() + "/versions/1")
                        .then(),
                422,
                42206,
                r.addresses());
        assertError(given().delete(root + "/subjects/" + r.addresses()).then(), 422, 42206, r.addresses());
        given().delete("/api/artifacts/" + r.addresses()).then().statusCode(409);
        get(root + "/subjects/" + r.addresses() + "/versions").statusCode(200).body("", contains(1));

        given().delete(root + "/subjects/" + r.users()).then().statusCode(200);
        assertError(given().delete(root + "/subjects/" + r.addresses()).then(), 422, 42206, r.addresses());
        given().delete(root + "/subjects/" + r.users() + "?permanent=true")
                .then()
                .statusCode(200);
        given().delete(root + "/subjects/" + r.addresses())
                .then()
                .statusCode(200)
                .body("", contains(1));
        given().delete(root + "/subjects/" + r.addresses() + "?permanent=true")
                .then()
                .statusCode(200);
    }
}
