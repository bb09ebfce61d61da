package io.stele.app.security;

import io.vertx.core.json.JsonObject;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HEAD;
import jakarta.ws.rs.OPTIONS;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One operation the registry serves, as its router matches it: the method, the path template, the
 * least role it needs (empty for none) and the API whose error body its refusals take. A JAX-RS
 * operation is read from its resource method ({@link #of(Class, Method)}, {@link Needs}); a route
 * served outside JAX-RS declares its own constant. The audit trail names an operation by {@link
 * #name()}.
 *
 * @param method the HTTP method, in capitals
 * @param template the path template, as {@code /api/artifacts/{artifactId}}
 * @param needs the least role, or empty when the operation needs none
 * @param api whose error body a refusal of it takes
 */
public record Operation(String method, String template, Optional<Role> needs, Api api) {

    /**
     * Which API an operation belongs to, for the shape of its errors: the one place that says how
     * each API writes an error ({@link #errorBody}) and which paths are its own ({@link #ofPath}).
     */
    public enum Api {
        /** Apicurio Registry's v1 API and the admin endpoints: {@code {"error_code":403,...}}. */
        V1,
        /** Apicurio Registry's v2 API ({@code /apis/registry/v2}): its {@code Error}, with a {@code name}. */
        REGISTRY_V2,
        /** Apicurio Registry's v3 API ({@code /apis/registry/v3}): its {@code ProblemDetails}. */
        REGISTRY_V3,
        /** The Confluent-compatible API: Confluent's codes ({@code 40301}). */
        CONFLUENT,
        /** The console's pages and forms, for people in a browser. */
        CONSOLE;

        /** The paths of Apicurio Registry's v2 API. */
        public static final String REGISTRY_V2_PATH = "/apis/registry/v2";

        /** The paths of Apicurio Registry's v3 API. */
        public static final String REGISTRY_V3_PATH = "/apis/registry/v3";

        /** The API of the resources in a class, by the package that holds it. */
        public static Api of(Class<?> resource) {
            String name = resource.getPackageName();
            if (name.endsWith(".ccompat")) {
                return CONFLUENT;
            }
            if (name.endsWith(".apicurio.v2")) {
                return REGISTRY_V2;
            }
            if (name.endsWith(".apicurio.v3")) {
                return REGISTRY_V3;
            }
            return name.endsWith(".console") ? CONSOLE : V1;
        }

        /**
         * The API a request's path belongs to, for an answer given before any operation is matched
         * (or when none is); once one is, its own {@link Operation#api()} says.
         */
        public static Api ofPath(String path) {
            if (path.startsWith("/ui")) {
                return CONSOLE;
            }
            if (within(path, REGISTRY_V3_PATH)) {
                return REGISTRY_V3;
            }
            if (within(path, REGISTRY_V2_PATH)) {
                return REGISTRY_V2;
            }
            return path.startsWith("/api/") || path.equals("/api") || path.startsWith("/q/") ? V1 : CONFLUENT;
        }

        private static boolean within(String path, String root) {
            return path.startsWith(root) && (path.length() == root.length() || path.charAt(root.length()) == '/');
        }

        /**
         * An error as this API writes it, as JSON: {@code {"error_code":404,"message":...}} on the v1
         * API and the console; the same with Apicurio's exception {@code name} on the v2 API; {@code
         * {"status":404,"title":...,"detail":...,"name":...}} on the v3 API; and on the Confluent API a
         * refusal's code, the status followed by {@code 01} (its own errors carry codes of their own).
         *
         * @param name the kind of error as Apicurio's clients know it (such as {@code
         *     ArtifactNotFoundException}), or null to leave it out
         */
        public String errorBody(int status, String message, String name) {
            JsonObject body = new JsonObject();
            switch (this) {
                case REGISTRY_V3 ->
                    body.put("status", status).put("title", message).put("detail", message);
                case CONFLUENT -> body.put("error_code", status * 100 + 1).put("message", message);
                default -> body.put("error_code", status).put("message", message);
            }
            if (name != null && (this == REGISTRY_V2 || this == REGISTRY_V3)) {
                body.put("name", name);
            }
            return body.encode();
        }
    }

    private static final List<Class<? extends Annotation>> VERBS =
            List.of(GET.class, POST.class, PUT.class, DELETE.class, PATCH.class, HEAD.class, OPTIONS.class);

    public Operation {
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(template, "template");
        Objects.requireNonNull(needs, "needs");
        Objects.requireNonNull(api, "api");
    }

    /** An operation served outside JAX-RS that needs {@code needs}. */
    public static Operation route(String method, String template, Role needs, Api api) {
        return new Operation(method, template, Optional.of(needs), api);
    }

    /** An operation served outside JAX-RS that needs no role. */
    public static Operation open(String method, String template, Api api) {
        return new Operation(method, template, Optional.empty(), api);
    }

    /**
     * The operation a JAX-RS resource method serves when mounted by {@code resource}: needing the
     * role its {@link Needs} names, or none when it is {@link Open}.
     *
     * @throws IllegalStateException when the method declares neither (or both), or no HTTP method
     */
    public static Operation of(Class<?> resource, Method method) {
        Needs needs = method.getAnnotation(Needs.class);
        String verb = verb(method);
        String template = join(path(resource.getAnnotation(Path.class)), path(method.getAnnotation(Path.class)));
        if (method.isAnnotationPresent(Open.class)) {
            if (needs != null) {
                throw new IllegalStateException(verb + " " + template + " (" + resource.getSimpleName() + "."
                        + method.getName() + ") declares both @Open and @Needs: it must say one");
            }
            return new Operation(verb, template, Optional.empty(), Api.of(resource));
        }
        if (needs == null) {
            throw new IllegalStateException(verb + " " + template + " (" + resource.getSimpleName() + "."
                    + method.getName() + ") declares no @Needs: every operation must say which role it needs");
        }
        return new Operation(verb, template, Optional.of(needs.value()), Api.of(resource));
    }

    /**
     * The operation a route answers from memory in place of a JAX-RS resource method: the method's
     * own, so that both ask the same role.
     */
    public static Operation servedFor(Class<?> resource, String methodName) {
        for (Method method : resource.getMethods()) {
            if (method.getName().equals(methodName) && verbOrNull(method) != null) {
                return of(resource, method);
            }
        }
        throw new IllegalArgumentException(resource.getName() + " has no resource method " + methodName);
    }

    /** Whether a JAX-RS method is a resource method: it names an HTTP method. */
    public static boolean isResourceMethod(Method method) {
        return verbOrNull(method) != null;
    }

    /** {@code METHOD /template}, as the audit trail and the docs name it. */
    public String name() {
        return method + " " + template;
    }

    /** Whether the audit trail records each request for it: every one that needs more than reading. */
    public boolean audited() {
        return needs.map(role -> role != Role.READ_ONLY).orElse(false);
    }

    private static String verb(Method method) {
        String verb = verbOrNull(method);
        if (verb == null) {
            throw new IllegalStateException(method + " names no HTTP method");
        }
        return verb;
    }

    private static String verbOrNull(Method method) {
        for (Class<? extends Annotation> verb : VERBS) {
            if (method.isAnnotationPresent(verb)) {
                return verb.getSimpleName();
            }
        }
        return null;
    }

    private static String path(Path path) {
        return path == null ? "" : path.value();
    }

    private static String join(String base, String rest) {
        String joined = "/" + strip(base) + "/" + strip(rest);
        joined = joined.replaceAll("/+", "/");
        return joined.length() > 1 && joined.endsWith("/") ? joined.substring(0, joined.length() - 1) : joined;
    }

    private static String strip(String part) {
        return part.replaceAll("^/+|/+$", "");
    }
}
