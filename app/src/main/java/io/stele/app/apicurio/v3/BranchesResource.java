package io.stele.app.apicurio.v3;

import io.stele.app.artifacts.ApiConfig;
import io.stele.app.artifacts.ArtifactService;
import io.stele.app.http.Paging;
import io.stele.app.security.Needs;
import io.stele.app.security.Operation.Api;
import io.stele.app.security.Role;
import io.stele.app.storage.StorageProvider;
import io.stele.storage.InvalidRequestException;
import io.stele.storage.NotFoundException;
import io.stele.storage.PageRequest;
import io.stele.storage.StoredVersion;
import io.vertx.core.http.HttpServerRequest;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import java.util.regex.Pattern;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

/**
 * {@code /apis/registry/v3/groups/{groupId}/artifacts/{artifactId}/branches}: an artifact's
 * branches, as Apicurio 3 lists them. Stele keeps one, the system-defined {@code latest}, which every
 * version joins as it is added: it is listed, read and its versions listed newest first, as in
 * Apicurio; changing or deleting it answers 409 {@code NotAllowedException}, as there. Branches of
 * one's own are not kept, so creating one answers 400 (docs/apicurio-v2-v3.md), and any other name
 * answers 404 {@code BranchNotFoundException}.
 */
@Path(Api.REGISTRY_V3_PATH + "/groups/{groupId}/artifacts/{artifactId}/branches")
@Produces(MediaType.APPLICATION_JSON)
public class BranchesResource {

    /** The branch every version joins. */
    public static final String LATEST = "latest";

    /** What a branch's id may be, as Apicurio's {@code BranchId} says. */
    public static final String ID = "^[a-zA-Z0-9._\\-+]{1,256}$";

    private static final Pattern ID_PATTERN = Pattern.compile(ID);

    /**
     * Apicurio's {@code BranchMetaData}, and its {@code SearchedBranch} in a listing: the {@code
     * latest} branch began with the artifact's first version, by its creator, and is the registry's
     * own ({@code systemDefined}). The default group is written as no {@code groupId}.
     */
    public record BranchMetaData(
            String groupId,
            @Schema(required = true) String artifactId,
            @Schema(required = true) String branchId,
            String description,
            @Schema(required = true) String owner,
            @Schema(required = true) String createdOn,
            @Schema(required = true) String modifiedBy,
            @Schema(required = true) String modifiedOn,
            @Schema(required = true) boolean systemDefined) {}

    /** Apicurio's {@code BranchSearchResults}. */
    public record BranchSearchResults(int count, List<BranchMetaData> branches) {}

    /** Apicurio's {@code CreateBranch}. */
    public record CreateBranch(@Schema(required = true) String branchId, String description, List<String> versions) {}

    /** Apicurio's {@code EditableBranchMetaData}. */
    public record EditableBranchMetaData(String description) {}

    /** Apicurio's {@code AddVersionToBranch}. */
    public record AddVersionToBranch(@Schema(required = true) String version) {}

    /** Apicurio's {@code ReplaceBranchVersions}. */
    public record ReplaceBranchVersions(@Schema(required = true) List<String> versions) {}

    @Inject
    ArtifactService artifacts;

    @Inject
    StorageProvider provider;

    @Inject
    ApiConfig config;

    @Needs(Role.READ_ONLY)
    @GET
    public BranchSearchResults listBranches(
            @PathParam("groupId") String groupId,
            @PathParam("artifactId") String artifactId,
            @QueryParam("offset") String offset,
            @QueryParam("limit") String limit,
            @Context HttpServerRequest request) {
        DefaultGroup.requireDefault(groupId, artifactId);
        PageRequest page = Paging.page(request, config.maxListedIds());
        BranchMetaData latest = latest(artifactId);
        return new BranchSearchResults(1, page.offset() == 0 ? List.of(latest) : List.of());
    }

    @Needs(Role.DEVELOPER)
    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @APIResponse(responseCode = "200", description = "Apicurio's answer for a branch created; Stele creates none.")
    @APIResponse(responseCode = "409", description = RegistryDocument.SYSTEM_BRANCH)
    public BranchMetaData createBranch(
            @PathParam("groupId") String groupId, @PathParam("artifactId") String artifactId, CreateBranch body) {
        DefaultGroup.requireDefault(groupId, artifactId);
        artifacts.existing(artifactId);
        if (body == null || body.branchId() == null) {
            throw new InvalidRequestException("The request body must name the branch to create, as branchId.");
        }
        String id = body.branchId();
        requireId(id);
        if (id.equals(LATEST)) {
            throw new SystemBranchException("The branch 'latest' of artifact '" + artifactId
                    + "' exists already: the registry keeps it, and every version joins it.");
        }
        throw new InvalidRequestException("Branches of one's own are not kept: the branch served is 'latest', which"
                + " every version joins as it is added.");
    }

    @Needs(Role.READ_ONLY)
    @GET
    @Path("{branchId}")
    public BranchMetaData getBranchMetaData(
            @PathParam("groupId") String groupId,
            @PathParam("artifactId") String artifactId,
            @PathParam("branchId") String branchId) {
        requireLatest(groupId, artifactId, branchId);
        return latest(artifactId);
    }

