package io.stele.app.http;

import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.spi.Bean;
import jakarta.enterprise.inject.spi.BeanManager;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import jakarta.ws.rs.HttpMethod;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.Response;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

/**
 * The methods each path of the JAX-RS resources answers, for the {@code Allow} header of a 405
 * (RFC 9110, section 15.5.6). Read once from the resource classes themselves, so that a new
 * endpoint is allowed without being listed here.
 */
@Singleton
public class AllowedMethods {

    /** One resource method's path, as a pattern, and its HTTP method. */
    private record Endpoint(Pattern path, String method) {}

    private final List<Endpoint> endpoints = new ArrayList<>();

    @Inject
    AllowedMethods(BeanManager beans) {
        for (Bean<?> bean : beans.getBeans(Object.class, Any.Literal.INSTANCE)) {
            Path root = bean.getBeanClass().getAnnotation(Path.class);
            if (root == null) {
                continue;
            }
            for (Method m : bean.getBeanClass().getMethods()) {
                Path sub = m.getAnnotation(Path.class);
                for (Annotation a : m.getAnnotations()) {
                    HttpMethod http = a.annotationType().getAnnotation(HttpMethod.class);
                    if (http != null) {
                        endpoints.add(new Endpoint(
                                pattern(root.value() + (sub == null ? "" : "/" + sub.value())), http.value()));
                    }
                }
            }
        }
    }

    /** A path template such as {@code /api/ids/{globalId}} as a pattern over request paths. */
    static Pattern pattern(String template) {
        String normalized = ("/" + template).replaceAll("/+", "/").replaceAll("(.)/$", "$1");
        StringBuilder regex = new StringBuilder();
        for (String part : normalized.split("(?=\\{)|(?<=\\})")) {
            regex.append(part.startsWith("{") ? "[^/]+" : Pattern.quote(part));
        }
        return Pattern.compile(regex + "/?");
    }

    /**
     * {@code OPTIONS} on a path of the API answers 204 with the methods that path allows, the same
     * that a 405 names (the JAX-RS layer's own answer lists every method of the resource class).
     */
    @ServerRequestFilter(preMatching = true)
    public Response options(ContainerRequestContext request) {
        if (!HttpMethod.OPTIONS.equals(request.getMethod())) {
            return null;
        }
        Set<String> allowed = of(request.getUriInfo().getPath());
        return allowed.isEmpty() ? null : Response.noContent().allow(allowed).build();
    }

    /**
     * The methods a request path is answered to, with HEAD where GET is and OPTIONS, which the
     * JAX-RS layer answers itself; empty when no resource serves the path.
     */
    public Set<String> of(String path) {
        Set<String> allowed = new TreeSet<>();
        for (Endpoint e : endpoints) {
            if (e.path().matcher(path).matches()) {
                allowed.add(e.method());
            }
        }
        if (allowed.contains("GET")) {
            allowed.add("HEAD");
        }
        if (!allowed.isEmpty()) {
            allowed.add("OPTIONS");
        }
        return allowed;
    }
}
