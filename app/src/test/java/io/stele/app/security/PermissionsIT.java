package io.stele.app.security;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.stele.storage.testkit.servers.KeycloakServer;
import io.stele.storage.testkit.servers.RegistryProcess;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Test;

/**
 * No operation answers without the role docs/security.md says it needs: every operation of {@code
 * /q/openapi}, and the console's and the import's, is sent as nobody, as a client with no role of
 * the registry's and as each role, and each answer is checked against the documented table: 401 for
 * nobody, 403 below the least role, neither at or above it (and never a 5xx).
 */
class PermissionsIT {

    private static final Pattern ROW =
            Pattern.compile("^\\| (GET|POST|PUT|DELETE) \\| `([^`]+)` \\| (none|read-only|developer|admin) \\|");
    private static final String CONFLUENT_V7 = "/apis/ccompat/v7";
    private static final List<String> ROLES = List.of("read-only", "developer", "admin");
    private static final Map<String, String> CLIENT_OF = Map.of(
            "read-only",
            "stele-readonly",
            "developer",
            "stele-developer",
            "admin",
            "stele-admin",
            "no role",
            "stele-norole");
    /** Operations served outside the API document: the console's pages and forms, and the import. */
    private static final List<String> OUTSIDE_THE_DOCUMENT = List.of(
            "GET /ui",
            "GET /ui/artifacts",
            "GET /ui/artifacts/{id}",
            "GET /ui/rules",
            "POST /ui/new",
            "POST /ui/artifacts/{id}/check",
            "POST /ui/artifacts/{id}/meta",
            "POST /ui/rules",
            "POST /api/admin/import");

    @Test
    void everyOperation_answersEachCaller_asTheDocumentedTableSays() throws Exception {
        Map<String, String> table = documentedTable();
        try (RegistryProcess registry = SecuredRegistry.start("permissions", Map.of())) {
            List<String> operations = new ArrayList<>(operations(registry));
            operations.addAll(OUTSIDE_THE_DOCUMENT);
            Map<String, String> tokens = new HashMap<>();
            CLIENT_OF.forEach(
                    (role, client) -> tokens.put(role, KeycloakServer.shared().token(client)));
            SoftAssertions softly = new SoftAssertions();
            for (String operation : operations) {
                String method = operation.substring(0, operation.indexOf(' '));
                String template = operation.substring(method.length() + 1);
                String documented = table.get(method + " " + withoutV7(template));
                softly.assertThat(documented)
                        .as("docs/security.md lists %s", operation)
                        .isNotNull();
                if (documented == null) {
                    continue;
                }
                String path = filled(template);
                int nobody = send(registry, method, path, null).statusCode();
                if (documented.equals("none")) {
                    softly.assertThat(nobody).as("%s as nobody", operation).isNotIn(401, 403);
                    continue;
                }
                softly.assertThat(nobody).as("%s as nobody", operation).isEqualTo(401);
                softly.assertThat(send(registry, method, path, tokens.get("no role"))
                                .statusCode())
                        .as("%s by a client without a role", operation)
                        .isEqualTo(403);
                for (String role : ROLES) {
                    int status = send(registry, method, path, tokens.get(role)).statusCode();
                    if (ROLES.indexOf(role) < ROLES.indexOf(documented)) {
                        softly.assertThat(status)
                                .as("%s as %s", operation, role)
                                .isEqualTo(403);
                    } else {
                        softly.assertThat(status)
                                .as("%s as %s", operation, role)
                                .isNotIn(401, 403)
                                .isLessThan(500);
                    }
                }
            }
            softly.assertAll();
        }
    }

    private static HttpResponse<String> send(RegistryProcess registry, String method, String path, String token) {
        List<String> headers = new ArrayList<>(List.of("Content-Type", "application/json"));
        if (token != null) {
            headers.addAll(List.of("Authorization", "Bearer " + token));
        }
        String body = method.equals("GET") || method.equals("DELETE") ? null : "{}";
        return registry.send(method, path, body, headers.toArray(String[]::new));
    }

    /** Each operation of the API document, as "METHOD /path/{param}". */
    private static List<String> operations(RegistryProcess registry) throws IOException {
        JsonNode paths = new ObjectMapper()
                .readTree(registry.send("GET", "/q/openapi?format=json", null).body())
                .get("paths");
        List<String> operations = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = paths.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> path = it.next();
            for (String method : Set.of("get", "post", "put", "delete")) {
                if (path.getValue().has(method)) {
                    operations.add(method.toUpperCase() + " " + path.getKey());
                }
            }
        }
        assertThat(operations).as("the API document's operations").hasSizeGreaterThan(60);
        return operations;
    }

    /** docs/security.md's table: "METHOD /path" to the least role, one of none, read-only, developer, admin. */
    static Map<String, String> documentedTable() throws IOException {
        Map<String, String> table = new LinkedHashMap<>();
        for (String line : Files.readAllLines(Path.of("..", "docs", "security.md"))) {
            Matcher row = ROW.matcher(line);
            if (row.find()) {
                table.put(row.group(1) + " " + row.group(2), row.group(3));
            }
        }
        assertThat(table).as("the operations listed in docs/security.md").hasSizeGreaterThan(60);
        return table;
    }

    private static String withoutV7(String template) {
        if (!template.startsWith(CONFLUENT_V7)) {
            return template;
        }
        String rest = template.substring(CONFLUENT_V7.length());
        return rest.isEmpty() ? "/" : rest;
    }

    /** A path with each parameter given a value of its kind. */
    private static String filled(String template) {
        return template.replace("{version}", "1")
                .replace("{globalId}", "1")
                .replace("{id}", "1")
                .replace("{rule}", "VALIDITY")
                .replaceAll("\\{[^}]+}", "walk");
    }
}
