package io.stele.app.apicurio.v1;

import io.stele.app.apicurio.v3.SystemBranchException;
import io.stele.app.artifacts.ContentTooLargeException;
import io.stele.app.http.NotEnabledException;
import io.stele.app.mode.ReadOnlyException;
import io.stele.app.rules.InvalidContentException;
import io.stele.app.rules.RuleViolationException;
import io.stele.app.security.NotOwnerException;
import io.stele.storage.AlreadyExistsException;
import io.stele.storage.ConflictException;
import io.stele.storage.InvalidRequestException;
import io.stele.storage.NotFoundException;
import io.stele.storage.ReferenceExistsException;

/**
 * The {@code name} Apicurio Registry's v2 and v3 APIs give an error: the simple name of the
 * exception its server threw, which Apicurio's 2.x client maps back to an exception class of its
 * own. The names are Apicurio's, from its {@code HttpStatusCodeMap}; a failure Apicurio has no name
 * for takes none.
 */
final class ApicurioErrorNames {

    private ApicurioErrorNames() {}

    /** Apicurio's name for a failure, or null. */
    static String of(RuntimeException e) {
        if (e instanceof NotFoundException notFound) {
            return switch (notFound.missing()) {
                case ARTIFACT -> "ArtifactNotFoundException";
                case VERSION -> "VersionNotFoundException";
                case CONTENT -> "ContentNotFoundException";
                case RULE -> "RuleNotFoundException";
                case GROUP -> "GroupNotFoundException";
                case BRANCH -> "BranchNotFoundException";
                case SETTING -> "ConfigPropertyNotFoundException";
                case DOWNLOAD -> "DownloadNotFoundException";
            };
        }
        if (e instanceof AlreadyExistsException exists) {
            return switch (exists.existing()) {
                case ARTIFACT -> "ArtifactAlreadyExistsException";
                case VERSION -> "VersionAlreadyExistsException";
                case RULE -> "RuleAlreadyExistsException";
            };
        }
        if (e instanceof RuleViolationException) {
            return "RuleViolationException";
        }
        if (e instanceof ReferenceExistsException) {
            return "ReferenceExistsException";
        }
        if (e instanceof InvalidRequestException || e instanceof InvalidContentException) {
            return "BadRequestException";
        }
        if (e instanceof SystemBranchException) {
            return "NotAllowedException";
        }
        if (e instanceof ConflictException || e instanceof ReadOnlyException) {
            return "ConflictException";
        }
        if (e instanceof NotOwnerException) {
            return "ForbiddenException";
        }
        if (e instanceof NotEnabledException) {
            return "NotAllowedException";
        }
        if (e instanceof ContentTooLargeException) {
            return "LimitExceededException";
        }
        return null;
    }
}
