package io.stele.storage.infinispan;

import org.infinispan.protostream.GeneratedSchema;
import org.infinispan.protostream.annotations.ProtoSchema;

/**
 * The Protobuf schema of the entries the registry keeps, generated with their marshallers at build
 * time; registered on the servers at start-up, so that they can index artifacts and versions.
 */
@ProtoSchema(
        includeClasses = {ArtifactEntry.class, VersionEntry.class, ContentEntry.class, Pointer.class, RulesEntry.class},
        schemaFileName = "stele.proto",
        schemaFilePath = "proto/",
        schemaPackageName = "stele")
public interface SteleSchema extends GeneratedSchema {}
