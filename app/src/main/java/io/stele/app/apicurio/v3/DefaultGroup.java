package io.stele.app.apicurio.v3;

import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import io.stele.app.apicurio.v1.ContentResponses;
import io.stele.app.apicurio.v3.IdLookups.ArtifactReference;
import io.stele.app.artifacts.ApiConfig;
import io.stele.app.artifacts.VersionStates;
import io.stele.app.http.Paging;
import io.stele.app.http.QueryChoices;
import io.stele.app.storage.StorageProvider;
import io.stele.storage.ArtifactQuery;
import io.stele.storage.InvalidRequestException;
import io.stele.storage.NotFoundException;
import io.stele.storage.Page;
import io.stele.storage.RuleScope;
import io.stele.storage.StoredArtifact;
import io.stele.storage.StoredVersion;
import io.vertx.core.http.HttpServerRequest;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.core.Response;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;

/**
 * Versions as Apicurio's v2 and v3 APIs name them: by group, artifact id and version expression.
 * Every artifact is in the default group (ADR 0034), which a request names {@code default} in any
 * case; another group holds nothing. A version expression is a version number or {@code
 * branch=latest}, the one branch served.
 */
@ApplicationScoped
public class DefaultGroup {

    /** The name a request gives the default group. */
    public static final String NAME = "default";

    private static final String LATEST = "branch=latest";

    /** What a v2 version may be: a version number, or {@code latest}. */
    public static final String V2_VERSION = "^([1-9][0-9]{0,8}|latest)$";

    /** What a version expression may be: a version number, or {@code branch=} and a branch's name. */
    public static final String EXPRESSION = "^([1-9][0-9]{0,8}|branch=.+)$";

    @Inject
    StorageProvider provider;

    @Inject
    ContentResponses responses;

    @Inject
    IdLookups ids;

    @Inject
    VersionStates states;

    @Inject
    ApiConfig config;

    @Inject
    ReferencedContent referenced;

    /**
     * The content of the version an expression names, with its references handled as the request
     * asks ({@link ReferencedContent}), loaded on a worker thread; 404 for a DISABLED one, and 304
     * when {@code ifNoneMatch} names its ETag.
     */
    public Uni<Response> content(
            String groupId,
            String artifactId,
            String expression,
            ReferencedContent.Handling handling,
            String ifNoneMatch,
            HttpServerRequest request) {
        return referenced.version(() -> version(groupId, artifactId, expression), handling, ifNoneMatch, request);
    }

    /** What {@code describe} makes of the version an expression names, loaded on a worker thread. */
    public <T> Uni<T> described(
            String groupId, String artifactId, String expression, Function<StoredVersion, T> describe) {
        return Uni.createFrom()
                .item(() -> describe.apply(version(groupId, artifactId, expression)))
                .runSubscriptionOn(Infrastructure.getDefaultWorkerPool());
    }

    /** The references of the version an expression names, loaded on a worker thread. */
    public Uni<List<ArtifactReference>> references(
            String groupId, String artifactId, String expression, HttpServerRequest request) {
        return ids.referencesOf(() -> version(groupId, artifactId, expression), request);
    }

    /**
     * The default group's artifacts by name, in the window and order the request's {@code offset},
     * {@code limit} and {@code order} ask for.
     *
     * @param orders the values of {@code orderby} that list by name, on the API asked
     * @throws NotFoundException when the group is not the default one
     * @throws InvalidRequestException when a query parameter is not one the listing takes
     */
    public Page<StoredArtifact> artifacts(String groupId, HttpServerRequest request, List<String> orders) {
        requireDefaultGroup(groupId);
        QueryChoices.of(
                request,
                "orderby",
                orders,
                value -> "orderby must be one of " + String.join(", ", orders) + " (artifacts are listed by name),"
                        + " was '" + value + "'.");
        return provider.storage()
                .search()
                .artifacts(new ArtifactQuery(
                        Optional.empty(),
                        ArtifactQuery.Over.EVERYTHING,
                        Paging.descending(request),
                        Paging.page(request, config.maxListedIds())));
    }

