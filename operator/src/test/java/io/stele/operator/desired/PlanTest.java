package io.stele.operator.desired;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Probe;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.stele.operator.api.SteleRegistry;
import io.stele.operator.testing.Cluster;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class PlanTest {

    private static final Plan.Capabilities PLAIN = new Plan.Capabilities(false, false);

    @Test
    void settingName_becomesTheEnvironmentVariableTheRegistryReads() {
        assertThat(RegistryPod.variable("stele.cache.max-memory")).isEqualTo("STELE_CACHE_MAX_MEMORY");
        assertThat(RegistryPod.variable("stele.storage.kafka.bootstrap-servers"))
                .isEqualTo("STELE_STORAGE_KAFKA_BOOTSTRAP_SERVERS");
    }

    @Test
    void workload_isAStatefulSetOnlyWhereReplicasKeepFiles() {
        assertThat(plan("embedded").apply().get(0)).isInstanceOf(StatefulSet.class);
        assertThat(plan("kafka").apply().get(0)).isInstanceOf(StatefulSet.class);
        assertThat(plan("postgresql").apply().get(0)).isInstanceOf(Deployment.class);
        assertThat(plan("infinispan").apply().get(0)).isInstanceOf(Deployment.class);
    }

    @Test
    void configHash_followsSecretData_butNotReplicas() {
        SteleRegistry registry = registry("postgresql");
        Inputs secret = new Inputs(Map.of("registry-db", Map.of("password", "YQ==")), Optional.empty());
        Inputs rotated = new Inputs(Map.of("registry-db", Map.of("password", "Yg==")), Optional.empty());
        String hash = Plan.of(registry, secret, PLAIN, "image").configHash();

        assertThat(Plan.of(registry, rotated, PLAIN, "image").configHash()).isNotEqualTo(hash);
        registry.getSpec().replicas = 7;
        assertThat(Plan.of(registry, secret, PLAIN, "image").configHash()).isEqualTo(hash);
        registry.getSpec().settings.put("stele.cache.max-memory", "1G");
        assertThat(Plan.of(registry, secret, PLAIN, "image").configHash()).isNotEqualTo(hash);
    }

    @Test
    void routeOnAPlainCluster_isAProblem_andNothingExposesIt() {
        SteleRegistry registry = registry("embedded");
        registry.getSpec().expose.type = "Route";
        Plan plan = Plan.of(registry, Inputs.none(), PLAIN, "image");
        assertThat(plan.problems()).singleElement().asString().contains("route.openshift.io/v1");
        assertThat(plan.apply()).extracting(Plan.Kind::of).containsExactly(Plan.STATEFUL_SET, Plan.SERVICE);
        assertThat(plan.remove())
                .contains(Plan.INGRESS, Plan.DEPLOYMENT, Plan.PDB)
                .doesNotContain(Plan.ROUTE);
    }

    @Test
    void securedExample_servesHttpsAlone_signsInAtItsProvider_andRollsWithItsCertificate() {
        SteleRegistry registry = registry("secured");
        Inputs certificate =
                new Inputs(Map.of("registry-tls", Map.of("tls.crt", "YQ==", "tls.key", "Yg==")), Optional.empty());
        Inputs renewed =
                new Inputs(Map.of("registry-tls", Map.of("tls.crt", "Yw==", "tls.key", "ZA==")), Optional.empty());
        Plan plan = Plan.of(registry, certificate, PLAIN, "image");
        StatefulSet set = (StatefulSet) plan.apply().get(0);
        Container container =
                set.getSpec().getTemplate().getSpec().getContainers().get(0);
        assertThat(container.getEnv())
                .extracting(EnvVar::getName, EnvVar::getValue)
                .contains(
                        tuple("STELE_AUTH_ENABLED", "true"),
                        tuple("STELE_AUTH_SERVER_URL", "https://keycloak.example.com/realms/stele"),
                        tuple("STELE_AUTH_OWNER_ONLY", "true"),
                        tuple("STELE_AUTH_ROLES_READ_ONLY", "sr-readonly"),
                        tuple("STELE_TLS_CERTIFICATE", "/deployments/tls/tls.crt"),
                        tuple("STELE_TLS_KEY", "/deployments/tls/tls.key"),
                        tuple("STELE_TLS_INSECURE_REQUESTS", "disabled"));
        assertThat(container.getPorts()).singleElement().satisfies(p -> {
            assertThat(p.getName()).isEqualTo("https");
            assertThat(p.getContainerPort()).isEqualTo(8443);
        });
        for (Probe probe :
                List.of(container.getStartupProbe(), container.getLivenessProbe(), container.getReadinessProbe())) {
            assertThat(probe.getHttpGet().getScheme()).isEqualTo("HTTPS");
            assertThat(probe.getHttpGet().getPort().getStrVal()).isEqualTo("https");
        }
        assertThat(set.getSpec().getTemplate().getSpec().getVolumes())
                .anyMatch(v ->
                        v.getSecret() != null && v.getSecret().getSecretName().equals("registry-tls"));
        assertThat(Plan.of(registry, renewed, PLAIN, "image").configHash())
                .as("a renewed certificate rolls the pods")
                .isNotEqualTo(plan.configHash());
    }

    @Test
    void pod_sleepsBeforeSigterm_andIsGivenTime_forTheRegistrysDrainAndTimeout() {
        PodSpec pod = podOf(registry("postgresql"), Inputs.none());
        Cluster.assertStopsAfterItsDrain(pod, 5 + 5 + 20 + 10L);
        assertThat(pod.getContainers().get(0).getEnv())
                .extracting(EnvVar::getName, EnvVar::getValue)
                .contains(tuple("STELE_SHUTDOWN_DRAIN", "5s"), tuple("STELE_SHUTDOWN_TIMEOUT", "20s"));
    }

    @Test
    void gracePeriod_followsTheDrainTheSpecOrItsSettingsFileGives_whichThePodIsNotGivenAgain() {
        SteleRegistry registry = registry("postgresql");
        registry.getSpec().settings.put("stele.shutdown.timeout", "1m");
        Inputs file = new Inputs(Map.of(), Optional.of("stele.shutdown.drain = PT12S\n"));
        PodSpec pod = podOf(registry, file);
        assertThat(pod.getTerminationGracePeriodSeconds()).isEqualTo(5 + 12 + 60 + 10L);
        assertThat(pod.getContainers().get(0).getEnv())
                .extracting(EnvVar::getName)
                .containsOnlyOnce("STELE_SHUTDOWN_TIMEOUT")
                .doesNotContain("STELE_SHUTDOWN_DRAIN");
    }

    private static PodSpec podOf(SteleRegistry registry, Inputs inputs) {
        Deployment deployment =
                (Deployment) Plan.of(registry, inputs, PLAIN, "image").apply().get(0);
        return deployment.getSpec().getTemplate().getSpec();
    }

    private static Plan plan(String backend) {
        return Plan.of(registry(backend), Inputs.none(), PLAIN, "image");
    }

    private static SteleRegistry registry(String backend) {
        SteleRegistry registry = Cluster.registryOf(Cluster.example(backend));
        registry.getMetadata().setNamespace("test");
        return registry;
    }
}
