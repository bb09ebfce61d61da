package io.stele.app.apicurio.v3;

import io.stele.app.apicurio.v2.SearchV2Resource;
import io.stele.app.artifacts.IfExists;
import io.stele.app.http.QueryChoices;
import io.stele.app.security.Operation.Api;
import io.stele.storage.ArtifactType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.Operation;
import org.eclipse.microprofile.openapi.models.media.Schema;
import org.eclipse.microprofile.openapi.models.parameters.Parameter;
import org.eclipse.microprofile.openapi.models.responses.APIResponse;

/**
 * Describes Apicurio Registry's v2 and v3 APIs in {@code /q/openapi} as they are served: each id a
 * whole number, the content as bytes, and every error in the API's own body (v3's {@code
 * ProblemDetails}, v2's {@code Error}) with the statuses an operation can answer.
 */
public final class RegistryDocument {

    static final String PROBLEM_DETAILS = "ProblemDetails";
    static final String V2_ERROR = "RegistryV2Error";
    private static final String ZIP = "application/zip";

    /** What a 409 from creating an artifact means, on either API. */
    public static final String CREATE_CONFLICT =
            "The artifact exists and ifExists is FAIL, the content breaks a rule, or"
                    + " it is of another type than the artifact.";

    /** What a 405 from a v3 deletion means. */
    public static final String DELETES_OFF = "Deletion is not enabled on this API (stele.api.v3-deletes).";

    /** What a 409 from a change to the {@code latest} branch means. */
    public static final String SYSTEM_BRANCH =
            "The branch is 'latest', which the registry keeps itself: it cannot be changed or deleted.";

    /** What a 405 from a v2 version's deletion means. */
    public static final String V2_VERSION_DELETES_OFF =
            "Deleting one version is not enabled on this API (stele.api.v2-version-deletes).";

    private static final Map<String, String> ERRORS = Map.of(
            "400",
                    "An id is not a whole number, a version expression neither a version nor a branch, a query"
                            + " parameter asks for what is not served, or the content sent is empty, not of its"
                            + " type, or references what does not exist.",
            "404", "The group, artifact, branch, version, globalId, contentId or content hash named does not exist.",
            "413", "The body is larger than stele.api.max-content-size.",
            "503", "The storage backend is unavailable; retry later.");

    private RegistryDocument() {}

    /** Adds the error bodies and constrains every operation under {@code /apis/registry}. */
    public static void describe(OpenAPI api) {
        api.getComponents().addSchema(PROBLEM_DETAILS, problemDetails());
        api.getComponents().addSchema(V2_ERROR, v2Error());
        for (String root : List.of(Api.REGISTRY_V3_PATH, Api.REGISTRY_V2_PATH)) {
            api.getPaths()
                    .addPathItem(
                            root + "/admin/import", OASFactory.createPathItem().POST(importOperation(root)));
        }
        api.getPaths().getPathItems().forEach((path, item) -> {
            boolean v3 = path.startsWith(Api.REGISTRY_V3_PATH + "/");
            if (!v3 && !path.startsWith(Api.REGISTRY_V2_PATH + "/")) {
                return;
            }
            Place place = Place.of(path, v3);
            item.getOperations().forEach((method, operation) -> describe(operation, place));
        });
    }

    /**
     * What a path's operations take, where that differs between paths.
     *
     * @param asRegistered content by its id is served as registered only; a version's content in
     *     every form
     * @param triable creating an artifact or a version can be tried out; a change of state cannot
     * @param artifactIdFilter the search of artifacts takes an artifactId as a filter; the search
     *     of versions needs one
     * @param canonical whether {@code canonical=true} is served: not by v2's search by content
     * @param orders the values its {@code orderby} takes, or null when it takes none
     * @param keyedLabels its {@code labels} (v3) or {@code properties} (v2) filter by key and value
     */
    private record Place(
            boolean v3,
            boolean asRegistered,
            boolean triable,
            boolean artifactIdFilter,
            boolean canonical,
            List<String> orders,
            boolean keyedLabels) {

        static Place of(String path, boolean v3) {
            boolean search = path.endsWith("/search/artifacts");
            List<String> orders = v3 && (search || path.endsWith("/groups/{groupId}/artifacts"))
                    ? ArtifactSearch.ORDERS
                    : search || path.endsWith("/groups/{groupId}/artifacts")
                            ? SearchV2Resource.ORDERS
                            : path.endsWith("/groups") || path.endsWith("/search/groups")
                                    ? GroupsResource.ORDERS
                                    : path.endsWith("/search/versions")
                                            ? QueryChoices.names(VersionSearch.Order.class)
                                            : path.endsWith("/versions") ? ArtifactResource.VERSION_ORDERS : null;
            return new Place(
                    v3,
                    path.contains("/ids/contentIds/"),
                    !path.endsWith("/state"),
                    search,
                    v3 || !search,
                    orders,
                    search || v3 && path.endsWith("/search/versions"));
        }
    }

