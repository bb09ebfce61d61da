package io.stele.app.rules.graphql;

import graphql.GraphQLException;
import graphql.language.AstPrinter;
import graphql.language.Document;
import graphql.parser.Parser;
import graphql.schema.idl.SchemaParser;
import graphql.schema.idl.UnExecutableSchemaGenerator;
import io.stele.app.rules.InvalidContentException;
import io.stele.app.rules.ParserMessages;
import io.stele.app.rules.TypeSupport;
import io.stele.app.rules.Validity;
import io.stele.storage.ArtifactType;

/**
 * GraphQL schemas, read by graphql-java. SYNTAX_ONLY parses the document; FULL also builds the
 * schema, so every type referred to must be defined and defined once. The canonical form is the
 * parsed document printed compactly, without comments. No compatibility checks.
 */
public final class GraphQlSupport implements TypeSupport {

    @Override
    public ArtifactType type() {
        return ArtifactType.GRAPHQL;
    }

    @Override
    public void validate(String content, Validity level) {
        if (level == Validity.NONE) {
            return;
        }
        try {
            parse(content);
            if (level == Validity.FULL) {
                UnExecutableSchemaGenerator.makeUnExecutableSchema(new SchemaParser().parse(content));
            }
        } catch (GraphQLException e) {
            throw new InvalidContentException("Invalid GraphQL schema: " + ParserMessages.of(e), e);
        }
    }

    private static Document parse(String content) {
        return Parser.parse(content);
    }

    @Override
    public String canonical(String content) {
        try {
            return AstPrinter.printAstCompact(parse(content));
        } catch (GraphQLException e) {
            return content;
        }
    }
}
