package io.stele.testservers;

import static org.assertj.core.api.Assertions.assertThat;

import io.stele.testservers.ReleaseBuild.Release;
import org.junit.jupiter.api.Test;

class ReleaseBuildTest {

    private static final String CHANGELOG =
            """
            # Changelog

            ## Unreleased

            - A change since, in commit `0123456789abcdef0123456789abcdef01234567` of a pull request.

            ## 0.2.0 (2027-01-10)

            Tag `v0.2.0`: its own commit cannot be named in it, until the next section is written.

            ## 0.1.0 (2026-11-28)

            The first release: tag `v0.1.0` (commit `b3709e578336518d37a74eae21aab54335b3febb`).

            ## 0.0.9 (2026-10-01)

            Tag `v0.0.9` (commit `aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa`).
            """;

    @Test
    void previous_isTheNewestReleaseWhoseSectionNamesItsCommit() {
        assertThat(ReleaseBuild.newestRecorded(CHANGELOG))
                .contains(new Release("0.1.0", "b3709e578336518d37a74eae21aab54335b3febb"));
    }

    @Test
    void previous_whenNoReleaseNamesItsCommit_isNone() {
        assertThat(ReleaseBuild.newestRecorded(
                        "# Changelog\n\n## Unreleased\n\n## 0.1.0 (2026-11-28)\n\nTag `v0.1.0`.\n"))
                .isEmpty();
    }

    @Test
    void previous_ofThisCheckout_isARecordedRelease() {
        Release previous = ReleaseBuild.previous();
        assertThat(previous.version()).matches("\\d+\\.\\d+\\.\\d+");
        assertThat(previous.commit()).matches("[0-9a-f]{40}");
    }
}