    private static void describe(Operation operation, Place place) {
        boolean v3 = place.v3();
        for (Parameter p : operation.getParameters() == null ? List.<Parameter>of() : operation.getParameters()) {
            switch (p.getName()) {
                case "globalId", "contentId" ->
                    p.setSchema(OASFactory.createSchema()
                            .type(List.of(Schema.SchemaType.INTEGER))
                            .format("int64"));
                case "version" ->
                    p.setSchema(string().pattern(DefaultGroup.V2_VERSION)
                            .description("A version number, or 'latest' for the artifact's latest version."));
                case "branchId" ->
                    p.setSchema(string().pattern(BranchesResource.ID)
                            .description("A branch of the artifact's versions: 'latest' is served."));
                case "state" -> {
                    if (p.getIn() == Parameter.In.QUERY) {
                        p.setSchema(
                                string().enumeration(new ArrayList<>(QueryChoices.names(VersionSearch.State.class))));
                    }
                }
                case "versionExpression" ->
                    p.setSchema(string().pattern(DefaultGroup.EXPRESSION)
                            .description("A version number, or a branch as branch={branchId}: 'latest' is served."));
                case "refType" ->
                    p.setSchema(string().enumeration(new ArrayList<>(QueryChoices.names(IdLookups.ReferenceType.class)))
                            .defaultValue(IdLookups.ReferenceType.OUTBOUND.name()));
                case "references" ->
                    p.setSchema(string().enumeration(new ArrayList<>(
                                    place.asRegistered()
                                            ? List.of(ReferencedContent.Handling.PRESERVE.name())
                                            : QueryChoices.names(ReferencedContent.Handling.class)))
                            .defaultValue(ReferencedContent.Handling.PRESERVE.name()));
                case "dereference", "dryRun", "canonical", "forBrowser" ->
                    p.setSchema(OASFactory.createSchema()
                            .type(List.of(Schema.SchemaType.BOOLEAN))
                            .enumeration(
                                    p.getName().equals("dryRun") && !place.triable()
                                                    || p.getName().equals("canonical") && !place.canonical()
                                            ? List.of(false)
                                            : List.of(true, false))
                            .defaultValue(false));
                case "ifExists" ->
                    p.setSchema(string().enumeration(new ArrayList<>(
                                    v3
                                            ? QueryChoices.names(GroupArtifactsResource.IfArtifactExists.class)
                                            : QueryChoices.names(IfExists.class)))
                            .defaultValue("FAIL"));
                case "artifactType", "X-Registry-ArtifactType" ->
                    p.setSchema(string().enumeration(new ArrayList<>(QueryChoices.names(ArtifactType.class))));
                case "artifactId" -> {
                    if (place.artifactIdFilter() && p.getIn() == Parameter.In.QUERY) {
                        p.setSchema(
                                string().description("An artifact's id, or a pattern in which * matches any text."));
                    } else {
                        p.setRequired(true);
                    }
                }
                case "labels", "properties" -> {
                    // v3's labels and v2's properties filter by key and value; v2's labels are v1's
                    if (place.keyedLabels() && v3 == p.getName().equals("labels")) {
                        p.setSchema(OASFactory.createSchema()
                                .type(List.of(Schema.SchemaType.ARRAY))
                                .items(string().pattern(ArtifactCriteria.Entry.PATTERN)
                                        .description("key (any value), or key:value, in any case")));
                    }
                }
                case "offset" -> p.setSchema(integer(0));
                case "limit" -> p.setSchema(integer(1));
                case "order" -> p.setSchema(string().enumeration(new ArrayList<>(List.of("asc", "desc"))));
                case "orderby" -> {
                    if (place.orders() != null) {
                        p.setSchema(string().enumeration(new ArrayList<>(place.orders())));
                    }
                }
                default -> {}
            }
        }
        APIResponse ok = operation.getResponses().getAPIResponse("200");
        if (ok != null && (ok.getContent() == null || ok.getContent().hasMediaType("*/*"))) {
            // the content as registered, in its type's media type: any bytes, described by no schema
            ok.description("The content: as registered, or with its references handled as asked.")
                    .content(OASFactory.createContent().addMediaType("*/*", OASFactory.createMediaType()));
        }
        String ref = "#/components/schemas/" + (v3 ? PROBLEM_DETAILS : V2_ERROR);
        boolean names = operation.getParameters() != null
                && operation.getParameters().stream().anyMatch(p -> p.getIn() == Parameter.In.PATH);
        ERRORS.forEach((status, description) -> {
            boolean zip = operation.getRequestBody() != null
                    && operation.getRequestBody().getContent().hasMediaType(ZIP);
            // an export's entries may each be twice stele.api.max-content-size; the whole any size
            if (status.equals("404") && !names || status.equals("413") && (operation.getRequestBody() == null || zip)) {
                return; // a search names nothing that could be missing, and only a body can be too large
            }
            operation
                    .getResponses()
                    .addAPIResponse(status, OASFactory.createAPIResponse().description(description));
        });
        operation.getResponses().getAPIResponses().forEach((status, response) -> {
            if (status.compareTo("400") >= 0) { // every error, in this API's own body
                response.content(OASFactory.createContent()
                        .addMediaType(
                                "application/json",
                                OASFactory.createMediaType()
                                        .schema(OASFactory.createSchema().ref(ref))));
            }
        });
    }

