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
        return new ServiceBuilder()
                .withMetadata(Labels.metadata(registry))
                .withNewSpec()
                .withType("ClusterIP")
                .withSelector(Labels.selector(name))
                .addNewPort()
                .withName(RegistryPod.PORT_NAME)
                .withPort(RegistryPod.PORT)
                .withTargetPort(new IntOrString(RegistryPod.PORT_NAME))
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
                .withName(RegistryPod.PORT_NAME)
                .endPort()
                .endService()
                .endBackend()
                .endPath()
                .endHttp()
                .endRule()
                .endSpec();
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

    /** An edge-terminated Route to the Service, redirecting plain HTTP to HTTPS. */
    public static GenericKubernetesResource route(SteleRegistry registry) {
        Map<String, Object> spec = new LinkedHashMap<>();
        if (registry.getSpec().expose.host != null) {
            spec.put("host", registry.getSpec().expose.host);
        }
        spec.put("to", Map.of("kind", "Service", "name", registry.getMetadata().getName(), "weight", 100));
        spec.put("port", Map.of("targetPort", RegistryPod.PORT_NAME));
        spec.put("tls", Map.of("termination", "edge", "insecureEdgeTerminationPolicy", "Redirect"));
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
        endpoint.put("port", RegistryPod.PORT_NAME);
        endpoint.put("path", "/q/metrics");
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
