package io.stele.app.apicurio.v3;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.stele.app.http.Paging;
import io.stele.app.http.QueryChoices;
import io.stele.app.security.Needs;
import io.stele.app.security.Operation.Api;
import io.stele.app.security.Role;
import io.stele.storage.InvalidRequestException;
import io.stele.storage.NotFoundException;
import io.vertx.core.http.HttpServerRequest;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

/**
 * {@code /apis/registry/v3/groups}: the groups themselves. Every artifact is in the default group
 * (ADR 0034), which Apicurio keeps as no group at all: its list and search of groups do not show
 * it, and reading it as a group is a 404. Stele answers the same: no group is listed or found, and
 * a group cannot be created yet, since only the default group holds artifacts.
 */
@Path(Api.REGISTRY_V3_PATH + "/groups")
public class GroupsResource {

    /** The values of {@code orderby} Apicurio's {@code GroupSortBy} has. */
    static final List<String> ORDERS = List.of("groupId", "createdOn", "modifiedOn");

    @Inject
    Registrations registrations;

    /**
     * Apicurio v3 {@code SearchedGroup} and {@code GroupMetaData}: a group, as a listing and a
     * read show it.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record SearchedGroup(
            String groupId,
            String description,
            String owner,
            String createdOn,
            String modifiedBy,
            String modifiedOn,
            Map<String, String> labels) {}

    /** Apicurio v3 {@code GroupSearchResults}: how many groups were found, and those on this page. */
    public record GroupSearchResults(int count, List<SearchedGroup> groups) {}

    /** Apicurio v3 {@code CreateGroup}: the group to create. */
    public record CreateGroup(String groupId, String description, Map<String, String> labels) {}

    @Needs(Role.READ_ONLY)
    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public GroupSearchResults listGroups(
            @QueryParam("offset") String offset,
            @QueryParam("limit") String limit,
            @QueryParam("order") String order,
            @QueryParam("orderby") String orderby,
            @Context HttpServerRequest request) {
        return none(request);
    }

    @Needs(Role.DEVELOPER)
    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    @APIResponse(responseCode = "400", description = "Always: groups other than the default one are not kept yet.")
    public SearchedGroup createGroup(CreateGroup body) {
        if (body == null || body.groupId() == null || body.groupId().isBlank()) {
            throw new InvalidRequestException("The request body must name the group: {\"groupId\": \"payments\"}.");
        }
        if (DefaultGroup.isDefault(body.groupId())) {
            throw new InvalidRequestException("The group name '" + body.groupId() + "' is reserved.");
        }
        throw new InvalidRequestException("Groups other than '" + DefaultGroup.NAME
                + "' are not kept yet: every artifact is in the default group.");
    }

    @Needs(Role.READ_ONLY)
    @GET
    @Path("{groupId}")
    @Produces(MediaType.APPLICATION_JSON)
    public SearchedGroup getGroupById(@PathParam("groupId") String groupId) {
        throw noGroup(groupId);
    }

    @Needs(Role.DEVELOPER)
    @DELETE
    @Path("{groupId}")
    @APIResponse(responseCode = "204", description = "The group is deleted; never so far, since no group is kept yet.")
    @APIResponse(responseCode = "405", description = RegistryDocument.DELETES_OFF)
    public void deleteGroupById(@PathParam("groupId") String groupId) {
        registrations.requireDeletes("Group");
        throw noGroup(groupId);
    }

    /**
     * The groups a list or search finds: none, once the request's paging and ordering have been
     * checked.
     *
     * @throws InvalidRequestException when {@code offset}, {@code limit}, {@code order} or {@code
     *     orderby} is not a value they take
     */
    static GroupSearchResults none(HttpServerRequest request) {
        Paging.page(request, Integer.MAX_VALUE);
        Paging.descending(request);
        QueryChoices.of(request, "orderby", ORDERS);
        return new GroupSearchResults(0, List.of());
    }

    private static NotFoundException noGroup(String groupId) {
        return new NotFoundException(
                NotFoundException.Missing.GROUP,
                "No group '" + groupId + "': the default group holds every artifact, and is no group of its own.");
    }
}
