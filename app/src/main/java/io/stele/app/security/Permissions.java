package io.stele.app.security;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The least role each operation needs, the same for the v1 API, the Confluent-compatible API (at
 * both its roots), the console and the admin endpoints: reads need {@link Role#READ_ONLY}, changes
 * to artifacts {@link Role#DEVELOPER}, changes to what holds for every artifact (global rules,
 * global compatibility, modes) and export and import {@link Role#ADMIN}. A check of content
 * against the rules stores nothing and is a read. Health, metrics and the API document need none.
 * Anything the table does not name needs {@link Role#ADMIN}, so that a new endpoint is closed
 * until it is listed. docs/security.md lists the table, and a test holds the two together.
 */
public final class Permissions {

    private static final Set<String> READS = Set.of("GET", "HEAD", "OPTIONS");
    private static final Set<String> WRITES = Set.of("POST", "PUT", "DELETE", "PATCH");
    private static final String CONFLUENT = "(?:/apis/ccompat/v7)?";
    private static final Optional<Role> READ = Optional.of(Role.READ_ONLY);

    private record Rule(Set<String> methods, Pattern path, Optional<Role> role) {
        Rule(Set<String> methods, String path, Role role) {
            this(methods, Pattern.compile(path), Optional.ofNullable(role));
        }

        boolean matches(String method, String requestPath) {
            return methods.contains(method) && path.matcher(requestPath).matches();
        }
    }

    /** First match wins. */
    private static final List<Rule> RULES = List.of(
            // probes, scrapes and the API document
            new Rule(READS, "/q/(?:health(?:/.*)?|metrics|openapi)", null),
            // v1 API
            new Rule(READS, "/api/admin/.*", Role.ADMIN),
            new Rule(WRITES, "/api/admin/.*", Role.ADMIN),
            new Rule(WRITES, "/api/rules(?:/[^/]+)?", Role.ADMIN),
            new Rule(Set.of("PUT"), "/api/artifacts/[^/]+/test", Role.READ_ONLY),
            new Rule(WRITES, "/api/artifacts(?:/.*)?", Role.DEVELOPER),
            // Confluent-compatible API
            new Rule(WRITES, CONFLUENT + "/config", Role.ADMIN),
            new Rule(WRITES, CONFLUENT + "/mode(?:/[^/]+)?", Role.ADMIN),
            new Rule(Set.of("POST"), CONFLUENT + "/subjects/[^/]+", Role.READ_ONLY),
            new Rule(Set.of("POST"), CONFLUENT + "/compatibility/subjects/.+", Role.READ_ONLY),
            new Rule(Set.of("POST"), CONFLUENT + "/subjects/[^/]+/versions", Role.DEVELOPER),
            new Rule(Set.of("DELETE"), CONFLUENT + "/subjects/[^/]+(?:/versions/[^/]+)?", Role.DEVELOPER),
            new Rule(Set.of("PUT", "DELETE"), CONFLUENT + "/config/[^/]+", Role.DEVELOPER),
            // console
            new Rule(Set.of("POST"), "/ui/rules", Role.ADMIN),
            new Rule(Set.of("POST"), "/ui/artifacts/[^/]+/check", Role.READ_ONLY),
            new Rule(Set.of("POST"), "/ui/(?:new|artifacts/.+)", Role.DEVELOPER),
            // every other read
            new Rule(READS, ".*", Role.READ_ONLY));

    private Permissions() {}

    /**
     * The least role a request needs, or empty when it needs none.
     *
     * @param method the HTTP method, in capitals
     * @param path the normalized path, not decoded
     */
    public static Optional<Role> required(String method, String path) {
        if (READS.contains(method) && !path.startsWith("/q/") && !path.startsWith("/api/admin/")) {
            return READ; // what the table says of these, without its patterns: the hot paths are reads
        }
        for (Rule rule : RULES) {
            if (rule.matches(method, path)) {
                return rule.role();
            }
        }
        return Optional.of(Role.ADMIN);
    }

    /** Whether the audit trail records a request that needs this: every one that needs more than reading. */
    public static boolean isAudited(Optional<Role> needed) {
        return needed.map(role -> role != Role.READ_ONLY).orElse(false);
    }
}
