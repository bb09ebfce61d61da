package io.stele.app.apicurio.v3;

import io.stele.app.artifacts.ApiConfig;
import io.stele.app.http.Paging;
import io.stele.app.http.QueryChoices;
import io.stele.app.storage.StorageProvider;
import io.stele.storage.ArtifactType;
import io.stele.storage.InvalidRequestException;
import io.stele.storage.NotFoundException;
import io.stele.storage.PageRequest;
import io.stele.storage.StoredVersion;
import io.vertx.core.http.HttpServerRequest;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * {@code GET /apis/registry/v3/search/versions}: versions by Apicurio 3's filters. The versions
 * searched are one artifact's ({@code artifactId}, required, as by the search by content); a search
 * without one is refused with 400 rather than answered by reading every version of every artifact.
 * Within them:
 *
 * <ul>
 *   <li>{@code globalId}, {@code contentId}: the version with that globalId, those of that content;
 *   <li>{@code version}: the version of that number; {@code state} and {@code artifactType}: of
 *       that state and type ({@code DRAFT} matches none: Stele keeps no drafts);
 *   <li>{@code name}: whose name is the value, case included, a leading or trailing {@code *}
 *       matching any text; {@code description}: whose description holds the text, in any case;
 *   <li>{@code labels}, each {@code key} or {@code key:value}, as in the search of artifacts
 *       ({@link ArtifactCriteria.Entry});
 *   <li>{@code groupId}: the default group holds every version, another none.
 * </ul>
 *
 * <p>Results are ordered by {@code orderby} ({@code globalId} unless told), then by globalId, a
 * page at a time, as Apicurio orders them.
 */
@ApplicationScoped
public class VersionSearch {

    /** Apicurio's {@code VersionState}, as the {@code state} filter takes it. */
    enum State {
        ENABLED,
        DISABLED,
        DEPRECATED,
        DRAFT
    }

    /** Apicurio's {@code VersionSortBy}: each order, as a comparison of two versions. */
    enum Order {
        groupId(v -> ""),
        artifactId(StoredVersion::artifactId),
        version(StoredVersion::version),
        name(v -> v.meta().name().orElse("")),
        createdOn(StoredVersion::createdOn),
        modifiedOn(StoredVersion::modifiedOn),
        globalId(StoredVersion::globalId);

        final Comparator<StoredVersion> comparison;

        <T extends Comparable<? super T>> Order(Function<StoredVersion, T> key) {
            this.comparison = Comparator.comparing(key).thenComparingLong(StoredVersion::globalId);
        }
    }

    @Inject
    StorageProvider provider;

    @Inject
    ApiConfig config;

    /**
     * The versions the request's filters keep, in the window and order it asks for.
     *
     * @throws InvalidRequestException when the search names no artifact, or a filter's value is not
     *     one it takes
     */
    public VersionMetaData.SearchResults search(HttpServerRequest request) {
        if (request.getParam("artifactId") == null) {
            throw new InvalidRequestException(
                    "Searching versions needs an artifactId: the versions of one artifact are searched.");
        }
        Order order = QueryChoices.of(request, "orderby", Order.class).orElse(Order.globalId);
        boolean descending = Paging.descending(request);
        PageRequest page = Paging.page(request, config.maxListedIds());
        Optional<State> state = QueryChoices.of(request, "state", State.class);
        Optional<ArtifactType> type = QueryChoices.of(request, "artifactType", ArtifactType.class);
        List<Predicate<StoredVersion>> checks = new ArrayList<>();
        state.ifPresent(s -> checks.add(v -> v.state().name().equals(s.name())));
        type.ifPresent(t -> checks.add(v -> v.type() == t));
        text(request, "version")
                .ifPresent(n -> checks.add(v -> Integer.toString(v.version()).equals(n)));
        text(request, "name").ifPresent(n -> {
            ArtifactCriteria.Glob glob = ArtifactCriteria.Glob.atEnds(n);
            checks.add(v -> glob.matches(v.meta().name()));
        });
        text(request, "description").ifPresent(d -> {
            String wanted = d.toLowerCase(Locale.ROOT);
            checks.add(v -> v.meta()
                    .description()
                    .map(text -> text.toLowerCase(Locale.ROOT).contains(wanted))
                    .orElse(false));
        });
        for (String filter : request.params().getAll("labels")) {
            if (!filter.isBlank()) {
                ArtifactCriteria.Entry entry = ArtifactCriteria.Entry.parse("labels", filter);
                checks.add(v -> entry.in(VersionMetaData.labels(v)));
            }
        }
        String group = request.getParam("groupId");
        Stream<StoredVersion> found = group != null && !group.isEmpty() && !DefaultGroup.isDefault(group)
                ? Stream.empty()
                : candidates(request).stream();
        Comparator<StoredVersion> comparison = descending ? order.comparison.reversed() : order.comparison;
        List<StoredVersion> kept = found.filter(v -> checks.stream().allMatch(c -> c.test(v)))
                .sorted(comparison)
                .toList();
        List<VersionMetaData> shown = kept.stream()
                .skip(page.offset())
                .limit(page.limit())
                .map(VersionMetaData::searched)
                .toList();
        return new VersionMetaData.SearchResults(kept.size(), shown);
    }

    /** The versions of the artifact named, narrowed by globalId and contentId when given. */
    private List<StoredVersion> candidates(HttpServerRequest request) {
        String artifactId = request.getParam("artifactId");
        if (artifactId.isEmpty()) {
            return List.of(); // no artifact has an empty id
        }
        Optional<Long> globalId = text(request, "globalId").map(id -> IdLookups.parse("globalId", id));
        Optional<Long> contentId = text(request, "contentId").map(id -> IdLookups.parse("contentId", id));
        List<StoredVersion> versions;
        try {
            versions = provider.storage()
                    .search()
                    .versions(artifactId, new PageRequest(0, PageRequest.MAX_LIMIT))
                    .items();
        } catch (NotFoundException e) {
            return List.of(); // no such artifact: no version of it is found
        }
        return versions.stream()
                .filter(v -> globalId.map(id -> v.globalId() == id).orElse(true))
                .filter(v -> contentId.map(id -> v.contentId() == id).orElse(true))
                .toList();
    }

    private static Optional<String> text(HttpServerRequest request, String name) {
        return Optional.ofNullable(request.getParam(name)).filter(value -> !value.isEmpty());
    }
}
