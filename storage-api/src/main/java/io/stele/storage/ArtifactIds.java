package io.stele.storage;

/** The rule every backend applies to artifact ids. */
public final class ArtifactIds {

    private ArtifactIds() {}

    /**
     * Checks an artifact id.
     *
     * @throws InvalidRequestException when it is empty, longer than {@value VersionDraft#MAX_ID_LENGTH}
     *     characters, or holds a control character
     */
    public static String requireValid(String artifactId) {
        if (artifactId == null || artifactId.isEmpty()) {
            throw new InvalidRequestException("The artifact id must not be empty.");
        }
        if (artifactId.length() > VersionDraft.MAX_ID_LENGTH) {
            throw new InvalidRequestException(
                    "The artifact id is longer than " + VersionDraft.MAX_ID_LENGTH + " characters.");
        }
        for (int i = 0; i < artifactId.length(); i++) {
            if (Character.isISOControl(artifactId.charAt(i))) {
                throw new InvalidRequestException("The artifact id must not contain control characters.");
            }
        }
        return artifactId;
    }
}