    /**
     * The import, which a route of its own serves ahead of JAX-RS, so that an export of any size
     * streams to a file ({@code io.stele.app.apicurio.zip.ApicurioImportRoute}).
     */
    private static Operation importOperation(String root) {
        Schema yes = OASFactory.createSchema()
                .type(List.of(Schema.SchemaType.BOOLEAN))
                .enumeration(List.of(true))
                .defaultValue(true)
                .description("Ids are always kept: true, or left out.");
        return OASFactory.createOperation()
                .operationId(root.endsWith("v3") ? "importData" : "importDataV2")
                .summary("Imports an export of Apicurio Registry 1.x, 2.x or 3.x, its zip, keeping every id.")
                .addParameter(OASFactory.createParameter()
                        .name("requireEmptyRegistry")
                        .in(Parameter.In.QUERY)
                        .schema(OASFactory.createSchema()
                                .type(List.of(Schema.SchemaType.BOOLEAN))
                                .defaultValue(true)))
                .addParameter(OASFactory.createParameter()
                        .name("X-Registry-Preserve-GlobalId")
                        .in(Parameter.In.HEADER)
                        .schema(yes))
                .addParameter(OASFactory.createParameter()
                        .name("X-Registry-Preserve-ContentId")
                        .in(Parameter.In.HEADER)
                        .schema(yes))
                .requestBody(OASFactory.createRequestBody()
                        .required(true)
                        .content(OASFactory.createContent()
                                .addMediaType(ZIP, OASFactory.createMediaType().schema(string().format("binary")))))
                .responses(OASFactory.createAPIResponses()
                        .addAPIResponse("204", OASFactory.createAPIResponse().description("Every entry was stored."))
                        .addAPIResponse(
                                "409",
                                OASFactory.createAPIResponse()
                                        .description("The registry is not empty and requireEmptyRegistry is"
                                                + " true, or an artifact, version or id of the export exists.")));
    }

    private static Schema problemDetails() {
        return OASFactory.createSchema()
                .type(List.of(Schema.SchemaType.OBJECT))
                .description("An error, as Apicurio Registry's v3 API writes it.")
                .required(List.of("status", "title"))
                .addProperty("status", integer())
                .addProperty("title", string())
                .addProperty("detail", string())
                .addProperty("name", string());
    }

    private static Schema v2Error() {
        return OASFactory.createSchema()
                .type(List.of(Schema.SchemaType.OBJECT))
                .description("An error, as Apicurio Registry's v2 API writes it.")
                .required(List.of("error_code", "message"))
                .addProperty("error_code", integer())
                .addProperty("message", string())
                .addProperty("name", string());
    }

    private static Schema integer() {
        return OASFactory.createSchema()
                .type(List.of(Schema.SchemaType.INTEGER))
                .format("int32");
    }

    /** A whole number in {@code int}'s range, at least {@code minimum}. */
    private static Schema integer(int minimum) {
        return OASFactory.createSchema()
                .type(List.of(Schema.SchemaType.INTEGER))
                .format("int32")
                .minimum(java.math.BigDecimal.valueOf(minimum));
    }

    private static Schema string() {
        return OASFactory.createSchema().type(List.of(Schema.SchemaType.STRING));
    }
}
