package io.stele.operator.desired;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.GenericKubernetesResourceBuilder;
import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.ServiceBuilder;
import io.fabric8.kubernetes.api.model.networking.v1.Ingress;
import io.fabric8.kubernetes.api.model.networking.v1.IngressBuilder;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudget;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudgetBuilder;
import io.stele.operator.api.SteleRegistry;
import io.stele.operator.api.SteleRegistrySpec;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How the registry is reached and kept available: its Service, an Ingress or an OpenShift Route,
 * a Prometheus ServiceMonitor and a PodDisruptionBudget. Route and ServiceMonitor are built as
 * generic objects, since their APIs exist only on clusters that installed them.
 */
public final class Network {

    public static final String ROUTE_API = "route.openshift.io/v1";
    public static final String SERVICE_MONITOR_API = "monitoring.coreos.com/v1";

    private Network() {}

    public static Service service(SteleRegistry registry) {
        String name = registry.getMetadata().getName();
        RegistryPod.Port port = RegistryPod.port(registry.getSpec());
        return new ServiceBuilder()
                .withMetadata(Labels.metadata(registry))
                .withNewSpec()
                .withType("ClusterIP")
                .withSelector(Labels.selector(name))
                .addNewPort()
                .withName(port.name())
                .withPort(port.number())
                .withTargetPort(new IntOrString(port.name()))
                .withProtocol("TCP")
                .endPort()
                .endSpec()
                .build();
    }

    public static Ingress ingress(SteleRegistry registry) {
        SteleRegistrySpec.Expose expose = registry.getSpec().expose;
        IngressBuilder ingress = new IngressBuilder()
                .withMetadata(Labels.metadata(registry))
                .withNewSpec()
                .withIngressClassName(expose.ingressClassName)
                .addNewRule()
                .withHost(expose.host)
                .withNewHttp()
                .addNewPath()
                .withPath("/")
                .withPathType("Prefix")
                .withNewBackend()
                .withNewService()
                .withName(registry.getMetadata().getName())
                .withNewPort()
                .withName(RegistryPod.port(registry.getSpec()).name())
                .endPort()
                .endService()
                .endBackend()
                .endPath()
                .endHttp()
                .endRule()
                .endSpec();
        if (registry.getSpec().tls != null) {
            // the registry answers HTTPS only: the controller must speak it to the pods (ingress-nginx's word)
            ingress.editMetadata()
                    .addToAnnotations("nginx.ingress.kubernetes.io/backend-protocol", "HTTPS")
                    .endMetadata();
        }
        if (expose.tlsSecretName != null) {
            ingress.editSpec()
                    .addNewTl()
                    .withHosts(expose.host == null ? List.of() : List.of(expose.host))
                    .withSecretName(expose.tlsSecretName)
                    .endTl()
                    .endSpec();
        }
        return ingress.build();
    }

    /**
     * A Route to the Service, redirecting plain HTTP to HTTPS: edge-terminated, or passed through
     * to the registry when it serves HTTPS itself.
     */
    public static GenericKubernetesResource route(SteleRegistry registry) {
        Map<String, Object> spec = new LinkedHashMap<>();
        if (registry.getSpec().expose.host != null) {
            spec.put("host", registry.getSpec().expose.host);
        }
        spec.put("to", Map.of("kind", "Service", "name", registry.getMetadata().getName(), "weight", 100));
        spec.put(
                "port",
                Map.of("targetPort", RegistryPod.port(registry.getSpec()).name()));
        String termination = registry.getSpec().tls == null ? "edge" : "passthrough";
        spec.put("tls", Map.of("termination", termination, "insecureEdgeTerminationPolicy", "Redirect"));
        return new GenericKubernetesResourceBuilder()
                .withApiVersion(ROUTE_API)
                .withKind("Route")
                .withMetadata(Labels.metadata(registry))
                .withAdditionalProperties(Map.of("spec", spec))
                .build();
    }

    /** Scrapes {@code /q/metrics} on every pod behind the Service. */
    public static GenericKubernetesResource serviceMonitor(SteleRegistry registry) {
        Map<String, Object> endpoint = new LinkedHashMap<>();
        RegistryPod.Port port = RegistryPod.port(registry.getSpec());
        endpoint.put("port", port.name());
        endpoint.put("path", "/q/metrics");
        if (registry.getSpec().tls != null) {
            // the certificate names the registry's public host, not a pod: trust it, skip the name
            endpoint.put("scheme", "https");
            endpoint.put(
                    "tlsConfig",
                    Map.of(
                            "ca",
                            Map.of("secret", Map.of("name", registry.getSpec().tls.secretName, "key", "tls.crt")),
                            "insecureSkipVerify",
                            true));
        }
        if (registry.getSpec().metrics.interval != null) {
            endpoint.put("interval", registry.getSpec().metrics.interval);
        }
        Map<String, Object> spec = Map.of(
                "selector",
                Map.of("matchLabels", Labels.selector(registry.getMetadata().getName())),
                "endpoints",
                List.of(endpoint));
        return new GenericKubernetesResourceBuilder()
                .withApiVersion(SERVICE_MONITOR_API)
                .withKind("ServiceMonitor")
                .withMetadata(Labels.metadata(registry))
                .withAdditionalProperties(Map.of("spec", spec))
                .build();
    }

    public static PodDisruptionBudget podDisruptionBudget(SteleRegistry registry) {
        return new PodDisruptionBudgetBuilder()
                .withMetadata(Labels.metadata(registry))
                .withNewSpec()
                .withMaxUnavailable(new IntOrString(registry.getSpec().podDisruptionBudget.maxUnavailable))
                .withNewSelector()
                .withMatchLabels(Labels.selector(registry.getMetadata().getName()))
                .endSelector()
                .endSpec()
                .build();
    }
}
