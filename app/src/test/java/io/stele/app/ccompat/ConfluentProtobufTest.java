package io.stele.app.ccompat;

import static io.restassured.RestAssured.given;
import static io.stele.app.ccompat.ConfluentApiTest.assertError;
import static io.stele.app.ccompat.ConfluentApiTest.isId;
import static io.stele.app.ccompat.ConfluentApiTest.post;
import static io.stele.app.ccompat.ConfluentApiTest.recordName;
import static io.stele.app.ccompat.ConfluentApiTest.subject;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import com.google.protobuf.DescriptorProtos.DescriptorProto;
import com.google.protobuf.DescriptorProtos.FieldDescriptorProto;
import com.google.protobuf.DescriptorProtos.FieldDescriptorProto.Label;
import com.google.protobuf.DescriptorProtos.FieldDescriptorProto.Type;
import com.google.protobuf.DescriptorProtos.FileDescriptorProto;
import com.google.protobuf.Descriptors.FileDescriptor;
import com.google.protobuf.InvalidProtocolBufferException;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.util.Base64;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Protobuf schemas sent and asked for as base64-encoded {@code FileDescriptorProto}s ({@code
 * format=serialized}), as Confluent's Python and JavaScript serializers do. The descriptors are made
 * and read with protobuf-java, the runtime's own library. Runs on every backend through {@code
 * RestSuites}.
 */
@QuarkusTest
public class ConfluentProtobufTest {

    private static FieldDescriptorProto field(String name, int number, Type type, String typeName) {
        FieldDescriptorProto.Builder field = FieldDescriptorProto.newBuilder()
                .setName(name)
                .setNumber(number)
                .setLabel(Label.LABEL_OPTIONAL)
                .setType(type);
        return (typeName == null ? field : field.setTypeName(typeName)).build();
    }

    /** An address file, as a runtime describes it. */
    private static FileDescriptorProto address(String pkg) {
        return FileDescriptorProto.newBuilder()
                .setName(pkg + "/address.proto")
                .setPackage(pkg)
                .setSyntax("proto3")
                .addMessageType(DescriptorProto.newBuilder()
                        .setName("Address")
                        .addField(field("street", 1, Type.TYPE_STRING, null)))
                .build();
    }

    /** An order file that imports the address file. */
    private static FileDescriptorProto order(String pkg) {
        return FileDescriptorProto.newBuilder()
                .setName(pkg + "/order.proto")
                .setPackage(pkg)
                .setSyntax("proto3")
                .addDependency(pkg + "/address.proto")
                .addMessageType(DescriptorProto.newBuilder()
                        .setName("Order")
                        .addField(field("id", 1, Type.TYPE_INT64, null))
                        .addField(field("ship_to", 2, Type.TYPE_MESSAGE, "." + pkg + ".Address")))
                .build();
    }

    private static String base64(FileDescriptorProto file) {
        return Base64.getEncoder().encodeToString(file.toByteArray());
    }

    private static FileDescriptorProto descriptor(String base64) throws InvalidProtocolBufferException {
        return FileDescriptorProto.parseFrom(Base64.getDecoder().decode(base64));
    }

    private static String body(String schema, String reference, String subject) {
        return "{\"schemaType\":\"PROTOBUF\",\"schema\":\"" + schema + "\""
                + (reference == null
                        ? ""
                        : ",\"references\":[{\"name\":\"" + reference + "\",\"subject\":\"" + subject
                                + "\",\"version\":1}]")
                + "}";
    }

