package io.stele.operator.desired;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.stele.operator.api.SteleRegistry;
import io.stele.operator.testing.Cluster;
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

    private static Plan plan(String backend) {
        return Plan.of(registry(backend), Inputs.none(), PLAIN, "image");
    }

    private static SteleRegistry registry(String backend) {
        SteleRegistry registry = Cluster.registryOf(Cluster.example(backend));
        registry.getMetadata().setNamespace("test");
        return registry;
    }
}
