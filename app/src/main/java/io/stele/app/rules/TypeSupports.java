package io.stele.app.rules;

import io.stele.app.rules.avro.AvroSupport;
import io.stele.app.rules.documents.JsonDocumentSupport;
import io.stele.app.rules.graphql.GraphQlSupport;
import io.stele.app.rules.jsonschema.JsonSchemaSupport;
import io.stele.app.rules.protobuf.ProtobufSupport;
import io.stele.app.rules.xml.XmlSupport;
import io.stele.storage.ArtifactType;
import io.stele.storage.Content;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The {@link TypeSupport} of each artifact type; types without one are stored unchecked. */
@ApplicationScoped
public class TypeSupports {

    private final Map<ArtifactType, TypeSupport> supports = new EnumMap<>(ArtifactType.class);

    @Inject
    ReferenceResolver resolver;

    public TypeSupports() {
        List.of(
                        new AvroSupport(),
                        new JsonSchemaSupport(),
                        new ProtobufSupport(),
                        JsonDocumentSupport.openApi(),
                        JsonDocumentSupport.asyncApi(),
                        JsonDocumentSupport.kafkaConnect(),
                        new GraphQlSupport(),
                        new XmlSupport(ArtifactType.XML),
                        new XmlSupport(ArtifactType.XSD),
                        new XmlSupport(ArtifactType.WSDL))
                .forEach(s -> supports.put(s.type(), s));
        for (ArtifactType type : ArtifactType.values()) {
            supports.putIfAbsent(type, new Unchecked(type));
        }
    }

    public TypeSupport of(ArtifactType type) {
        return supports.get(type);
    }

    /**
     * The SHA-256 of the content's canonical form for its type, with the schemas it references: the
     * same for content that means the same and references the same versions. This is what makes two
     * versions of an artifact the same: one place decides it for both APIs.
     */
    public String canonicalHash(ArtifactType type, Content content) {
        return hash(of(type).canonical(content.text(), references(content)), content);
    }

    /**
     * {@link #canonicalHash(ArtifactType, Content)} with the referenced schemas read from {@code
     * versions}: for content whose references are not stored yet, such as an import's.
     */
    public String canonicalHash(ArtifactType type, Content content, ReferenceResolver.Versions versions) {
        return hash(of(type).canonical(content.text(), resolver.resolve(content, versions)), content);
    }

    /** What the content references, resolved; none without a look-up when it names none. */
    private ResolvedReferences references(Content content) {
        return content.references().isEmpty() ? ResolvedReferences.NONE : resolver.resolve(content);
    }

    /**
     * The hashes versions of this content may carry from before the canonical form was what it is
     * now, distinct from {@link #canonicalHash}: that of the former canonical form, if the type had
     * one, and that of the bytes as they are (what versions stored before canonical hashes carry).
     * A version found by one of them is the same only if its content's {@link #canonicalHash} is
     * equal too.
     *
     * @param canonicalHash the content's {@link #canonicalHash}, which the caller has
     */
    public Set<String> formerHashes(ArtifactType type, Content content, String canonicalHash) {
        Set<String> hashes = new LinkedHashSet<>();
        of(type).formerCanonical(content.text(), references(content))
                .ifPresent(former -> hashes.add(hash(former, content)));
        hashes.add(Content.identity(Content.sha256Hex(content.bytes()), content.references()));
        hashes.remove(canonicalHash);
        return hashes;
    }

    private static String hash(String canonical, Content content) {
        return Content.of(canonical.getBytes(StandardCharsets.UTF_8), content.references())
                .sha256();
    }

    /** A type the registry stores as it is: PROTOBUF_FD, whose binary form has no text to check. */
    private record Unchecked(ArtifactType type) implements TypeSupport {

        @Override
        public void validate(String content, Validity level) {
            if (level != Validity.NONE && content.isBlank()) {
                throw new InvalidContentException("Invalid " + type + ": the content is blank.");
            }
        }

        @Override
        public String canonical(String content) {
            return content;
        }
    }
}