    private static JsonPath get(String path) {
        return given().get(path)
                .then()
                .log()
                .ifValidationFails()
                .statusCode(200)
                .extract()
                .jsonPath();
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "/apis/ccompat/v7"})
    void descriptors_areStoredAsText_servedSerialized_andLinkTogether(String root) throws Exception {
        String pkg = "p" + recordName().toLowerCase();
        String addresses = subject();
        String orders = subject();
        long addressId = post(root + "/subjects/" + addresses + "/versions", body(base64(address(pkg)), null, null))
                .statusCode(200)
                .extract()
                .jsonPath()
                .getLong("id");
        String order = body(base64(order(pkg)), pkg + "/address.proto", addresses);

        long orderId = post(root + "/subjects/" + orders + "/versions", order)
                .statusCode(200)
                .extract()
                .jsonPath()
                .getLong("id");

        assertThat(get(root + "/schemas/ids/" + orderId).getString("schema"))
                .contains("package " + pkg + ";", "import \"" + pkg + "/address.proto\";", "Address ship_to = 2;");
        post(root + "/subjects/" + orders, order).statusCode(200).body("id", isId(orderId));
        FileDescriptorProto servedAddress =
                descriptor(get(root + "/subjects/" + addresses + "/versions/1?format=serialized")
                        .getString("schema"));
        JsonPath servedOrder = get(root + "/schemas/ids/" + orderId + "?format=serialized&subject=" + orders);
        assertThat(servedOrder.getString("references[0].subject")).isEqualTo(addresses);
        FileDescriptor linked =
                FileDescriptor.buildFrom(descriptor(servedOrder.getString("schema")), new FileDescriptor[] {
                    FileDescriptor.buildFrom(
                            servedAddress.toBuilder()
                                    .setName(pkg + "/address.proto")
                                    .build(),
                            new FileDescriptor[0])
                });
        assertThat(linked.findMessageTypeByName("Order")
                        .findFieldByName("ship_to")
                        .getMessageType()
                        .getFullName())
                .isEqualTo(pkg + ".Address");
        assertThat(descriptor(given().get(root + "/schemas/ids/" + addressId + "/schema?format=serialized")
                                .then()
                                .statusCode(200)
                                .extract()
                                .asString())
                        .getMessageType(0)
                        .getName())
                .isEqualTo("Address");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "/apis/ccompat/v7"})
    void serializedFormat_ofAnotherType_isTheTextAsStored(String root) {
        String subject = subject();
        String avro = ConfluentApiTest.avro(recordName(), false);
        long id = ConfluentApiTest.register(root, subject, avro);

        assertThat(get(root + "/schemas/ids/" + id + "?format=serialized").getString("schema"))
                .isEqualTo(avro);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "/apis/ccompat/v7"})
    void serializedFormat_ofAFileImportingWhatTheRegistryLacks_isAnInvalidSchemaNamingTheImport(String root) {
        String subject = subject();
        String calendar = "syntax = \\\"proto3\\\";\\nimport \\\"google/type/date.proto\\\";\\n"
                + "message Day { google.type.Date date = 1; }\\n";
        long id = post(root + "/subjects/" + subject + "/versions", body(calendar, null, null))
                .statusCode(200)
                .extract()
                .jsonPath()
                .getLong("id");

        assertThat(get(root + "/schemas/ids/" + id).getString("schema")).contains("google.type.Date");
        assertError(
                given().get(root + "/schemas/ids/" + id + "?format=serialized").then(),
                422,
                42201,
                "imports 'google/type/date.proto'");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "/apis/ccompat/v7"})
    void badDescriptors_areInvalidSchemas(String root) {
        FileDescriptorProto group = FileDescriptorProto.newBuilder()
                .setName("g.proto")
                .addMessageType(
                        DescriptorProto.newBuilder().setName("M").addField(field("g", 1, Type.TYPE_GROUP, ".M.G")))
                .build();
        String subject = subject();

        assertError(
                post(root + "/subjects/" + subject + "/versions", body("bm90IGEgZGVzY3JpcHRvcg==", null, null)),
                422,
                42201,
                "neither .proto text nor a base64-encoded FileDescriptorProto");
        assertError(
                post(root + "/subjects/" + subject + "/versions", body(base64(group), null, null)),
                422,
                42201,
                "is a group");
        given().get(root + "/subjects/" + subject + "/versions")
                .then()
                .statusCode(404)
                .body("error_code", equalTo(40401))
                .body("message", containsString(subject));
    }
}
