package io.stele.app.security;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.arc.Arc;
import io.quarkus.test.junit.QuarkusTest;
import io.stele.app.security.Operation.Api;
import io.vertx.ext.web.Route;
import jakarta.enterprise.inject.Any;
import jakarta.inject.Inject;
import jakarta.ws.rs.Path;
import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jboss.resteasy.reactive.RestForm;
import org.junit.jupiter.api.Test;

/**
 * No operation of the running registry is served without a declared role: every JAX-RS resource
 * method carries {@link Needs}, every Vert.x route the registry adds is declared with the
 * operations it serves ({@link RouteDeclarations}), and docs/security.md lists exactly those
 * operations with those roles.
 */
@QuarkusTest
class DeclaredOperationsTest {

    static final String CONFLUENT_V7 = "/apis/ccompat/v7";

    private static final Pattern HANDLERS = Pattern.compile("contextHandlers=\\[([^\\]]*)]");

    @Inject
    RouterCapture capture;

    @Test
    void everyResourceMethod_declaresTheRoleItNeeds() {
        List<String> undeclared = new ArrayList<>();
        List<Operation> operations = resourceOperations(undeclared);
        assertThat(undeclared).as("resource methods without @Needs").isEmpty();
        assertThat(operations).as("the JAX-RS operations found").hasSizeGreaterThan(100);
    }

    @Test
    void everyConsoleForm_takesTheFormToken() {
        List<String> unchecked = new ArrayList<>();
        for (Operation operation : resourceOperations(new ArrayList<>())) {
            if (operation.api() != Api.CONSOLE || operation.method().equals("GET")) {
                continue;
            }
            unchecked.add(operation.name());
        }
        Arc.container()
                .beanManager()
                .getBeans(Object.class, Any.Literal.INSTANCE)
                .forEach(bean -> {
                    for (Method method : bean.getBeanClass().getMethods()) {
                        boolean takesToken = Arrays.stream(method.getParameters())
                                .map(parameter -> parameter.getAnnotation(RestForm.class))
                                .anyMatch(form -> form != null && form.value().equals("csrf"));
                        if (Operation.isResourceMethod(method) && takesToken) {
                            unchecked.remove(
                                    Operation.of(bean.getBeanClass(), method).name());
                        }
                    }
                });
        assertThat(unchecked).as("console forms that take no form token").isEmpty();
    }

    @Test
    void everyRouteTheRegistryAdds_isDeclared() {
        List<String> undeclared = new ArrayList<>();
        int ours = 0;
        for (Route route : capture.router().getRoutes()) {
            Matcher handlers = HANDLERS.matcher(route.toString());
            boolean registrys = handlers.find()
                    && Arrays.stream(handlers.group(1).split(","))
                            .anyMatch(h -> h.trim().startsWith("io.stele."));
            if (registrys) {
                ours++;
                if (RouteDeclarations.of(route).isEmpty()) {
                    undeclared.add(route.toString());
                }
            }
        }
        assertThat(undeclared)
                .as("routes the registry adds without a declaration")
                .isEmpty();
        assertThat(ours).as("the registry's own routes found").isGreaterThanOrEqualTo(8);
    }

    @Test
    void securityDoc_listsEveryOperation_withTheRoleItDeclares() throws IOException {
        Map<String, String> declared = declaredTable(capture);
        Map<String, String> documented = new TreeMap<>();
        Pattern row =
                Pattern.compile("^\\| (GET|POST|PUT|DELETE) \\| `([^`]+)` \\| (none|read-only|developer|admin) \\|");
        String section = "";
        for (String line : Files.readAllLines(java.nio.file.Path.of("..", "docs", "security.md"))) {
            if (line.startsWith("### ")) {
                section = section(line.substring(4)).name();
            }
            Matcher m = row.matcher(line);
            if (m.find()) {
                documented.put(section + " " + m.group(1) + " " + m.group(2), m.group(3));
            }
        }
        assertThat(documented)
                .as("docs/security.md's tables; the declarations give:%n%s", String.join("\n", rows(declared)))
                .isEqualTo(declared);
    }

    /** The API whose operations a heading of docs/security.md lists. */
    private static Api section(String heading) {
        if (heading.startsWith("v1")) {
            return Api.V1;
        }
        if (heading.startsWith("Apicurio Registry v2")) {
            return Api.REGISTRY_V2;
        }
        if (heading.startsWith("Apicurio Registry v3")) {
            return Api.REGISTRY_V3;
        }
        return heading.startsWith("Confluent") ? Api.CONFLUENT : Api.CONSOLE;
    }

    /**
     * Every operation the running registry declares, "API METHOD /template" to its role's name in
     * the docs; the Confluent-compatible API's operations once, by their template at the root.
     */
    static Map<String, String> declaredTable(RouterCapture capture) {
        Map<String, String> table = new TreeMap<>();
        for (Operation operation : declaredOperations(capture)) {
            String template = operation.template();
            if (template.startsWith(CONFLUENT_V7)) {
                continue; // the same operations as at the root
            }
            table.put(
                    operation.api() + " " + operation.method() + " " + template,
                    operation.needs().map(DeclaredOperationsTest::roleName).orElse("none"));
        }
        return table;
    }

    /** Every operation the running registry declares: its resource methods' and its own routes'. */
    static List<Operation> declaredOperations(RouterCapture capture) {
        List<Operation> operations = new ArrayList<>(resourceOperations(new ArrayList<>()));
        for (Route route : capture.router().getRoutes()) {
            RouteDeclarations.of(route).ifPresent(operations::addAll);
        }
        return operations;
    }

    private static List<String> rows(Map<String, String> table) {
        TreeSet<String> rows = new TreeSet<>();
        table.forEach((operation, role) -> {
            String[] parts = operation.split(" ", 3);
            rows.add(parts[0] + ": | " + parts[1] + " | `" + parts[2] + "` | " + role + " |");
        });
        return new ArrayList<>(rows);
    }

    static String roleName(Role role) {
        return switch (role) {
            case READ_ONLY -> "read-only";
            case DEVELOPER -> "developer";
            case ADMIN -> "admin";
        };
    }

    private static List<Operation> resourceOperations(List<String> undeclared) {
        List<Operation> operations = new ArrayList<>();
        Arc.container()
                .beanManager()
                .getBeans(Object.class, Any.Literal.INSTANCE)
                .forEach(bean -> {
                    Class<?> resource = bean.getBeanClass();
                    if (!resource.isAnnotationPresent(Path.class)) {
                        return;
                    }
                    for (Method method : resource.getMethods()) {
                        if (Operation.isResourceMethod(method)) {
                            try {
                                operations.add(Operation.of(resource, method));
                            } catch (IllegalStateException e) {
                                undeclared.add(e.getMessage());
                            }
                        }
                    }
                });
        return operations;
    }
}
