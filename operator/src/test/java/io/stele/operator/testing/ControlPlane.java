package io.stele.operator.testing;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.ServiceAccount;
import io.fabric8.kubernetes.api.model.authentication.TokenRequestBuilder;
import io.fabric8.kubernetes.api.model.rbac.ClusterRole;
import io.fabric8.kubernetes.api.model.rbac.ClusterRoleBinding;
import io.fabric8.kubernetes.api.model.rbac.RoleBinding;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.stele.testservers.KubernetesServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.UUID;

/**
 * A real Kubernetes API server for the operator's tests, with the operator's generated CRD
 * installed and its generated RBAC bound to a service account: the operator runs with exactly the
 * rights its install manifests give it.
 */
public final class ControlPlane implements AutoCloseable {

    public static final String OPERATOR_NAMESPACE = "stele-operator";
    private static final Path MANIFESTS = Path.of("target", "kubernetes");

    private final KubernetesServer server;
    private final KubernetesClient admin;

    private ControlPlane(KubernetesServer server) {
        this.server = server;
        this.admin = client(server.url(), KubernetesServer.ADMIN_TOKEN);
    }

    /** Starts a control plane and installs the operator's CRD and RBAC from the build's manifests. */
    public static ControlPlane start() {
        Path binaries;
        try {
            binaries = Path.of(Files.readString(Path.of(System.getProperty("kubernetes.bin.file")))
                    .trim());
        } catch (IOException e) {
            throw new UncheckedIOException("The control plane's binaries were not built (see build.sh)", e);
        }
        ControlPlane plane = new ControlPlane(KubernetesServer.start(binaries, Path.of("target")));
        plane.installOperatorManifests();
        return plane;
    }

    /** A client acting as the cluster's administrator. */
    public KubernetesClient admin() {
        return admin;
    }

    public String url() {
        return server.url();
    }

    /** Applies every object in a YAML file (several documents allowed) as the administrator, in {@code namespace} unless null. */
    public List<HasMetadata> apply(Path yaml, String namespace) {
        try (InputStream in = Files.newInputStream(yaml)) {
            var objects = admin.load(in);
            return namespace == null
                    ? objects.serverSideApply()
                    : objects.inNamespace(namespace).serverSideApply();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A new namespace with a name that no other test uses. */
    public String newNamespace(String prefix) {
        String name = prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
        admin.namespaces()
                .resource(new NamespaceBuilder()
                        .withNewMetadata()
                        .withName(name)
                        .endMetadata()
                        .build())
                .create();
        return name;
    }

    /** A token of the operator's service account, bound to the roles of its install manifests. */
    public String operatorToken() {
        return admin.serviceAccounts()
                .inNamespace(OPERATOR_NAMESPACE)
                .withName("stele-operator")
                .tokenRequest(new TokenRequestBuilder()
                        .withNewSpec()
                        .withExpirationSeconds(Duration.ofHours(2).toSeconds())
                        .endSpec()
                        .build())
                .getStatus()
                .getToken();
    }

    /** A client for {@code url} with a bearer token, trusting the test server's own certificate. */
    public static KubernetesClient client(String url, String token) {
        Config config = new ConfigBuilder()
                .withMasterUrl(url)
                .withOauthToken(token)
                .withTrustCerts(true)
                .withRequestTimeout(30_000)
                .withConnectionTimeout(10_000)
                .build();
        return new KubernetesClientBuilder().withConfig(config).build();
    }

    /** Installs a CRD and waits until the API server serves its resources. */
    public void installCrd(Path yaml) {
        for (HasMetadata crd : apply(yaml, null)) {
            admin.apiextensions()
                    .v1()
                    .customResourceDefinitions()
                    .withName(crd.getMetadata().getName())
                    .waitUntilCondition(
                            // the status comes a moment after the CRD, its conditions another moment after
                            c -> c != null
                                    && c.getStatus() != null
                                    && c.getStatus().getConditions() != null
                                    && c.getStatus().getConditions().stream()
                                            .anyMatch(s ->
                                                    "Established".equals(s.getType()) && "True".equals(s.getStatus())),
                            60,
                            java.util.concurrent.TimeUnit.SECONDS);
        }
    }

    private void installOperatorManifests() {
        installCrd(MANIFESTS.resolve("steleregistries.stele.io-v1.yml"));
        admin.namespaces()
                .resource(new NamespaceBuilder()
                        .withNewMetadata()
                        .withName(OPERATOR_NAMESPACE)
                        .endMetadata()
                        .build())
                .create();
        try (InputStream in = Files.newInputStream(MANIFESTS.resolve("kubernetes.yml"))) {
            for (HasMetadata object : admin.load(in).items()) {
                if (object instanceof ServiceAccount
                        || object instanceof ClusterRole
                        || object instanceof ClusterRoleBinding
                        || object instanceof RoleBinding) {
                    admin.resource(object).inNamespace(OPERATOR_NAMESPACE).serverSideApply();
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        admin.close();
        server.close();
    }
}
