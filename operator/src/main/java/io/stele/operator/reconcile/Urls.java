package io.stele.operator.reconcile;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.stele.operator.api.SteleRegistry;
import io.stele.operator.desired.Plan;
import io.stele.operator.desired.RegistryPod;
import java.util.Map;

/** The address a resource's registry is served at, for its status. */
final class Urls {

    private Urls() {}

    /**
     * The Route's host over HTTPS, the Ingress' host (HTTPS when it has TLS), and otherwise, or while
     * no host is known, the Service's address inside the cluster.
     */
    static String of(KubernetesClient client, SteleRegistry registry, Plan plan) {
        String host = registry.getSpec().expose.host;
        for (HasMetadata object : plan.apply()) {
            Plan.Kind kind = Plan.Kind.of(object);
            if (kind.equals(Plan.ROUTE)) {
                String assigned = host != null ? host : routeHost(client, registry);
                if (assigned != null) {
                    return "https://" + assigned;
                }
            } else if (kind.equals(Plan.INGRESS) && host != null) {
                return (registry.getSpec().expose.tlsSecretName != null ? "https://" : "http://") + host;
            }
        }
        RegistryPod.Port port = RegistryPod.port(registry.getSpec());
        return port.scheme().toLowerCase(java.util.Locale.ROOT) + "://"
                + registry.getMetadata().getName() + "."
                + registry.getMetadata().getNamespace() + ".svc:" + port.number();
    }

    /** The host OpenShift's router assigned to a Route that names none. */
    private static String routeHost(KubernetesClient client, SteleRegistry registry) {
        GenericKubernetesResource route = client.genericKubernetesResources(Plan.ROUTE.apiVersion(), Plan.ROUTE.kind())
                .inNamespace(registry.getMetadata().getNamespace())
                .withName(registry.getMetadata().getName())
                .get();
        if (route == null || !(route.getAdditionalProperties().get("spec") instanceof Map<?, ?> spec)) {
            return null;
        }
        return spec.get("host") instanceof String h && !h.isBlank() ? h : null;
    }
}
