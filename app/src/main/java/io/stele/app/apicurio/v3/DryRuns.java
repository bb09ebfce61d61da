package io.stele.app.apicurio.v3;

import io.stele.app.apicurio.v3.Registrations.Sent;
import io.stele.app.artifacts.ArtifactService;
import io.stele.app.artifacts.ArtifactService.Upload;
import io.stele.app.artifacts.ArtifactService.Written;
import io.stele.app.artifacts.IfExists;
import io.stele.app.http.QueryChoices;
import io.stele.app.storage.StorageProvider;
import io.stele.storage.AlreadyExistsException;
import io.stele.storage.InvalidRequestException;
import io.stele.storage.NotFoundException;
import io.stele.storage.StoredContent;
import io.stele.storage.StoredVersion;
import io.stele.storage.VersionDraft;
import io.vertx.core.http.HttpServerRequest;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * Apicurio v3's {@code dryRun=true} on creating an artifact or adding a version: the checks the
 * write makes (the group, {@code ifExists}, the content's size, type and validity, the rules),
 * then the answer the write would give, with nothing stored. A version that would be made has the
 * number it would get, the contentId of its content where the registry holds that content already
 * (else 0), and globalId 0, since only what is stored is given a globalId; a version {@code
 * ifExists} finds is answered as it is.
 */
@ApplicationScoped
public class DryRuns {

    @Inject
    Registrations registrations;

    @Inject
    ArtifactService artifacts;

    @Inject
    StorageProvider provider;

    /**
     * Whether the request asks for a dry run.
     *
     * @throws InvalidRequestException when {@code dryRun} is neither true nor false
     */
    public static boolean asked(HttpServerRequest request) {
        return QueryChoices.flag(request, "dryRun", false);
    }

    /** What {@link Registrations#create} would answer. */
    public Written create(String groupId, Optional<String> artifactId, Sent sent, IfExists ifExists) {
        DefaultGroup.requireDefaultGroup(groupId);
        Upload upload = registrations.upload(sent);
        String id = artifactId.filter(given -> !given.isBlank()).orElseGet(() -> UUID.randomUUID()
                .toString());
        if (provider.storage().artifacts().get(id).isEmpty()) {
            StoredVersion first = wouldBe(artifacts.testArtifact(id, upload), 1);
            return new Written(first, first.createdBy(), first.createdOn());
        }
        return switch (ifExists) {
            case FAIL -> throw AlreadyExistsException.artifact(id);
            case RETURN -> artifacts.existing(id);
            case UPDATE -> wouldAdd(id, upload);
            case RETURN_OR_UPDATE ->
                sameContent(id, upload).map(artifacts::withArtifact).orElseGet(() -> wouldAdd(id, upload));
        };
    }

    /** What {@link Registrations#addVersion} would answer. */
    public Written addVersion(String groupId, String artifactId, Sent sent) {
        DefaultGroup.requireDefault(groupId, artifactId);
        return wouldAdd(artifactId, registrations.upload(sent));
    }

    private Optional<StoredVersion> sameContent(String artifactId, Upload upload) {
        try {
            return Optional.of(artifacts.findByContent(artifactId, upload));
        } catch (NotFoundException e) {
            return Optional.empty();
        }
    }

    private Written wouldAdd(String artifactId, Upload upload) {
        VersionDraft draft = artifacts.testVersion(artifactId, upload);
        List<Integer> numbers = provider.storage().versions().list(artifactId);
        Written artifact = artifacts.existing(artifactId);
        return new Written(
                wouldBe(draft, numbers.get(numbers.size() - 1) + 1),
                artifact.artifactCreatedBy(),
                artifact.artifactCreatedOn());
    }

    private StoredVersion wouldBe(VersionDraft draft, int number) {
        long contentId = provider.storage()
                .contents()
                .byIdentity(draft.content().sha256())
                .map(StoredContent::contentId)
                .orElse(0L);
        return draft.asVersion(number, 0, contentId, Instant.now());
    }
}
