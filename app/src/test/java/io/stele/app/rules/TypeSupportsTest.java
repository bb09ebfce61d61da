package io.stele.app.rules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.stele.storage.ArtifactType;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Validity levels and canonical forms of the types checked by their own parsers. */
class TypeSupportsTest {

    private final TypeSupports supports = new TypeSupports();

    private void valid(ArtifactType type, Validity level, String content) {
        assertThatCode(() -> supports.of(type).validate(content, level)).doesNotThrowAnyException();
    }

    private void invalid(ArtifactType type, Validity level, String content, String messagePart) {
        assertThatThrownBy(() -> supports.of(type).validate(content, level))
                .isInstanceOf(InvalidContentException.class)
                .hasMessageContaining(messagePart);
    }

    @Test
    void avro_syntaxOnlyParses_fullAlsoChecksDefaults() {
        String badDefault =
                "{\"type\":\"record\",\"name\":\"R\",\"fields\":[{\"name\":\"a\",\"type\":\"int\",\"default\":\"x\"}]}";
        valid(ArtifactType.AVRO, Validity.SYNTAX_ONLY, badDefault);
        invalid(ArtifactType.AVRO, Validity.FULL, badDefault, "default");
        invalid(ArtifactType.AVRO, Validity.SYNTAX_ONLY, "{\"type\":\"recrd\"}", "Invalid Avro schema");
        valid(ArtifactType.AVRO, Validity.NONE, "not a schema");
    }

    @Test
    void avro_canonicalFormIsTheSchemaAsAvroWritesIt_keepingWhatAReaderSees() {
        TypeSupport avro = supports.of(ArtifactType.AVRO);
        String a =
                "{\"type\":\"record\",\"name\":\"User\",\"namespace\":\"x\",\"fields\":[{\"name\":\"id\",\"type\":\"long\"}]}";
        String b =
                "{ \"fields\": [ {\"type\": \"long\", \"name\": \"id\"} ], \"name\": \"x.User\", \"type\": \"record\" }";
        assertThat(avro.canonical(a))
                .as("whitespace, key order and where the namespace is written do not count")
                .isEqualTo(avro.canonical(b))
                .isEqualTo(a);
        for (String change : List.of(
                a.replace("\"fields\"", "\"doc\":\"d\",\"fields\""),
                a.replace("\"fields\"", "\"aliases\":[\"Old\"],\"fields\""),
                a.replace("\"type\":\"long\"}", "\"type\":\"long\",\"default\":0}"),
                a.replace("\"type\":\"long\"}", "\"type\":{\"type\":\"long\",\"logicalType\":\"timestamp-millis\"}}"),
                a.replace("\"fields\"", "\"owner\":\"team\",\"fields\""))) {
            assertThat(avro.canonical(change)).as(change).isNotEqualTo(avro.canonical(a));
            assertThat(avro.formerCanonical(change, ResolvedReferences.NONE))
                    .as("the former form, Parsing Canonical Form, left it out")
                    .isEqualTo(avro.formerCanonical(a, ResolvedReferences.NONE));
        }
        assertThat(avro.canonical("{\"type\":\"string\"}")).isEqualTo("\"string\"");
        assertThat(avro.canonical("{oops")).isEqualTo("{oops");
    }

    @Test
    void avro_readerIncompatibilities_giveAvrosLocation() {
        String writer = "{\"type\":\"record\",\"name\":\"R\",\"fields\":[{\"name\":\"a\",\"type\":\"string\"}]}";
        String reader = "{\"type\":\"record\",\"name\":\"R\",\"fields\":[{\"name\":\"a\",\"type\":\"int\"}]}";
        assertThat(supports.of(ArtifactType.AVRO).readerIncompatibilities(reader, writer))
                .singleElement()
                .satisfies(i -> {
                    assertThat(i.location()).isEqualTo("/fields/0/type");
                    assertThat(i.message()).contains("STRING").contains("INT");
                });
        assertThat(supports.of(ArtifactType.AVRO).readerIncompatibilities(writer, writer))
                .isEmpty();
    }

    @Test
    void openApi_acceptsJsonOrYaml_andFullNeedsItsMarkers() {
        valid(ArtifactType.OPENAPI, Validity.FULL, "openapi: 3.0.2\ninfo:\n  title: T\n  version: '1'\npaths: {}\n");
        valid(ArtifactType.OPENAPI, Validity.SYNTAX_ONLY, "{\"paths\":{}}");
        invalid(ArtifactType.OPENAPI, Validity.FULL, "{\"paths\":{}}", "openapi");
        invalid(ArtifactType.OPENAPI, Validity.SYNTAX_ONLY, "openapi: [unclosed", "Invalid OPENAPI");
        invalid(ArtifactType.ASYNCAPI, Validity.SYNTAX_ONLY, "- just\n- a list\n", "must be an object");
        invalid(ArtifactType.KCONNECT, Validity.SYNTAX_ONLY, "type: struct", "Invalid KCONNECT");
        assertThat(supports.of(ArtifactType.OPENAPI).canonical("openapi: 3.0.2\ninfo: {version: '1', title: T}\n"))
                .isEqualTo("{\"info\":{\"title\":\"T\",\"version\":\"1\"},\"openapi\":\"3.0.2\"}");
    }

    @Test
    void graphQl_syntaxOnlyParses_fullBuildsTheSchema() {
        String undefinedType = "type Query { user: User }";
        valid(ArtifactType.GRAPHQL, Validity.SYNTAX_ONLY, undefinedType);
        invalid(ArtifactType.GRAPHQL, Validity.FULL, undefinedType, "User");
        valid(ArtifactType.GRAPHQL, Validity.FULL, "type Query { user: User }\ntype User { id: ID! }");
        invalid(ArtifactType.GRAPHQL, Validity.SYNTAX_ONLY, "type Query {", "Invalid GraphQL schema");
        assertThat(supports.of(ArtifactType.GRAPHQL).canonical("# comment\ntype Query {\n  a: Int\n}"))
                .isEqualTo(supports.of(ArtifactType.GRAPHQL).canonical("type Query { a: Int }"));
    }

    @Test
    void xmlTypes_needWellFormedXml_refuseDtds_andFullChecksSchemasAndWsdl() {
        valid(ArtifactType.XML, Validity.SYNTAX_ONLY, "<a><b/></a>");
        invalid(ArtifactType.XML, Validity.SYNTAX_ONLY, "<a><b></a>", "line 1");
        invalid(
                ArtifactType.XML,
                Validity.SYNTAX_ONLY,
                "<!DOCTYPE a [<!ENTITY x SYSTEM \"file:///etc/passwd\">]><a>&x;</a>",
                "DOCTYPE");
        String xsd =
                "<xs:schema xmlns:xs=\"http://www.w3.org/2001/XMLSchema\"><xs:element name=\"a\" type=\"xs:string\"/></xs:schema>";
        valid(ArtifactType.XSD, Validity.FULL, xsd);
        invalid(ArtifactType.XSD, Validity.FULL, xsd.replace("xs:string", "xs:nosuch"), "Invalid XSD");
        valid(ArtifactType.WSDL, Validity.FULL, "<definitions xmlns=\"http://schemas.xmlsoap.org/wsdl/\"/>");
        invalid(ArtifactType.WSDL, Validity.FULL, "<definitions/>", "root element");
        assertThat(supports.of(ArtifactType.XML).canonical("<a>\n  <!-- c -->\n  <b>x</b>\n</a>"))
                .isEqualTo("<a><b>x</b></a>");
    }
}
