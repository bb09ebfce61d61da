package io.stele.operator.desired;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Probe;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.VolumeMount;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.stele.operator.api.SteleRegistry;
import io.stele.operator.testing.Cluster;
import io.stele.operator.testing.OperatorTest;
import io.stele.testservers.InfinispanServer;
import io.stele.testservers.KafkaServer;
import io.stele.testservers.KeycloakServer;
import io.stele.testservers.PostgresServer;
import io.stele.testservers.RegistryProcess;
import io.stele.testservers.SelfSignedTls;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Base64;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Each backend's example from docs/operator/, reconciled by the operator, and then the container it
 * wrote run for real: the packaged registry started with exactly that container's environment
 * (Secret and ConfigMap references resolved as the kubelet resolves them) and its mounted settings
 * file, against a real PostgreSQL, Kafka broker or Infinispan server. Only the image is left aside:
 * the jar runs in a folder standing for the image's {@code /deployments}, mount paths point into the
 * test's folder, and the HTTP port is a free one. So a setting the operator writes wrongly fails here.
 */
class ConfigurationRunsIT extends OperatorTest {

    private static final String BIG_SCHEMA = "{\"type\":\"string\",\"doc\":\"" + "x".repeat(5000) + "\"}";

    @BeforeAll
    static void start() {
        startOperator("ConfigurationRunsIT", p -> {});
    }

    @Test
    void embeddedExample_runsTheRegistry() throws Exception {
        List<HasMetadata> objects = Cluster.example("embedded");
        Cluster.registryOf(objects).getSpec().settings.put("stele.api.max-content-size", "4K");
        runs("embedded", objects);
    }

    @Test
    void postgresqlExample_runsTheRegistry() throws Exception {
        try (PostgresServer postgres = PostgresServer.start(Path.of("target"))) {
            List<HasMetadata> objects = Cluster.example("postgresql");
            SteleRegistry registry = Cluster.registryOf(objects);
            registry.getSpec().storage.postgresql.url = postgres.jdbcUrl(postgres.createDatabase());
            registry.getSpec().settings.put("stele.api.max-content-size", "4K");
            Secret secret = (Secret) objects.get(0);
            secret.setStringData(Map.of("username", PostgresServer.USER, "password", PostgresServer.PASSWORD));
            runs("postgresql", objects);
        }
    }

    @Test
    void kafkaExample_runsTheRegistry() throws Exception {
        try (KafkaServer kafka = KafkaServer.start(Path.of("target"))) {
            List<HasMetadata> objects = Cluster.example("kafka");
            SteleRegistry registry = Cluster.registryOf(objects);
            registry.getSpec().storage.kafka.bootstrapServers = kafka.bootstrapServers();
            registry.getSpec().storage.kafka.replicationFactor = 1;
            registry.getSpec().storage.kafka.minInsyncReplicas = 1;
            registry.getSpec().settings.put("stele.api.max-content-size", "4K");
            runs("kafka", objects);
        }
    }

    @Test
    void infinispanExample_runsTheRegistry_withItsSettingsFile() throws Exception {
        try (InfinispanServer infinispan = InfinispanServer.start(Path.of("target"), 1)) {
            List<HasMetadata> objects = Cluster.example("infinispan");
            SteleRegistry registry = Cluster.registryOf(objects);
            registry.getSpec().storage.infinispan.servers = infinispan.servers();
            // the test's server has no authentication, which a client sending credentials would fail
            registry.getSpec().storage.infinispan.credentialsSecret = null;
            ConfigMap settings = (ConfigMap) objects.stream()
                    .filter(ConfigMap.class::isInstance)
                    .findFirst()
                    .orElseThrow();
            settings.getData().merge("application.properties", "stele.api.max-content-size=4K\n", String::concat);
            runs("infinispan", objects);
        }
    }

    @Test
    void securedExample_runsTheRegistry_overHttpsAlone_signedInAtTheProvider() throws Exception {
        List<HasMetadata> objects = Cluster.example("secured");
        SteleRegistry registry = Cluster.registryOf(objects);
        registry.getSpec().auth.serverUrl = KeycloakServer.shared().issuer();
        registry.getSpec().settings.put("stele.api.max-content-size", "4K");
        SelfSignedTls tls =
                SelfSignedTls.create(Files.createTempDirectory(Path.of("target").toAbsolutePath(), "tls-"));
        Secret certificate = (Secret) objects.get(0);
        certificate.setStringData(
                Map.of("tls.crt", Files.readString(tls.certificate()), "tls.key", Files.readString(tls.key())));
        runs("embedded", objects, tls, "Authorization", KeycloakServer.basic("stele-developer"));
    }

    private void runs(String backend, List<HasMetadata> objects) throws Exception {
        runs(backend, objects, null);
    }

    /**
     * Applies the example, takes the container the operator wrote and runs the registry with it.
     *
     * @param tls the certificate the example's Secret holds, when the registry serves HTTPS
     * @param headers what a client adds to its writes (credentials), names and values
     */
    private void runs(String backend, List<HasMetadata> objects, SelfSignedTls tls, String... headers)
            throws Exception {
        String ns = plane.newNamespace("runs-" + backend);
        cluster.create(ns, objects);
        SteleRegistry registry = Cluster.registryOf(objects);
        String name = registry.getMetadata().getName();
        PodSpec pod = Workloads.keepsLocalState(registry.getSpec())
                ? cluster.await("StatefulSet", StatefulSet.class, ns, name, s -> true)
                        .getSpec()
                        .getTemplate()
                        .getSpec()
                : cluster.await("Deployment", Deployment.class, ns, name, d -> true)
                        .getSpec()
                        .getTemplate()
                        .getSpec();
        Container container = pod.getContainers().get(0);

        Path root = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "container-" + backend + "-");
        Path deployments = Files.createDirectories(root.resolve("deployments"));
        Map<String, String> paths = new LinkedHashMap<>();
        paths.put("/deployments", deployments.toString());
        for (VolumeMount mount : container.getVolumeMounts()) {
            Path local = mount.getMountPath().startsWith("/deployments/")
                    ? deployments.resolve(mount.getMountPath().substring("/deployments/".length()))
                    : root.resolve("volumes").resolve(mount.getName());
            Files.createDirectories(local);
            paths.put(mount.getMountPath(), local.toString());
            mountConfigMap(ns, pod, mount, local);
            mountSecret(ns, pod, mount, local);
        }
        Map<String, String> env = new LinkedHashMap<>();
        for (EnvVar variable : container.getEnv()) {
            env.put(variable.getName(), withLocalPaths(resolve(ns, variable), paths));
        }

