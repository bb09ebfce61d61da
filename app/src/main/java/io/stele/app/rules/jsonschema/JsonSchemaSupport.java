package io.stele.app.rules.jsonschema;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.stele.app.rules.Incompatibility;
import io.stele.app.rules.InvalidContentException;
import io.stele.app.rules.ResolvedReferences;
import io.stele.app.rules.TypeSupport;
import io.stele.app.rules.Validity;
import io.stele.storage.ArtifactType;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * JSON Schema ({@link ArtifactType#JSON}).
 *
 * <h2>Validity</h2>
 *
 * <ul>
 *   <li>{@link Validity#SYNTAX_ONLY}: the content is JSON, and a JSON object or a boolean.
 *   <li>{@link Validity#FULL}: also valid against the meta-schema that {@code $schema} names
 *       (drafts 4, 6, 7, 2019-09 and 2020-12 are known; <b>draft-07 when {@code $schema} is
 *       absent</b>; another meta-schema is an error), with formats such as {@code regex} asserted;
 *       and loadable by the validator library with every {@code $ref} into the document resolved.
 *       No network or file is read: a {@code $ref} to another document is accepted unchecked.
 * </ul>
 *
 * <p>Errors name the JSON pointer of what is wrong when it is known.
 *
 * <h2>Canonical form</h2>
 *
 * The JSON with object keys sorted recursively, no whitespace, array order kept; decimals are
 * written without trailing zeros ({@code 1.50} as {@code 1.5}).
 *
 * <h2>Compatibility</h2>
 *
 * Whether every document valid under the writer's schema is valid under the reader's. The walk
 * goes through {@code properties}, {@code additionalProperties}, {@code items} and {@code
 * prefixItems}, following {@code $ref}s into the same document (into {@code definitions}, {@code
 * $defs} or anywhere by JSON pointer) and into the schemas it references: a {@code $ref} whose part
 * before {@code #} is a reference's name (as given, or resolved against the document's {@code
 * $id}) is followed into that schema, at the pointer after {@code #} or at its root. At each schema
 * the reader is incompatible when:
 *
 * <ol>
 *   <li>{@code type} is changed or narrowed: a type the writer allows is not allowed (an absent
 *       type allows all; {@code integer} fits {@code number}, not the reverse); when the writer
 *       allows only {@code const}/{@code enum} values, those values' types are checked instead;
 *   <li>{@code const} is changed or added, or excludes one of the writer's {@code enum} values;
 *   <li>an {@code enum} value the writer allows is removed, or an {@code enum} is added;
 *   <li>{@code format} or {@code pattern} is changed or added (strings only);
 *   <li>{@code maximum}, {@code exclusiveMaximum}, {@code maxLength}, {@code maxItems} or {@code
 *       maxProperties} is decreased or added; {@code minimum}, {@code exclusiveMinimum}, {@code
 *       minLength}, {@code minItems} or {@code minProperties} is increased or added; {@code
 *       multipleOf} is added or changed to a value the writer's is not a multiple of; {@code
 *       uniqueItems} is added. Each is compared only for the type it constrains and only with the
 *       same keyword (a {@code maximum} is not weighed against an {@code exclusiveMaximum});
 *   <li>a property is {@code required} by the reader and not by the writer;
 *   <li>a property of the writer is removed while the reader's content model is closed
 *       ({@code additionalProperties: false}); when the reader's {@code additionalProperties} is a
 *       schema, the property is compared with it;
 *   <li>a property is added while the writer's content model is open (no or a {@code true}
 *       {@code additionalProperties}) and the reader's schema for it constrains its value, since
 *       the writer may have written any value under that name. Adding a property is compatible
 *       when the writer's content model is closed, and is compared with the writer's {@code
 *       additionalProperties} or matching {@code patternProperties} schema when it has one;
 *   <li>{@code additionalProperties: false} is added while the writer allows other properties, or
 *       the reader's {@code additionalProperties} schema rejects what the writer's allows;
 *   <li>a combining or conditional keyword ({@code allOf}, {@code anyOf}, {@code oneOf}, {@code
 *       not}, {@code if}/{@code then}/{@code else}, {@code dependencies}, {@code
 *       dependentRequired}, {@code dependentSchemas}, {@code propertyNames}, {@code
 *       patternProperties}, {@code contains}, {@code additionalItems}, {@code unevaluated*}) is
 *       added or differs: these are compared only for equality, and removing one is compatible;
 *       except, as Confluent's diff judges them, a combination of one schema is that schema, a
 *       {@code oneOf}/{@code anyOf} reader accepts a writer that is no combination when one of
 *       its schemas does, {@code not} is compared the other way round, and a writer's {@code
 *       additionalItems: false} accepts any reader's ({@link Combinators});
 *   <li>a {@code $ref} that cannot be followed (to a document that is not one of the schema's
 *       references, or broken) differs from the writer's.
 * </ol>
 *
 * <p>Not compared: siblings of a {@code $ref}, references by anchor, and the schemas a combining
 * keyword holds. Results are in walk order: keywords in the order above, properties by name. A
 * pair of schemas reached twice (a shared or recursive definition) is reported once, where the walk
 * first reaches it.
 */
public class JsonSchemaSupport implements TypeSupport {

    @Override
    public ArtifactType type() {
        return ArtifactType.JSON;
    }

    @Override
    public void validate(String content, Validity level) {
        if (level == Validity.NONE) {
            return;
        }
        JsonNode schema = Json.parseSchema(content);
        if (level == Validity.FULL) {
            FullValidity.check(schema);
        }
    }

    /**
     * Each {@code $ref} to another document must name one of the references (as given, or resolved
     * against the schema's {@code $id}).
     */
    @Override
    public void requireNamedReferences(String content, ResolvedReferences references) {
        JsonNode schema = Json.parseSchema(content);
        ReferencedDocuments documents = new ReferencedDocuments(references.byName());
        for (SchemaRefs.Ref ref : SchemaRefs.all(schema)) {
            int hash = ref.value().indexOf('#');
            String document = hash < 0 ? ref.value() : ref.value().substring(0, hash);
            if (!ref.local() && documents.name(document, schema).isEmpty()) {
                throw new InvalidContentException("Invalid JSON Schema: the $ref '" + ref.value() + "' at " + ref.at()
                        + " names a document that none of its references names.");
            }
        }
    }

    /**
     * Each {@code $ref} to a document that one of the references names (as for {@link
     * #requireNamedReferences}) pointed at that reference's location, its fragment kept, and the
     * JSON written without whitespace, as Apicurio rewrites it. Content that is not a schema is
     * returned as it is.
     */
    @Override
    public String rewritten(String content, Map<String, String> locations) {
        JsonNode schema;
        try {
            schema = Json.parseSchemaAsWritten(content);
        } catch (InvalidContentException e) {
            return content;
        }
        for (SchemaRefs.Ref ref : SchemaRefs.all(schema)) {
            int hash = ref.value().indexOf('#');
            String document = hash < 0 ? ref.value() : ref.value().substring(0, hash);
            Optional<String> name =
                    ref.local() ? Optional.empty() : ReferencedDocuments.name(locations.keySet(), document, schema);
            if (name.isPresent()) {
                String holder = ref.at().substring(0, ref.at().length() - "/$ref".length());
                ((ObjectNode) schema.at(holder))
                        .put(
                                "$ref",
                                locations.get(name.get())
                                        + (hash < 0 ? "" : ref.value().substring(hash)));
            }
        }
        return Json.write(schema);
    }

    @Override
    public String canonical(String content) {
        try {
            return Json.canonical(Json.parseSchema(content));
        } catch (InvalidContentException e) {
            return content;
        }
    }

    @Override
    public List<Incompatibility> readerIncompatibilities(String reader, String writer) {
        return SchemaComparison.compare(Json.parseSchema(reader), Json.parseSchema(writer));
    }

    @Override
    public List<Incompatibility> readerIncompatibilities(
            String reader, ResolvedReferences readerReferences, String writer, ResolvedReferences writerReferences) {
        return SchemaComparison.compare(
                Json.parseSchema(reader),
                readerReferences.byName(),
                Json.parseSchema(writer),
                writerReferences.byName());
    }
}
