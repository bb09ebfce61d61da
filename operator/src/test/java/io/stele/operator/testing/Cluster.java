package io.stele.operator.testing;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodConditionBuilder;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.PodStatusBuilder;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.stele.operator.api.SteleRegistry;
import io.stele.operator.desired.Labels;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

/** What the operator's tests do with the cluster: apply examples, wait for objects, play the kubelet. */
public final class Cluster {

    /** How long the operator, the controller manager or the garbage collector may take to act. */
    public static final Duration ACT = Duration.ofSeconds(60);

    private final KubernetesClient client;

    public Cluster(KubernetesClient client) {
        this.client = client;
    }

    public KubernetesClient client() {
        return client;
    }

    /** The objects of an example in docs/operator/, the SteleRegistry among them. */
    public static List<HasMetadata> example(String name) {
        Path file = Path.of("..", "docs", "operator", name + ".yaml");
        try {
            Object parsed = new KubernetesSerialization().unmarshal(Files.newInputStream(file));
            List<?> objects = parsed instanceof List<?> several ? several : List.of(parsed);
            return objects.stream()
                    .map(HasMetadata.class::cast)
                    .map(o -> "SteleRegistry".equals(o.getKind())
                            ? Serialization.unmarshal(Serialization.asJson(o), SteleRegistry.class)
                            : o)
                    .map(HasMetadata.class::cast)
                    .collect(java.util.stream.Collectors.toList());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The SteleRegistry of an example. */
    public static SteleRegistry registryOf(List<HasMetadata> objects) {
        return objects.stream()
                .filter(SteleRegistry.class::isInstance)
                .map(SteleRegistry.class::cast)
                .findFirst()
                .orElseThrow();
    }

    /** Creates every object in {@code namespace}. */
    public void create(String namespace, List<HasMetadata> objects) {
        for (HasMetadata object : objects) {
            object.getMetadata().setNamespace(namespace);
            client.resource(object).create();
        }
    }

    public SteleRegistry registry(String namespace, String name) {
        return client.resources(SteleRegistry.class)
                .inNamespace(namespace)
                .withName(name)
                .get();
    }

    /** Waits until the named object of {@code type} exists and passes {@code test}; returns it. */
    public <T extends HasMetadata> T await(
            String what, Class<T> type, String namespace, String name, Predicate<T> test) {
        return org.awaitility.Awaitility.await()
                .alias(what)
                .atMost(ACT)
                .pollInterval(Duration.ofMillis(200))
                .until(
                        () -> client.resources(type)
                                .inNamespace(namespace)
                                .withName(name)
                                .get(),
                        o -> o != null && test.test(o));
    }

    /**
     * Changes the registry's spec. The operator writes the resource's status meanwhile, which makes
     * an update from a stale read fail with 409 Conflict: that is retried on a fresh read.
     */
    public void edit(String namespace, String name, java.util.function.Consumer<SteleRegistry> change) {
        awaitThat("a change to " + namespace + "/" + name + " without a conflict", () -> {
            SteleRegistry registry = registry(namespace, name);
            change.accept(registry);
            try {
                client.resource(registry).update();
                return true;
            } catch (io.fabric8.kubernetes.client.KubernetesClientException e) {
                if (e.getCode() == 409) {
                    return false;
                }
                throw e;
            }
        });
    }

    /** Waits until {@code condition} holds. */
    public void awaitThat(String what, java.util.concurrent.Callable<Boolean> condition) {
        org.awaitility.Awaitility.await()
                .alias(what)
                .atMost(ACT)
                .pollInterval(Duration.ofMillis(200))
                .until(condition);
    }

    /** Waits until the named object of {@code type} is gone. */
    public void awaitGone(String what, Class<? extends HasMetadata> type, String namespace, String name) {
        org.awaitility.Awaitility.await()
                .alias(what)
                .atMost(ACT)
                .pollInterval(Duration.ofMillis(200))
                .until(() -> client.resources(type)
                                .inNamespace(namespace)
                                .withName(name)
                                .get()
                        == null);
    }

    /** Waits until the registry's status, written for its current generation, passes {@code test}. */
    public SteleRegistry awaitStatus(String what, String namespace, String name, Predicate<SteleRegistry> test) {
        return await(
                what,
                SteleRegistry.class,
                namespace,
                name,
                r -> r.getStatus() != null
                        && r.getStatus().observedGeneration != null
                        && r.getStatus()
                                .observedGeneration
                                .equals(r.getMetadata().getGeneration())
                        && test.test(r));
    }

    /** The condition of {@code type} in the registry's status. */
    public static Optional<Condition> condition(SteleRegistry registry, String type) {
        return registry.getStatus() == null
                ? Optional.empty()
                : registry.getStatus().conditions.stream()
                        .filter(c -> type.equals(c.getType()))
                        .findFirst();
    }

    /** Whether the registry's condition {@code type} has {@code status} and {@code reason}. */
    public static boolean has(SteleRegistry registry, String type, String status, String reason) {
        return condition(registry, type)
                .filter(c -> status.equals(c.getStatus()) && reason.equals(c.getReason()))
                .isPresent();
    }

    /** The registry's pods, as the workload's controller created them. */
    public List<Pod> pods(String namespace, String name) {
        return client.pods()
                .inNamespace(namespace)
                .withLabels(Labels.selector(name))
                .list()
                .getItems();
    }

    /**
     * Marks every pod of the registry running and ready, as the kubelet would once its readiness
     * probe passes: no kubelet runs here, so pods never start on their own.
     */
    public void markPodsReady(String namespace, String name) {
        String now = Instant.now().toString();
        for (Pod pod : pods(namespace, name)) {
            pod.setStatus(new PodStatusBuilder()
                    .withPhase("Running")
                    .withConditions(
                            new PodConditionBuilder()
                                    .withType("PodScheduled")
                                    .withStatus("True")
                                    .withLastTransitionTime(now)
                                    .build(),
                            new PodConditionBuilder()
                                    .withType("Initialized")
                                    .withStatus("True")
                                    .withLastTransitionTime(now)
                                    .build(),
                            new PodConditionBuilder()
                                    .withType("ContainersReady")
                                    .withStatus("True")
                                    .withLastTransitionTime(now)
                                    .build(),
                            new PodConditionBuilder()
                                    .withType("Ready")
                                    .withStatus("True")
                                    .withLastTransitionTime(now)
                                    .build())
                    .addNewContainerStatus()
                    .withName("registry")
                    .withImage(pod.getSpec().getContainers().get(0).getImage())
                    .withImageID("")
                    .withReady(true)
                    .withStarted(true)
                    .withRestartCount(0)
                    .withNewState()
                    .withNewRunning()
                    .withStartedAt(now)
                    .endRunning()
                    .endState()
                    .endContainerStatus()
                    .withStartTime(now)
                    .build());
            String podName = pod.getMetadata().getName();
            awaitThat("pod " + podName + " marked ready without a conflict", () -> {
                try {
                    Pod fresh = client.pods()
                            .inNamespace(namespace)
                            .withName(podName)
                            .get();
                    fresh.setStatus(pod.getStatus());
                    client.pods().inNamespace(namespace).resource(fresh).updateStatus();
                    return true;
                } catch (io.fabric8.kubernetes.client.KubernetesClientException e) {
                    if (e.getCode() == 409) {
                        return false;
                    }
                    throw e;
                }
            });
        }
    }

    /** Replaces a Secret's string data. */
    public void updateSecret(String namespace, String name, String key, String value) {
        Secret secret = client.secrets().inNamespace(namespace).withName(name).get();
        secret.getData()
                .put(
                        key,
                        java.util.Base64.getEncoder()
                                .encodeToString(value.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        client.resource(secret).update();
    }

    /**
     * Checks how a registry pod stops: a 5 s preStop sleep, and a grace period covering it, the
     * registry's drain and timeout, and the margin (docs/operator.md).
     */
    public static void assertStopsAfterItsDrain(PodSpec pod, long gracePeriodSeconds) {
        assertThat(pod.getContainers()
                        .get(0)
                        .getLifecycle()
                        .getPreStop()
                        .getSleep()
                        .getSeconds())
                .as("the preStop sleep, while endpoints drop the terminating pod")
                .isEqualTo(5L);
        assertThat(pod.getTerminationGracePeriodSeconds())
                .as("preStop, the registry's drain and timeout, and a margin")
                .isEqualTo(gracePeriodSeconds);
    }
}
