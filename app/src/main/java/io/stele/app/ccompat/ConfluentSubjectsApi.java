package io.stele.app.ccompat;

import static io.stele.app.artifacts.ArtifactService.ANONYMOUS;
import static io.stele.app.ccompat.ConfluentErrors.about;
import static io.stele.app.ccompat.ConfluentRequests.flag;
import static io.stele.app.ccompat.ConfluentRequests.latest;
import static io.stele.app.ccompat.ConfluentRequests.number;

import io.stele.app.artifacts.AllArtifactIds;
import io.stele.app.security.Needs;
import io.stele.app.security.Role;
import io.stele.storage.NotFoundException;
import io.stele.storage.PageRequest;
import io.stele.storage.StoredVersion;
import io.stele.storage.VersionState;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.StreamingOutput;
import java.util.List;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The Confluent API's subjects and their versions: listing them, and deleting them softly or for
 * good. A soft-deleted version is a version in state {@link VersionState#DELETED}: hidden from these
 * listings and from the latest version unless {@code deleted=true} is asked, still served by its
 * schema id, and deleted for good only after it was soft-deleted, as in Confluent Schema Registry.
 */
@Produces({ConfluentResource.V1_JSON, ConfluentResource.JSON, MediaType.APPLICATION_JSON})
abstract class ConfluentSubjectsApi extends ConfluentConfigApi {

    /**
     * The query parameters Confluent's listings share: {@code deleted=true} adds soft-deleted
     * entries, {@code deletedOnly=true} (or {@code deleted_only}, as Python's client sends it) gives
     * only them, and {@code offset} and {@code limit} take a window of the list.
     */
    public static class Listing {
        @QueryParam("deleted")
        String deleted;

        @QueryParam("deletedOnly")
        String deletedOnly;

        @QueryParam("deleted_only")
        String deletedOnlyAsPythonSends;

        @QueryParam("offset")
        String offset;

        @QueryParam("limit")
        String limit;

        boolean onlyDeleted() {
            return flag(deletedOnly) || flag(deletedOnlyAsPythonSends);
        }

        boolean withDeleted() {
            return onlyDeleted() || flag(deleted);
        }

        /** Whether an entry, soft-deleted or not, is listed. */
        boolean lists(boolean softDeleted) {
            return onlyDeleted() ? softDeleted : withDeleted() || !softDeleted;
        }

        long skip() {
            return Math.max(0, number(offset, "offset", 0));
        }

        /** At most how many to list; negative for all. */
        long most() {
            return number(limit, "limit", -1);
        }
    }

    /**
     * Every subject, ascending, that has a version not soft-deleted, or as {@link Listing} asks.
     * {@code subjectPrefix} keeps those that start with it.
     */
    @Needs(Role.READ_ONLY)
    @GET
    @Path("subjects")
    public Response subjects(@QueryParam("subjectPrefix") String prefix, @BeanParam Listing listing) {
        return about(null, () -> {
            Function<PageRequest, List<String>> ids = listing.withDeleted()
                    ? storage().artifacts()::ids
                    : storage().artifacts()::liveIds;
            String start = prefix == null ? "" : prefix;
            Predicate<String> wanted = listing.onlyDeleted()
                    ? id -> id.startsWith(start) && softDeletedWhole(id)
                    : id -> id.startsWith(start);
            return Response.ok(AllArtifactIds.asJsonArray(
                            subjectIds(listing), wanted, listing.skip(), listing.most(), config.listPageSize()))
                    .build();
        });
    }

    /** Subjects with a version not soft-deleted, or all with {@code deleted} or {@code deletedOnly}. */
    private Function<PageRequest, List<String>> subjectIds(Listing listing) {
        return listing.withDeleted() ? storage().artifacts()::ids : storage().artifacts()::liveIds;
    }

    private boolean softDeletedWhole(String subject) {
        return storage()
                .artifacts()
                .get(subject)
                .map(a -> a.latest().state() == VersionState.DELETED)
                .orElse(false);
    }

    /** A subject's version numbers, ascending: those not soft-deleted, or as {@link Listing} asks. */
    @Needs(Role.READ_ONLY)
    @GET
    @Path("subjects/{subject}/versions")
    public List<Integer> versions(@PathParam("subject") String subject, @BeanParam Listing listing) {
        return about(subject, () -> {
            long most = listing.most();
            requireSubject(subject, listing.withDeleted());
            return rules.allVersions(subject).stream()
                    .filter(v -> listing.lists(v.state() == VersionState.DELETED))
                    .map(StoredVersion::version)
                    .skip(listing.skip())
                    .limit(most < 0 ? Long.MAX_VALUE : most)
                    .toList();
        });
    }

    /**
     * Every version of every subject, by subject and then version, each as {@code GET
     * /subjects/{s}/versions/{v}} answers it: those not soft-deleted, or as {@link Listing} asks;
     * with {@code latestOnly=true} each subject's latest alone. {@code subjectPrefix} keeps the
     * subjects that start with it. Read a page of subjects at a time, as {@code GET /subjects}.
     */
    @Needs(Role.READ_ONLY)
    @GET
    @Path("schemas")
    public Response schemas(
            @QueryParam("subjectPrefix") String prefix,
            @QueryParam("latestOnly") String latestOnly,
            @BeanParam Listing listing) {
        return about(null, () -> {
            String start = prefix == null ? "" : prefix;
            boolean latest = flag(latestOnly);
            long skip = listing.skip();
            long most = listing.most() < 0 ? Long.MAX_VALUE : listing.most();
            long end = skip + most < 0 ? Long.MAX_VALUE : skip + most; // a limit of Long.MAX_VALUE
            AllArtifactIds subjects = AllArtifactIds.of(subjectIds(listing), config.listPageSize());
            StreamingOutput body = out -> {
                long[] passed = {0};
                out.write('[');
                subjects.forEach(subject -> {
                    if (subject.startsWith(start)) {
                        for (StoredVersion version : listed(subject, latest, listing)) {
                            if (passed[0] >= end) {
                                return false;
                            }
                            if (passed[0]++ >= skip) {
                                if (passed[0] > skip + 1) {
                                    out.write(',');
                                }
                                out.write(versionJson(version).getBytes());
                            }
                        }
                    }
                    return passed[0] < end;
                });
                out.write(']');
            };
            return Response.ok(body).build();
        });
    }

    private List<StoredVersion> listed(String subject, boolean latestOnly, Listing listing) {
        List<StoredVersion> all;
        try {
            all = rules.allVersions(subject);
        } catch (NotFoundException e) {
            return List.of(); // deleted since it was listed
        }
        List<StoredVersion> versions = all.stream()
                .filter(v -> listing.lists(v.state() == VersionState.DELETED))
                .toList();
        if (latestOnly) {
            // the latest servable version, else (with deleted) the highest listed
            return storage()
                    .versions()
                    .latest(subject)
                    .filter(v -> listing.lists(false))
                    .map(List::of)
                    .orElseGet(() -> versions.isEmpty() ? List.of() : List.of(versions.get(versions.size() - 1)));
        }
        return versions;
    }

    /**
     * Soft-deletes every version of a subject, answering their numbers; with {@code permanent=true}
     * deletes a subject whose versions are all soft-deleted for good, with its configuration.
     */
    @Needs(Role.DEVELOPER)
    @DELETE
    @Path("subjects/{subject}")
    public List<Integer> deleteSubject(
            @PathParam("subject") String subject, @QueryParam("permanent") String permanent) {
        return about(subject, () -> {
            requireSubject(subject, true);
            List<StoredVersion> all = rules.allVersions(subject);
            List<StoredVersion> live =
                    all.stream().filter(v -> v.state() != VersionState.DELETED).toList();
            if (flag(permanent)) {
                if (!live.isEmpty()) {
                    throw ConfluentErrors.subjectNotSoftDeleted(subject);
                }
                storage().artifacts().delete(subject);
                return numbers(all);
            }
            if (live.isEmpty()) {
                throw ConfluentErrors.subjectSoftDeleted(subject);
            }
            for (StoredVersion version : live) { // refuse before deleting any, as Confluent does
                if (!storage().versions().referrers(subject, version.version()).isEmpty()) {
                    throw ConfluentErrors.referenceExists(subject, version.version());
                }
            }
            for (StoredVersion version : live) {
                softDelete(version);
            }
            return numbers(live);
        });
    }

    /**
     * Soft-deletes one version (a number, {@code latest} or {@code -1}), answering its number; with
     * {@code permanent=true} deletes a soft-deleted version for good.
     */
    @Needs(Role.DEVELOPER)
    @DELETE
    @Path("subjects/{subject}/versions/{version}")
    public int deleteVersion(
            @PathParam("subject") String subject,
            @PathParam("version") String version,
            @QueryParam("permanent") String permanent) {
        return about(subject, () -> {
            boolean forGood = flag(permanent);
            // a number names a soft-deleted version too; latest is the latest one not deleted yet
            StoredVersion found = find(subject, version, forGood || !latest(version));
            boolean softDeleted = found.state() == VersionState.DELETED;
            if (!forGood && softDeleted) {
                throw ConfluentErrors.versionSoftDeleted(subject, found.version());
            }
            if (forGood) {
                if (!softDeleted) {
                    throw ConfluentErrors.versionNotSoftDeleted(subject, found.version());
                }
                storage().versions().delete(subject, found.version());
            } else {
                softDelete(found);
            }
            return found.version();
        });
    }

    private void softDelete(StoredVersion version) {
        storage().versions().updateState(version.artifactId(), version.version(), VersionState.DELETED, ANONYMOUS);
    }

    private static List<Integer> numbers(List<StoredVersion> versions) {
        return versions.stream().map(StoredVersion::version).toList();
    }
}
