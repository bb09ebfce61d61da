package io.stele.operator.reconcile;

import static io.stele.operator.testing.Cluster.has;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.ReplicaSet;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.api.model.networking.v1.Ingress;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudget;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.stele.operator.api.SteleRegistry;
import io.stele.operator.desired.Labels;
import io.stele.operator.testing.Cluster;
import io.stele.operator.testing.OperatorTest;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The operator, packaged and running with its generated RBAC, against a real API server and
 * controller manager on a cluster without OpenShift's or Prometheus' APIs.
 */
class OperatorIT extends OperatorTest {

    @BeforeAll
    static void start() {
        startOperator("OperatorIT", p -> {});
    }

    @ParameterizedTest
    @ValueSource(strings = {"embedded", "postgresql", "kafka", "infinispan"})
    void example_createsItsWorkloadServiceAndIngress_andReportsReadiness(String backend) {
        String ns = plane.newNamespace(backend);
        List<HasMetadata> objects = Cluster.example(backend);
        cluster.create(ns, objects);
        SteleRegistry spec = Cluster.registryOf(objects);
        String name = spec.getMetadata().getName();
        int replicas = spec.getSpec().replicas;

        boolean stateful = backend.equals("embedded") || backend.equals("kafka");
        List<EnvVar> env;
        PodSpec pod;
        if (stateful) {
            StatefulSet set = cluster.await("StatefulSet", StatefulSet.class, ns, name, s -> true);
            assertThat(set.getSpec().getReplicas()).isEqualTo(replicas);
            assertThat(set.getSpec().getVolumeClaimTemplates()).hasSize(1);
            pod = set.getSpec().getTemplate().getSpec();
            env = pod.getContainers().get(0).getEnv();
            assertThat(plane.admin()
                            .apps()
                            .deployments()
                            .inNamespace(ns)
                            .withName(name)
                            .get())
                    .isNull();
        } else {
            Deployment deployment = cluster.await("Deployment", Deployment.class, ns, name, d -> true);
            assertThat(deployment.getSpec().getReplicas()).isEqualTo(replicas);
            pod = deployment.getSpec().getTemplate().getSpec();
            env = pod.getContainers().get(0).getEnv();
            assertThat(plane.admin()
                            .apps()
                            .statefulSets()
                            .inNamespace(ns)
                            .withName(name)
                            .get())
                    .isNull();
            var container =
                    deployment.getSpec().getTemplate().getSpec().getContainers().get(0);
            assertThat(container.getLivenessProbe().getHttpGet().getPath()).isEqualTo("/q/health/live");
            assertThat(container.getReadinessProbe().getHttpGet().getPath()).isEqualTo("/q/health/ready");
        }
        assertThat(env)
                .anyMatch(e ->
                        e.getName().equals("STELE_STORAGE_KIND") && e.getValue().equals(backend));
        Cluster.assertStopsAfterItsDrain(pod, 40);
        assertThat(pod.getContainers().get(0).getImage())
                .as("the registry of the operator's own release, as no image is named")
                .isEqualTo("stele/registry:" + System.getProperty("stele.version"));
        assertThat(env)
                .as("no credential is written into the workload, only a reference to its Secret")
                .noneMatch(e -> e.getName().endsWith("PASSWORD") && e.getValue() != null);
        Service service = cluster.await("Service", Service.class, ns, name, s -> true);
        assertThat(service.getSpec().getSelector()).isEqualTo(Labels.selector(name));
        assertThat(service.getSpec().getPorts().get(0).getPort())
                .as("plain HTTP")
                .isEqualTo(8080);
        cluster.await("Ingress on a cluster without Routes", Ingress.class, ns, name, i -> true);
        if (replicas > 1) {
            PodDisruptionBudget pdb =
                    cluster.await("PodDisruptionBudget", PodDisruptionBudget.class, ns, name, p -> true);
            assertThat(pdb.getSpec().getMaxUnavailable().getIntVal()).isEqualTo(1);
        } else {
            assertThat(plane.admin()
                            .policy()
                            .v1()
                            .podDisruptionBudget()
                            .inNamespace(ns)
                            .withName(name)
                            .get())
                    .isNull();
        }

        cluster.awaitStatus(
                "status while no pod is ready",
                ns,
                name,
                r -> has(r, "Ready", "False", "ReplicasNotReady")
                        && has(r, "Progressing", "True", "StartingReplicas")
                        && has(r, "Degraded", "False", "AsExpected"));
        cluster.awaitThat(
                "pods created by the workload's controller",
                () -> cluster.pods(ns, name).size() == replicas);
        cluster.markPodsReady(ns, name);
        SteleRegistry ready = cluster.awaitStatus(
                "status once every pod is ready",
                ns,
                name,
                r -> has(r, "Ready", "True", "AllReplicasReady") && has(r, "Progressing", "False", "Complete"));
        assertThat(ready.getStatus().readyReplicas).isEqualTo(replicas);
        assertThat(ready.getStatus().url)
                .isEqualTo(
                        backend.equals("postgresql")
                                ? "http://registry.example.com"
                                : "http://" + name + "." + ns + ".svc:8080");
        assertThat(ready.getStatus().conditions).allSatisfy(c -> {
            assertThat(c.getObservedGeneration()).isEqualTo(ready.getMetadata().getGeneration());
            assertThat(c.getLastTransitionTime()).isNotBlank();
            assertThat(c.getMessage()).isNotBlank();
        });
    }

