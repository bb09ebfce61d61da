package io.stele.operator.reconcile;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.ReplicaSet;
import io.stele.operator.api.SteleRegistry;
import io.stele.operator.desired.RegistryPod;
import io.stele.operator.testing.Cluster;
import io.stele.operator.testing.OperatorTest;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * What rolls the registry's pods: a change to the spec that reaches them, to a referenced Secret
 * or to the settings ConfigMap (a new pod template hash, so the controller manager makes a new
 * ReplicaSet), and what does not: scaling, or a change to an object the resource does not name.
 */
class RollingIT extends OperatorTest {

    @BeforeAll
    static void start() {
        startOperator("RollingIT", p -> {});
    }

    @Test
    void specChange_rollsThePods_whileScalingOnlyScales() {
        String ns = plane.newNamespace("roll");
        cluster.create(ns, Cluster.example("postgresql"));
        Deployment first = cluster.await("Deployment", Deployment.class, ns, "registry", d -> true);
        String hash = hash(first);
        cluster.awaitThat("the first ReplicaSet", () -> replicaSets(ns).size() == 1);

        edit(ns, r -> r.getSpec().settings.put("stele.cache.max-memory", "64M"));
        Deployment changed = cluster.await(
                "a new config hash after a settings change", Deployment.class, ns, "registry", d -> !hash(d).equals(
                                hash));
        assertThat(changed.getSpec()
                        .getTemplate()
                        .getSpec()
                        .getContainers()
                        .get(0)
                        .getEnv())
                .anyMatch(e -> e.getName().equals("STELE_CACHE_MAX_MEMORY")
                        && e.getValue().equals("64M"));
        cluster.awaitThat(
                "a second ReplicaSet: the pods roll", () -> replicaSets(ns).size() == 2);

        edit(ns, r -> r.getSpec().replicas = 4);
        Deployment scaled = cluster.await(
                "four replicas",
                Deployment.class,
                ns,
                "registry",
                d -> d.getSpec().getReplicas() == 4);
        assertThat(hash(scaled)).isEqualTo(hash(changed));
        cluster.awaitStatus("status of the scaled generation", ns, "registry", r -> true);
        assertThat(replicaSets(ns)).as("scaling makes no new ReplicaSet").hasSize(2);
    }

    @Test
    void secretChange_rollsThePods() {
        String ns = plane.newNamespace("secret");
        cluster.create(ns, Cluster.example("postgresql"));
        String hash = hash(cluster.await("Deployment", Deployment.class, ns, "registry", d -> true));

        cluster.updateSecret(ns, "registry-db", "password", "rotated");

        cluster.await(
                "a new config hash after the Secret changed", Deployment.class, ns, "registry", d -> !hash(d).equals(
                                hash));
        cluster.awaitThat(
                "a second ReplicaSet: the pods roll", () -> replicaSets(ns).size() == 2);
    }

    @Test
    void settingsConfigMapChange_rollsThePods_whileAnUnrelatedOneDoesNot() {
        String ns = plane.newNamespace("configmap");
        cluster.create(ns, Cluster.example("infinispan"));
        cluster.create(
                ns,
                List.of(new ConfigMapBuilder()
                        .withNewMetadata()
                        .withName("unrelated")
                        .endMetadata()
                        .addToData("application.properties", "stele.cache.version-ttl=1M\n")
                        .build()));
        String hash = hash(cluster.await("Deployment", Deployment.class, ns, "registry", d -> true));
        cluster.awaitThat("the first ReplicaSet", () -> replicaSets(ns).size() == 1);

        editConfigMap(ns, "unrelated", "stele.cache.version-ttl=2M\n");
        editConfigMap(ns, "registry-settings", "stele.cache.version-ttl=3M\n");

        Deployment rolled = cluster.await(
                "a new config hash after the settings ConfigMap changed",
                Deployment.class,
                ns,
                "registry",
                d -> !hash(d).equals(hash));
        cluster.awaitThat(
                "a second ReplicaSet: the pods roll", () -> replicaSets(ns).size() == 2);
        cluster.awaitStatus("reconciled", ns, "registry", r -> hash(rolled).equals(r.getStatus().configHash));
        assertThat(replicaSets(ns)).as("the unrelated ConfigMap rolled nothing").hasSize(2);
    }

    private void editConfigMap(String ns, String name, String properties) {
        var map = plane.admin().configMaps().inNamespace(ns).withName(name).get();
        map.getData().put("application.properties", properties);
        plane.admin().resource(map).update();
    }

    private void edit(String ns, Consumer<SteleRegistry> change) {
        cluster.edit(ns, "registry", change);
    }

    private static String hash(Deployment deployment) {
        return deployment.getSpec().getTemplate().getMetadata().getAnnotations().get(RegistryPod.CONFIG_HASH);
    }

    private static List<ReplicaSet> replicaSets(String ns) {
        return plane.admin().apps().replicaSets().inNamespace(ns).list().getItems();
    }
}