        RegistryProcess prepared = new RegistryProcess(new HashMap<>(), root.resolve("registry.log"))
                .environment(env)
                .workingDirectory(deployments);
        if (tls != null) {
            prepared.trusting(tls); // only the port is the test's: the certificate is the Secret's, as mounted
        }
        try (RegistryProcess process = prepared.start()) {
            for (Probe probe :
                    List.of(container.getStartupProbe(), container.getLivenessProbe(), container.getReadinessProbe())) {
                assertThat(probe.getHttpGet().getPort().getStrVal())
                        .isEqualTo(container.getPorts().get(0).getName());
                assertThat(probe.getHttpGet().getScheme())
                        .isEqualTo(process.baseUri().getScheme().toUpperCase(Locale.ROOT));
                assertThat(process.send("GET", probe.getHttpGet().getPath(), null)
                                .statusCode())
                        .as("probe " + probe.getHttpGet().getPath())
                        .isEqualTo(200);
            }
            HttpResponse<String> created = process.send(
                    "POST",
                    "/api/artifacts",
                    "{\"type\":\"string\"}",
                    with(headers, "X-Registry-ArtifactId", "from-operator", "Content-Type", "application/json"));
            assertThat(created.statusCode()).as(created.body()).isEqualTo(200);
            assertThat(process.send("GET", "/api/artifacts/from-operator", null, headers)
                            .body())
                    .isEqualTo("{\"type\":\"string\"}");
            if (headers.length > 0) {
                assertThat(process.send("GET", "/api/artifacts/from-operator", null)
                                .statusCode())
                        .as("without credentials")
                        .isEqualTo(401);
            }
            HttpResponse<String> tooBig = process.send(
                    "POST",
                    "/api/artifacts",
                    BIG_SCHEMA,
                    with(headers, "X-Registry-ArtifactId", "big", "Content-Type", "application/json"));
            assertThat(tooBig.statusCode())
                    .as("stele.api.max-content-size=4K, set through the resource, reached the registry")
                    .isEqualTo(413);
            assertThat(process.log())
                    .contains("Storage backend '" + backend + "' started")
                    .doesNotContain("Unrecognized configuration key");
            process.terminate(); // as the kubelet stops the container, after its preStop hook
            assertThat(process.awaitExit(Duration.ofSeconds(pod.getTerminationGracePeriodSeconds())))
                    .as("exit status after SIGTERM, within the pod's grace period")
                    .isZero();
            assertThat(process.log()).contains("still serving for 5 s");
        }
    }

    private String resolve(String ns, EnvVar variable) {
        if (variable.getValueFrom() == null) {
            return variable.getValue();
        }
        var ref = variable.getValueFrom().getSecretKeyRef();
        Secret secret =
                plane.admin().secrets().inNamespace(ns).withName(ref.getName()).get();
        return new String(Base64.getDecoder().decode(secret.getData().get(ref.getKey())), StandardCharsets.UTF_8);
    }

    private void mountConfigMap(String ns, PodSpec pod, VolumeMount mount, Path local) throws IOException {
        Volume volume = pod.getVolumes().stream()
                .filter(v -> v.getName().equals(mount.getName()))
                .findFirst()
                .orElse(null);
        if (volume == null || volume.getConfigMap() == null) {
            return;
        }
        ConfigMap map = plane.admin()
                .configMaps()
                .inNamespace(ns)
                .withName(volume.getConfigMap().getName())
                .get();
        for (var item : volume.getConfigMap().getItems()) {
            Files.writeString(local.resolve(item.getPath()), map.getData().get(item.getKey()));
        }
    }

    private void mountSecret(String ns, PodSpec pod, VolumeMount mount, Path local) throws IOException {
        Volume volume = pod.getVolumes().stream()
                .filter(v -> v.getName().equals(mount.getName()))
                .findFirst()
                .orElse(null);
        if (volume == null || volume.getSecret() == null) {
            return;
        }
        Secret secret = plane.admin()
                .secrets()
                .inNamespace(ns)
                .withName(volume.getSecret().getSecretName())
                .get();
        for (var entry : secret.getData().entrySet()) {
            Files.write(local.resolve(entry.getKey()), Base64.getDecoder().decode(entry.getValue()));
        }
    }

    private static String[] with(String[] headers, String... more) {
        String[] all = Arrays.copyOf(headers, headers.length + more.length);
        System.arraycopy(more, 0, all, headers.length, more.length);
        return all;
    }

    private static String withLocalPaths(String value, Map<String, String> paths) {
        String result = value;
        for (var mount : paths.entrySet()) {
            if (result.startsWith(mount.getKey() + "/") || result.equals(mount.getKey())) {
                result = mount.getValue() + result.substring(mount.getKey().length());
            }
        }
        return result;
    }
}
