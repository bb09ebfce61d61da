package io.stele.operator.desired;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.EnvVarBuilder;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import io.fabric8.kubernetes.api.model.PodTemplateSpecBuilder;
import io.fabric8.kubernetes.api.model.Probe;
import io.fabric8.kubernetes.api.model.ProbeBuilder;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.VolumeBuilder;
import io.fabric8.kubernetes.api.model.VolumeMount;
import io.fabric8.kubernetes.api.model.VolumeMountBuilder;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.stele.operator.api.Access;
import io.stele.operator.api.SteleRegistry;
import io.stele.operator.api.SteleRegistrySpec;
import io.stele.operator.api.Storage;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The registry's pod template: its container's environment (every setting the registry reads),
 * probes, port, mounts and how it stops ({@link Drain}), stamped with the hash of the effective configuration.
 *
 * <p>The image runs {@code java -jar quarkus-run.jar} in {@code /deployments} (see the registry's
 * Dockerfile), so a settings file mounted at {@code /deployments/config/application.properties} is
 * read by the registry, below its environment variables in precedence.
 */
public final class RegistryPod {

    public static final String CONTAINER = "registry";
    /** Where the TLS Secret's {@code tls.crt} and {@code tls.key} are mounted. */
    public static final String TLS_DIR = "/deployments/tls";

    /** The port the registry serves on: plain HTTP, or HTTPS alone when the spec asks for TLS. */
    public record Port(String name, int number, String scheme) {}

    static final Port HTTP = new Port("http", 8080, "HTTP");
    static final Port HTTPS = new Port("https", 8443, "HTTPS");

    /** The port the registry of this spec serves on. */
    public static Port port(SteleRegistrySpec spec) {
        return spec.tls == null ? HTTP : HTTPS;
    }

    public static final String CONFIG_HASH = "stele.io/config-hash";
    /** Where a backend that keeps local state keeps it: a volume claimed per replica. */
    public static final String STATE_DIR = "/var/lib/stele";
    /** The folder the registry reads {@code application.properties} from. */
    public static final String CONFIG_DIR = "/deployments/config";

    static final String STATE_VOLUME = "state";
    private static final String SETTINGS_VOLUME = "settings";
    private static final String TLS_VOLUME = "tls";

    private RegistryPod() {}

    /** The pod template of {@code registry}, with {@code image} when its spec names none. */
    public static PodTemplateSpec template(SteleRegistry registry, Inputs inputs, String defaultImage) {
        SteleRegistrySpec spec = registry.getSpec();
        List<VolumeMount> mounts = new ArrayList<>();
        List<Volume> volumes = new ArrayList<>();
        if (Workloads.keepsLocalState(spec)) {
            mounts.add(new VolumeMountBuilder()
                    .withName(STATE_VOLUME)
                    .withMountPath(STATE_DIR)
                    .build());
        }
        if (spec.settingsConfigMap != null) {
            mounts.add(new VolumeMountBuilder()
                    .withName(SETTINGS_VOLUME)
                    .withMountPath(CONFIG_DIR)
                    .withReadOnly(true)
                    .build());
            volumes.add(new VolumeBuilder()
                    .withName(SETTINGS_VOLUME)
                    .withNewConfigMap()
                    .withName(spec.settingsConfigMap.name)
                    .addNewItem()
                    .withKey(spec.settingsConfigMap.key)
                    .withPath("application.properties")
                    .endItem()
                    .endConfigMap()
                    .build());
        }
        if (spec.tls != null) {
            mounts.add(new VolumeMountBuilder()
                    .withName(TLS_VOLUME)
                    .withMountPath(TLS_DIR)
                    .withReadOnly(true)
                    .build());
            volumes.add(new VolumeBuilder()
                    .withName(TLS_VOLUME)
                    .withNewSecret()
                    .withSecretName(spec.tls.secretName)
                    .endSecret()
                    .build());
        }
        Port port = port(spec);
        Drain drain = Drain.of(spec, inputs);
        List<EnvVar> env = environment(spec);
        drain.defaulted().forEach((setting, value) -> env.add(value(setting, value)));
        Container container = new ContainerBuilder()
                .withName(CONTAINER)
                .withImage(spec.image == null || spec.image.isBlank() ? defaultImage : spec.image)
                .withImagePullPolicy(spec.imagePullPolicy)
                .withEnv(env)
                .addNewPort()
                .withName(port.name())
                .withContainerPort(port.number())
                .withProtocol("TCP")
                .endPort()
                .withStartupProbe(probe(port, "/q/health/started", 5, 60))
                .withLivenessProbe(probe(port, "/q/health/live", 10, 3))
                .withReadinessProbe(probe(port, "/q/health/ready", 5, 3))
                .withNewLifecycle()
                .withNewPreStop()
                .withNewSleep(Drain.PRE_STOP.toSeconds())
                .endPreStop()
                .endLifecycle()
                .withResources(spec.resources)
                .withVolumeMounts(mounts)
                .build();
        PodTemplateSpec template = new PodTemplateSpecBuilder()
                .withNewMetadata()
                .withLabels(Labels.of(registry.getMetadata().getName()))
                .endMetadata()
                .withNewSpec()
                .withTerminationGracePeriodSeconds(drain.gracePeriodSeconds())
                .withContainers(container)
                .withVolumes(volumes)
                .endSpec()
                .build();
        template.getMetadata().getAnnotations().put(CONFIG_HASH, hash(template, inputs));
        return template;
    }

