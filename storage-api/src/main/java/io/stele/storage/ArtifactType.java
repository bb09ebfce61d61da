package io.stele.storage;

/** The kinds of artifact the registry stores; the names are those of the Apicurio Registry v1 API. */
public enum ArtifactType {
    AVRO,
    PROTOBUF,
    PROTOBUF_FD,
    JSON,
    OPENAPI,
    ASYNCAPI,
    GRAPHQL,
    KCONNECT,
    WSDL,
    XSD,
    XML
}