    @Needs(Role.DEVELOPER)
    @PUT
    @Path("{branchId}")
    @Consumes(MediaType.APPLICATION_JSON)
    @APIResponse(responseCode = "204", description = "Apicurio's answer for a branch changed; Stele changes none.")
    @APIResponse(responseCode = "409", description = RegistryDocument.SYSTEM_BRANCH)
    public void updateBranchMetaData(
            @PathParam("groupId") String groupId,
            @PathParam("artifactId") String artifactId,
            @PathParam("branchId") String branchId,
            EditableBranchMetaData body) {
        requireLatest(groupId, artifactId, branchId);
        throw unchangeable("modified");
    }

    @Needs(Role.DEVELOPER)
    @DELETE
    @Path("{branchId}")
    @APIResponse(responseCode = "204", description = "Apicurio's answer for a branch changed; Stele changes none.")
    @APIResponse(responseCode = "409", description = RegistryDocument.SYSTEM_BRANCH)
    public void deleteBranch(
            @PathParam("groupId") String groupId,
            @PathParam("artifactId") String artifactId,
            @PathParam("branchId") String branchId) {
        requireLatest(groupId, artifactId, branchId);
        throw unchangeable("deleted");
    }

    @Needs(Role.READ_ONLY)
    @GET
    @Path("{branchId}/versions")
    public VersionMetaData.SearchResults listBranchVersions(
            @PathParam("groupId") String groupId,
            @PathParam("artifactId") String artifactId,
            @PathParam("branchId") String branchId,
            @QueryParam("offset") String offset,
            @QueryParam("limit") String limit,
            @Context HttpServerRequest request) {
        requireLatest(groupId, artifactId, branchId);
        return ArtifactResource.newestFirst(provider, artifactId, Paging.page(request, config.maxListedIds()));
    }

    @Needs(Role.DEVELOPER)
    @PUT
    @Path("{branchId}/versions")
    @Consumes(MediaType.APPLICATION_JSON)
    @APIResponse(responseCode = "204", description = "Apicurio's answer for a branch changed; Stele changes none.")
    @APIResponse(responseCode = "409", description = RegistryDocument.SYSTEM_BRANCH)
    public void replaceBranchVersions(
            @PathParam("groupId") String groupId,
            @PathParam("artifactId") String artifactId,
            @PathParam("branchId") String branchId,
            ReplaceBranchVersions body) {
        requireLatest(groupId, artifactId, branchId);
        throw unchangeable("modified");
    }

    @Needs(Role.DEVELOPER)
    @POST
    @Path("{branchId}/versions")
    @Consumes(MediaType.APPLICATION_JSON)
    @APIResponse(responseCode = "204", description = "Apicurio's answer for a branch changed; Stele changes none.")
    @APIResponse(responseCode = "409", description = RegistryDocument.SYSTEM_BRANCH)
    public void addVersionToBranch(
            @PathParam("groupId") String groupId,
            @PathParam("artifactId") String artifactId,
            @PathParam("branchId") String branchId,
            AddVersionToBranch body) {
        requireLatest(groupId, artifactId, branchId);
        throw unchangeable("modified");
    }

    /** The {@code latest} branch of an artifact, from its first version: 404 when it has none. */
    private BranchMetaData latest(String artifactId) {
        List<StoredVersion> first = provider.storage()
                .search()
                .versions(artifactId, new PageRequest(0, 1))
                .items();
        if (first.isEmpty()) {
            throw NotFoundException.artifact(artifactId);
        }
        StoredVersion v = first.get(0);
        String on = v.createdOn().toString();
        return new BranchMetaData(null, artifactId, LATEST, null, v.createdBy(), on, v.createdBy(), on, true);
    }

    /** Refuses a malformed branch id (400), and any branch but {@code latest} of an artifact that exists (404). */
    private void requireLatest(String groupId, String artifactId, String branchId) {
        requireId(branchId);
        DefaultGroup.requireDefault(groupId, artifactId);
        if (!branchId.equals(LATEST)) {
            throw new NotFoundException(
                    NotFoundException.Missing.BRANCH,
                    "No branch '" + branchId + "' in artifact '" + artifactId + "' was found: the branch served is"
                            + " 'latest'.");
        }
        try {
            artifacts.existing(artifactId);
        } catch (NotFoundException e) {
            throw new NotFoundException(
                    NotFoundException.Missing.BRANCH,
                    "No branch 'latest' in artifact '" + artifactId + "' was found: no such artifact.");
        }
    }

    private static void requireId(String branchId) {
        if (!ID_PATTERN.matcher(branchId).matches()) {
            throw new InvalidRequestException("Branch ID '" + branchId + "' is invalid. It must consist of letters,"
                    + " digits or '._-+', and have length 1..256 (inclusive).");
        }
    }

    private static SystemBranchException unchangeable(String how) {
        return new SystemBranchException("System generated branches cannot be " + how + ".");
    }
}