    @Test
    void invalidSpecs_areRefusedByTheApiServer_withTheRuleBroken() {
        String ns = plane.newNamespace("invalid");
        assertRefused(ns, r -> r.getSpec().replicas = 2, "the embedded storage keeps its files on one volume");
        assertRefused(ns, r -> r.getSpec().replicas = -1, "spec.replicas");
        assertRefused(ns, r -> r.getSpec().storage.kind = "mysql", "spec.storage.kind");
        assertRefused(
                ns,
                r -> r.getSpec().storage.kind = "postgresql",
                "storage.postgresql is required when storage.kind is postgresql");
        assertRefused(
                ns, r -> r.getSpec().settings.put("stele.storage.kind", "kafka"), "settings keys must be stele.*");
        assertRefused(ns, r -> r.getSpec().expose.type = "LoadBalancer", "spec.expose.type");
        assertThat(plane.admin()
                        .resources(SteleRegistry.class)
                        .inNamespace(ns)
                        .list()
                        .getItems())
                .isEmpty();
    }

    @Test
    void missingSecret_isReportedInDegraded_untilItExists() {
        String ns = plane.newNamespace("missing");
        List<HasMetadata> objects = Cluster.example("postgresql");
        cluster.create(ns, List.of(Cluster.registryOf(objects)));

        SteleRegistry reported = cluster.awaitStatus(
                "Degraded naming the missing Secret",
                ns,
                "registry",
                r -> has(r, "Degraded", "True", "ConfigurationInvalid"));
        assertThat(Cluster.condition(reported, "Degraded").orElseThrow().getMessage())
                .contains("Secret registry-db does not exist in namespace " + ns);
        assertThat(has(reported, "Ready", "False", "ConfigurationInvalid")).isTrue();
        assertThat(plane.admin()
                        .apps()
                        .deployments()
                        .inNamespace(ns)
                        .withName("registry")
                        .get())
                .isNull();

        cluster.create(
                ns, objects.stream().filter(o -> !(o instanceof SteleRegistry)).toList());
        cluster.await("the Deployment once the Secret exists", Deployment.class, ns, "registry", d -> true);
        cluster.awaitStatus("Degraded cleared", ns, "registry", r -> has(r, "Degraded", "False", "AsExpected"));
    }

    @Test
    void deletingTheResource_collectsEverythingItOwns() {
        String ns = plane.newNamespace("delete");
        cluster.create(ns, Cluster.example("postgresql"));
        cluster.await("PodDisruptionBudget", PodDisruptionBudget.class, ns, "registry", p -> true);
        cluster.awaitThat("pods", () -> cluster.pods(ns, "registry").size() == 3);

        plane.admin()
                .resources(SteleRegistry.class)
                .inNamespace(ns)
                .withName("registry")
                .delete();

        cluster.awaitGone("Deployment", Deployment.class, ns, "registry");
        cluster.awaitGone("Service", Service.class, ns, "registry");
        cluster.awaitGone("Ingress", Ingress.class, ns, "registry");
        cluster.awaitGone("PodDisruptionBudget", PodDisruptionBudget.class, ns, "registry");
        cluster.awaitThat(
                "ReplicaSets and pods collected",
                () -> replicaSets(ns).isEmpty() && cluster.pods(ns, "registry").isEmpty());
    }