    /**
     * Sets the state of the version an expression names.
     *
     * @throws NotFoundException when the group, artifact or version does not exist
     */
    public void changeState(String groupId, String artifactId, String expression, VersionStates.Requested state) {
        states.change(
                artifactId, Optional.of(version(groupId, artifactId, expression).version()), state);
    }

    /**
     * Deletes the version an expression names.
     *
     * @throws NotFoundException when the group, artifact, branch or version does not exist
     * @throws InvalidRequestException when the expression is neither a version nor a branch
     * @throws io.stele.storage.ReferenceExistsException when another version references it
     */
    public void deleteVersion(String groupId, String artifactId, String expression) {
        provider.storage()
                .versions()
                .delete(artifactId, version(groupId, artifactId, expression).version());
    }

    /**
     * The version an expression names, in any state.
     *
     * @throws NotFoundException when the group, artifact, branch or version does not exist
     * @throws InvalidRequestException when the expression is neither a version nor a branch
     */
    public StoredVersion version(String groupId, String artifactId, String expression) {
        requireDefault(groupId, artifactId);
        if (expression.equals(LATEST)) {
            return provider.storage()
                    .versions()
                    .latest(artifactId)
                    .orElseThrow(() -> NotFoundException.artifact(artifactId));
        }
        if (expression.startsWith("branch=")) {
            throw new NotFoundException(
                    NotFoundException.Missing.VERSION,
                    "No branch '" + expression.substring("branch=".length()) + "' of artifact '" + artifactId
                            + "': the branch served is 'latest'.");
        }
        int version = number(expression, "version expression", "'branch=latest'");
        return provider.storage()
                .versions()
                .get(artifactId, version)
                .orElseThrow(() -> NotFoundException.version(artifactId, version));
    }

    /**
     * The version expression a v2 API's version names: {@code latest} is the latest version, and
     * anything else must be a version number.
     */
    public static String v2Expression(String version) {
        if (version.equals("latest")) {
            return LATEST;
        }
        number(version, "version", "'latest'");
        return version;
    }

    /**
     * Refuses a group other than the default one.
     *
     * @throws NotFoundException naming the artifact in that group
     */
    public static void requireDefault(String groupId, String artifactId) {
        if (!isDefault(groupId)) {
            throw new NotFoundException(
                    NotFoundException.Missing.ARTIFACT,
                    "No artifact '" + artifactId + "' in group '" + groupId + "': every artifact is in the group '"
                            + NAME + "'.");
        }
    }

    /**
     * The rules of an artifact named by group and id.
     *
     * @throws NotFoundException naming the artifact, when the group is not the default one
     */
    public static RuleScope ruleScope(String groupId, String artifactId) {
        requireDefault(groupId, artifactId);
        return RuleScope.artifact(artifactId);
    }

    /**
     * Refuses a group other than the default one, where a request acts on the group itself, such as
     * creating an artifact in it.
     *
     * @throws NotFoundException naming the group
     */
    public static void requireDefaultGroup(String groupId) {
        if (!isDefault(groupId)) {
            throw new NotFoundException(
                    NotFoundException.Missing.GROUP,
                    "No group '" + groupId + "': artifacts are kept in the group '" + NAME + "' alone.");
        }
    }

    /** Whether a group's name, as a request gives it, names the default group: null does too. */
    public static boolean isDefault(String groupId) {
        return groupId == null || groupId.toLowerCase(Locale.ROOT).equals(NAME);
    }

    private static int number(String expression, String what, String otherwise) {
        try {
            int version = Integer.parseInt(expression);
            if (version > 0) {
                return version;
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw new InvalidRequestException(
                "The " + what + " must be a version number or " + otherwise + ", was '" + expression + "'.");
    }
}
