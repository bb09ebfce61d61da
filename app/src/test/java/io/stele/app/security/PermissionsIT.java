package io.stele.app.security;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.stele.testservers.KeycloakServer;
import io.stele.testservers.RegistryProcess;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Test;

/**
 * No operation answers below the role it declares, in any form of its path: every operation the
 * registry declares (docs/security.md's tables, which DeclaredOperationsTest holds to the
 * declarations; the Confluent-compatible API's at both roots), and every operation of {@code
 * /q/openapi} among them, is sent as nobody, as a client with no role of the registry's and as
 * each role, plain and in each of its {@link #variants}. Below its role the plain path answers 401
 * for nobody and 403 for the others, each variant a refusal or 400, 404 or 405, and the registry
 * holds afterwards exactly what it held before; from its role up it runs (never a 5xx).
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

    /**
     * Forms of a path that name the same operation to the router, or none: a trailing slash, a
     * matrix parameter, an empty segment, an encoded dot segment, an encoded slash.
     */
    static List<String> variants(String path) {
        int second = path.indexOf('/', 1);
        String head = second < 0 ? path : path.substring(0, second);
        String rest = second < 0 ? "" : path.substring(second);
        List<String> variants =
                new ArrayList<>(List.of(path + "/", path + ";x", head + ";x" + rest, head + "/x/%2e%2e" + rest));
        if (!rest.isEmpty()) {
            variants.add(head + "/" + rest);
            variants.add(head + "%2F" + rest.substring(1));
        }
        variants.removeIf(variant -> variant.equals(path) || variant.startsWith("//")); // "//x" names a host
        return variants;
    }

    @Test
    void everyOperation_answersEachCaller_asItsDeclarationSays_inEveryFormOfItsPath() throws Exception {
        Map<String, String> table = documentedTable();
        try (RegistryProcess registry = SecuredRegistry.start("permissions", Map.of())) {
            for (String operation : operations(registry)) {
                String method = operation.substring(0, operation.indexOf(' '));
                String template = withoutV7(operation.substring(method.length() + 1));
                assertThat(table).as("docs/security.md lists %s", operation).containsKey(method + " " + template);
            }
            Map<String, String> tokens = new HashMap<>();
            CLIENT_OF.forEach(
                    (role, client) -> tokens.put(role, KeycloakServer.shared().token(client)));
            List<String[]> walk = new ArrayList<>();
            table.forEach((operation, role) -> {
                walk.add(new String[] {operation, role});
                String method = operation.substring(0, operation.indexOf(' '));
                String template = operation.substring(method.length() + 1);
                if (!template.startsWith("/api") && !template.startsWith("/ui")) {
                    walk.add(new String[] {method + " " + CONFLUENT_V7 + (template.equals("/") ? "" : template), role});
                }
            });
            String before = exported(registry, tokens);
            SoftAssertions softly = new SoftAssertions();
            for (String[] row : walk) {
                refusedBelowItsRole(registry, tokens, row[0], row[1], softly);
            }
            softly.assertThat(exported(registry, tokens))
                    .as("what the registry holds after every refused request")
                    .isEqualTo(before);
            for (String[] row : walk) {
                allowedFromItsRole(registry, tokens, row[0], row[1], softly);
            }
            softly.assertAll();
        }
    }

    /** Below the least role, the plain path is refused and every variant is refused or names nothing. */
    private static void refusedBelowItsRole(
            RegistryProcess registry,
            Map<String, String> tokens,
            String operation,
            String role,
            SoftAssertions softly) {
        if (role.equals("none")) {
            return;
        }
        String method = operation.substring(0, operation.indexOf(' '));
        String path = filled(operation.substring(method.length() + 1));
        List<String> callers = new ArrayList<>(List.of("nobody", "no role"));
        callers.addAll(ROLES.subList(0, ROLES.indexOf(role)));
        for (String caller : callers) {
            String token = tokens.get(caller);
            softly.assertThat(send(registry, method, path, token).statusCode())
                    .as("%s as %s", operation, caller)
                    .isEqualTo(caller.equals("nobody") ? 401 : 403);
            for (String variant : variants(path)) {
                softly.assertThat(send(registry, method, variant, token).statusCode())
                        .as("%s sent as %s %s, as %s", operation, method, variant, caller)
                        .isIn(400, 401, 403, 404, 405);
            }
        }
    }

    /** From the least role up, the operation runs: neither refused nor failed. */
    private static void allowedFromItsRole(
            RegistryProcess registry,
            Map<String, String> tokens,
            String operation,
            String role,
            SoftAssertions softly) {
        String method = operation.substring(0, operation.indexOf(' '));
        String path = filled(operation.substring(method.length() + 1));
        List<String> callers =
                role.equals("none") ? List.of("nobody") : ROLES.subList(ROLES.indexOf(role), ROLES.size());
        for (String caller : callers) {
            HttpResponse<String> answer;
            if (method.equals("POST") && path.startsWith("/ui")) { // a form, with the token of a console page
                ConsoleForms forms = new ConsoleForms(registry, "Bearer " + tokens.get(caller), "/ui/rules");
                answer = forms.post(path, "");
                answer = answer.statusCode() == 415 ? forms.postMultipart(path, Map.of()) : answer;
            } else {
                answer = send(registry, method, path, tokens.get(caller));
            }
            softly.assertThat(answer.statusCode())
                    .as("%s as %s: %s", operation, caller, answer.body())
                    .isNotIn(401, 403)
                    .isLessThan(500);
        }
    }

    /** The registry's artifacts, versions and rules as an export lists them, without its header and trailer. */
    private static String exported(RegistryProcess registry, Map<String, String> tokens) {
        List<String> lines = List.of(send(registry, "GET", "/api/admin/export", tokens.get("admin"))
                .body()
                .split("\n"));
        return String.join("\n", lines.subList(Math.min(1, lines.size()), Math.max(1, lines.size() - 1)));
    }

    /**
     * Sends a request with an empty body of a type the operation takes: JSON to the APIs; to the
     * console's forms a URL-encoded form, or a multipart one where that is what the form takes.
     */
    private static HttpResponse<String> send(RegistryProcess registry, String method, String path, String token) {
        if (method.equals("POST") && path.startsWith("/ui")) {
            HttpResponse<String> form = send(registry, method, path, token, "application/x-www-form-urlencoded", "");
            return form.statusCode() != 415
                    ? form
                    : send(registry, method, path, token, "multipart/form-data; boundary=walk", "--walk--\r\n");
        }
        String body = method.equals("GET") || method.equals("DELETE") ? null : "{}";
        return send(registry, method, path, token, "application/json", body);
    }

    private static HttpResponse<String> send(
            RegistryProcess registry, String method, String path, String token, String type, String body) {
        List<String> headers = new ArrayList<>(List.of("Content-Type", type));
        if (token != null) {
            headers.addAll(List.of("Authorization", "Bearer " + token));
        }
        return registry.send(method, path, body, headers.toArray(String[]::new));
    }

    /** Each operation of the API document, as "METHOD /path/{param}". */
    private static List<String> operations(RegistryProcess registry) throws IOException {
        JsonNode paths = new ObjectMapper()
                .readTree(registry.send("GET", "/q/openapi?format=json", null).body())
                .get("paths");
        List<String> operations = new ArrayList<>();
        for (Map.Entry<String, JsonNode> path : paths.properties()) {
            for (String method : Set.of("get", "post", "put", "delete")) {
                if (path.getValue().has(method)) {
                    operations.add(method.toUpperCase() + " " + path.getKey());
                }
            }
        }
        assertThat(operations).as("the API document's operations").hasSizeGreaterThan(60);
        return operations;
    }

    /**
     * docs/security.md's tables, which DeclaredOperationsTest holds equal to the operations'
     * declarations: "METHOD /path" to the least role, one of none, read-only, developer, admin. The
     * console's redirect of a browser's {@code GET /} is left to the Confluent API's {@code GET /}.
     */
    static Map<String, String> documentedTable() throws IOException {
        Map<String, String> table = new LinkedHashMap<>();
        for (String line : Files.readAllLines(Path.of("..", "docs", "security.md"))) {
            Matcher row = ROW.matcher(line);
            if (row.find()) {
                table.putIfAbsent(row.group(1) + " " + row.group(2), row.group(3));
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