    @Test
    void operatorKilledMidReconcile_convergesToTheSameObjects() {
        String calm = plane.newNamespace("calm");
        cluster.create(calm, Cluster.example("kafka"));
        StatefulSet reference = cluster.await("StatefulSet", StatefulSet.class, calm, "registry", s -> true);
        cluster.awaitStatus("reconciled", calm, "registry", r -> r.getStatus().configHash != null);

        String ns = plane.newNamespace("killed");
        operator.kill();
        cluster.create(ns, Cluster.example("kafka"));
        operator.start();
        cluster.await("the StatefulSet, written before the kill", StatefulSet.class, ns, "registry", s -> true);
        operator.kill();
        operator.start();

        StatefulSet converged = cluster.await("StatefulSet", StatefulSet.class, ns, "registry", s -> true);
        cluster.awaitStatus("reconciled after the restart", ns, "registry", r -> r.getStatus().configHash != null);
        assertThat(converged.getSpec().getTemplate())
                .isEqualTo(reference.getSpec().getTemplate());
        assertThat(converged.getSpec().getReplicas())
                .isEqualTo(reference.getSpec().getReplicas());
        assertThat(cluster.await("Service", Service.class, ns, "registry", s -> true)
                        .getSpec()
                        .getPorts())
                .isEqualTo(cluster.await("Service", Service.class, calm, "registry", s -> true)
                        .getSpec()
                        .getPorts());
        cluster.await("Ingress", Ingress.class, ns, "registry", i -> true);
        cluster.await("PodDisruptionBudget", PodDisruptionBudget.class, ns, "registry", p -> true);
        assertThat(plane.admin().apps().statefulSets().inNamespace(ns).list().getItems())
                .hasSize(1);
        assertThat(plane.admin()
                        .apps()
                        .statefulSets()
                        .inNamespace(ns)
                        .withName("registry")
                        .get()
                        .getMetadata()
                        .getGeneration())
                .as("the restarted operator wrote nothing new to the StatefulSet it found in step")
                .isEqualTo(converged.getMetadata().getGeneration());
    }

    @Test
    void routeAskedFor_onAClusterWithoutRoutes_isReportedInDegraded() {
        String ns = plane.newNamespace("noroute");
        List<HasMetadata> objects = Cluster.example("embedded");
        Cluster.registryOf(objects).getSpec().expose.type = "Route";
        cluster.create(ns, objects);

        SteleRegistry reported = cluster.awaitStatus(
                "Degraded naming the missing API",
                ns,
                "registry",
                r -> has(r, "Degraded", "True", "ExposureUnavailable"));
        assertThat(Cluster.condition(reported, "Degraded").orElseThrow().getMessage())
                .contains("no route.openshift.io/v1 API");
        cluster.await("the Service, still served", Service.class, ns, "registry", s -> true);
        assertThat(plane.admin()
                        .network()
                        .v1()
                        .ingresses()
                        .inNamespace(ns)
                        .withName("registry")
                        .get())
                .isNull();
    }

    private void assertRefused(String ns, java.util.function.Consumer<SteleRegistry> change, String message) {
        SteleRegistry registry = Cluster.registryOf(Cluster.example("embedded"));
        registry.getMetadata().setNamespace(ns);
        change.accept(registry);
        assertThatThrownBy(() -> plane.admin().resource(registry).create())
                .isInstanceOfSatisfying(KubernetesClientException.class, e -> assertThat(e.getCode())
                        .isEqualTo(422))
                .hasMessageContaining(message);
    }

    private static List<ReplicaSet> replicaSets(String ns) {
        return plane.admin().apps().replicaSets().inNamespace(ns).list().getItems();
    }
}
