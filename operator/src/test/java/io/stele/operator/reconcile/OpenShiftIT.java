package io.stele.operator.reconcile;

import static io.stele.operator.testing.Cluster.has;
import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.stele.operator.api.SteleRegistry;
import io.stele.operator.desired.Labels;
import io.stele.operator.testing.Cluster;
import io.stele.operator.testing.OperatorTest;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The operator on a cluster that serves OpenShift's {@code route.openshift.io/v1} and the
 * Prometheus operator's {@code monitoring.coreos.com/v1} APIs (their CRDs installed before the
 * operator starts): a Route instead of an Ingress, and a ServiceMonitor.
 */
class OpenShiftIT extends OperatorTest {

    @BeforeAll
    static void start() {
        startOperator("OpenShiftIT", plane -> {
            plane.installCrd(Path.of("src", "test", "resources", "crds", "routes.route.openshift.io.yaml"));
            plane.installCrd(Path.of("src", "test", "resources", "crds", "servicemonitors.monitoring.coreos.com.yaml"));
        });
    }

    @Test
    void autoExposure_onOpenShift_isAnEdgeRoute_andMetricsAServiceMonitor() {
        String ns = plane.newNamespace("openshift");
        List<HasMetadata> objects = Cluster.example("embedded");
        Cluster.registryOf(objects).getSpec().expose.host = "registry.apps.example.com";
        Cluster.registryOf(objects).getSpec().metrics.interval = "15s";
        cluster.create(ns, objects);

        GenericKubernetesResource route = awaitGeneric("Route", "route.openshift.io/v1", "Route", ns);
        Map<?, ?> spec = (Map<?, ?>) route.getAdditionalProperties().get("spec");
        assertThat(spec.get("host")).isEqualTo("registry.apps.example.com");
        assertThat(spec.get("to")).isEqualTo(Map.of("kind", "Service", "name", "registry", "weight", 100));
        assertThat(spec.get("tls"))
                .isEqualTo(Map.of("termination", "edge", "insecureEdgeTerminationPolicy", "Redirect"));
        GenericKubernetesResource monitor =
                awaitGeneric("ServiceMonitor", "monitoring.coreos.com/v1", "ServiceMonitor", ns);
        Map<?, ?> monitorSpec = (Map<?, ?>) monitor.getAdditionalProperties().get("spec");
        assertThat(monitorSpec.get("selector")).isEqualTo(Map.of("matchLabels", Labels.selector("registry")));
        assertThat(monitorSpec.get("endpoints"))
                .isEqualTo(List.of(Map.of("port", "http", "path", "/q/metrics", "interval", "15s")));

        SteleRegistry reconciled =
                cluster.awaitStatus("status with the Route's URL", ns, "registry", r -> r.getStatus().url != null);
        assertThat(reconciled.getStatus().url).isEqualTo("https://registry.apps.example.com");
        assertThat(plane.admin()
                        .network()
                        .v1()
                        .ingresses()
                        .inNamespace(ns)
                        .withName("registry")
                        .get())
                .as("no Ingress where a Route serves")
                .isNull();

        cluster.edit(ns, "registry", r -> {
            r.getSpec().expose.type = "Ingress";
            r.getSpec().metrics.serviceMonitor = false;
        });
        cluster.await(
                "the Ingress asked for",
                io.fabric8.kubernetes.api.model.networking.v1.Ingress.class,
                ns,
                "registry",
                i -> true);
        cluster.awaitThat(
                "the Route and ServiceMonitor removed",
                () -> generic("route.openshift.io/v1", "Route", ns) == null
                        && generic("monitoring.coreos.com/v1", "ServiceMonitor", ns) == null);
        cluster.awaitStatus(
                "status of the new generation", ns, "registry", r -> has(r, "Degraded", "False", "AsExpected"));
    }

    private GenericKubernetesResource awaitGeneric(String what, String apiVersion, String kind, String ns) {
        cluster.awaitThat(what, () -> generic(apiVersion, kind, ns) != null);
        return generic(apiVersion, kind, ns);
    }

    private GenericKubernetesResource generic(String apiVersion, String kind, String ns) {
        return plane.admin()
                .genericKubernetesResources(apiVersion, kind)
                .inNamespace(ns)
                .withName("registry")
                .get();
    }
}