    /**
     * The registry's environment: the storage's settings, the spec's {@code settings}, and
     * credentials by reference to their Secret only.
     */
    static List<EnvVar> environment(SteleRegistrySpec spec) {
        List<EnvVar> env = new ArrayList<>();
        Storage storage = spec.storage;
        env.add(value("stele.storage.kind", storage.kind));
        switch (storage.kind) {
            case Storage.EMBEDDED -> env.add(value("stele.storage.embedded.dir", STATE_DIR + "/embedded"));
            case Storage.POSTGRESQL -> {
                Storage.Postgresql pg = storage.postgresql;
                env.add(value("stele.storage.postgresql.url", pg.url));
                env.add(secret(
                        "stele.storage.postgresql.username",
                        pg.credentialsSecret.name,
                        pg.credentialsSecret.usernameKey));
                env.add(secret(
                        "stele.storage.postgresql.password",
                        pg.credentialsSecret.name,
                        pg.credentialsSecret.passwordKey));
                optional(env, "stele.storage.postgresql.pool-size", pg.poolSize);
            }
            case Storage.KAFKA -> {
                Storage.Kafka kafka = storage.kafka;
                env.add(value("stele.storage.kafka.bootstrap-servers", kafka.bootstrapServers));
                optional(env, "stele.storage.kafka.topic", kafka.topic);
                optional(env, "stele.storage.kafka.replication-factor", kafka.replicationFactor);
                optional(env, "stele.storage.kafka.min-insync-replicas", kafka.minInsyncReplicas);
                env.add(value("stele.storage.kafka.state-dir", STATE_DIR + "/kafka-state"));
            }
            case Storage.INFINISPAN -> {
                Storage.Infinispan ispn = storage.infinispan;
                env.add(value("stele.storage.infinispan.servers", ispn.servers));
                if (ispn.credentialsSecret != null) {
                    Storage.Credentials c = ispn.credentialsSecret;
                    env.add(secret("stele.storage.infinispan.username", c.name, c.usernameKey));
                    env.add(secret("stele.storage.infinispan.password", c.name, c.passwordKey));
                }
                optional(env, "stele.storage.infinispan.cache-mode", ispn.cacheMode);
                optional(env, "stele.storage.infinispan.owners", ispn.owners);
            }
            default -> throw new IllegalArgumentException("Unknown storage kind " + storage.kind);
        }
        if (spec.auth != null) {
            authentication(env, spec.auth);
        }
        if (spec.tls != null) {
            env.add(value("stele.tls.certificate", TLS_DIR + "/tls.crt"));
            env.add(value("stele.tls.key", TLS_DIR + "/tls.key"));
            env.add(value("stele.tls.port", Integer.toString(HTTPS.number())));
            env.add(value("stele.tls.insecure-requests", "disabled"));
        }
        if (spec.settings != null) {
            spec.settings.entrySet().stream()
                    .sorted(Map.Entry.comparingByKey())
                    .forEach(e -> env.add(value(e.getKey(), e.getValue())));
        }
        return env;
    }

    private static void authentication(List<EnvVar> env, Access.Auth auth) {
        env.add(value("stele.auth.enabled", "true"));
        env.add(value("stele.auth.server-url", auth.serverUrl));
        optional(env, "stele.auth.role-claim", auth.roleClaim);
        if (auth.roles != null) {
            optional(env, "stele.auth.roles.admin", auth.roles.admin);
            optional(env, "stele.auth.roles.developer", auth.roles.developer);
            optional(env, "stele.auth.roles.read-only", auth.roles.readOnly);
        }
        optional(env, "stele.auth.anonymous-reads", auth.anonymousReads);
        optional(env, "stele.auth.owner-only", auth.ownerOnly);
        optional(env, "stele.auth.audience", auth.audience);
        optional(env, "stele.auth.basic.enabled", auth.basicCredentials);
    }

    /**
     * The environment variable the registry reads a setting from: every character that is not a
     * letter or a digit becomes {@code _}, the rest upper case ({@code stele.cache.max-memory}
     * becomes {@code STELE_CACHE_MAX_MEMORY}), as MicroProfile Config maps them.
     */
    public static String variable(String setting) {
        return setting.replaceAll("[^A-Za-z0-9]", "_").toUpperCase(Locale.ROOT);
    }

    private static EnvVar value(String setting, String value) {
        return new EnvVarBuilder().withName(variable(setting)).withValue(value).build();
    }

    private static void optional(List<EnvVar> env, String setting, Object value) {
        if (value != null) {
            env.add(value(setting, value.toString()));
        }
    }

    private static EnvVar secret(String setting, String secret, String key) {
        return new EnvVarBuilder()
                .withName(variable(setting))
                .withNewValueFrom()
                .withNewSecretKeyRef()
                .withName(secret)
                .withKey(key)
                .endSecretKeyRef()
                .endValueFrom()
                .build();
    }

    private static Probe probe(Port port, String path, int periodSeconds, int failureThreshold) {
        return new ProbeBuilder()
                .withNewHttpGet()
                .withPath(path)
                .withNewPort(port.name())
                .withScheme(port.scheme())
                .endHttpGet()
                .withPeriodSeconds(periodSeconds)
                .withFailureThreshold(failureThreshold)
                .withTimeoutSeconds(3)
                .build();
    }

    private static String hash(PodTemplateSpec template, Inputs inputs) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            sha.update(Serialization.asJson(template).getBytes(StandardCharsets.UTF_8));
            inputs.secrets().forEach((name, data) -> {
                sha.update(("\0secret\0" + name).getBytes(StandardCharsets.UTF_8));
                data.forEach((k, v) -> sha.update(("\0" + k + "=" + v).getBytes(StandardCharsets.UTF_8)));
            });
            inputs.settingsFile()
                    .ifPresent(file -> sha.update(("\0settings\0" + file).getBytes(StandardCharsets.UTF_8)));
            return HexFormat.of().formatHex(sha.digest()).substring(0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
