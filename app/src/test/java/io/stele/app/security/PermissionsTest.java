package io.stele.app.security;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The table's edges; PermissionsIT holds every operation to docs/security.md against a real registry. */
class PermissionsTest {

    @Test
    void probesAndTheApiDocument_needNoRole() {
        assertThat(Permissions.required("GET", "/q/health/ready")).isEmpty();
        assertThat(Permissions.required("GET", "/q/metrics")).isEmpty();
        assertThat(Permissions.required("GET", "/q/openapi")).isEmpty();
        assertThat(Permissions.required("POST", "/q/health")).contains(Role.ADMIN);
    }

    @Test
    void aPathOrMethodTheTableDoesNotName_needsAdmin() {
        assertThat(Permissions.required("POST", "/q/dev-ui")).contains(Role.ADMIN);
        assertThat(Permissions.required("PATCH", "/subjects/s")).contains(Role.ADMIN);
        assertThat(Permissions.required("POST", "/something/new")).contains(Role.ADMIN);
    }

    @Test
    void bothConfluentRoots_needTheSameRoles() {
        for (String root : new String[] {"", "/apis/ccompat/v7"}) {
            assertThat(Permissions.required("POST", root + "/subjects/s")).contains(Role.READ_ONLY);
            assertThat(Permissions.required("POST", root + "/subjects/s/versions"))
                    .contains(Role.DEVELOPER);
            assertThat(Permissions.required("PUT", root + "/config")).contains(Role.ADMIN);
            assertThat(Permissions.required("PUT", root + "/config/s")).contains(Role.DEVELOPER);
            assertThat(Permissions.required("PUT", root + "/mode/s")).contains(Role.ADMIN);
        }
    }

    @Test
    void onlyChangesAndExports_areAudited() {
        assertThat(Permissions.isAudited(Permissions.required("GET", "/api/artifacts/a")))
                .isFalse();
        assertThat(Permissions.isAudited(Permissions.required("PUT", "/api/artifacts/a/test")))
                .isFalse();
        assertThat(Permissions.isAudited(Permissions.required("GET", "/api/admin/export")))
                .isTrue();
        assertThat(Permissions.isAudited(Permissions.required("DELETE", "/subjects/s")))
                .isTrue();
        assertThat(Permissions.isAudited(Optional.empty())).isFalse();
    }
}
