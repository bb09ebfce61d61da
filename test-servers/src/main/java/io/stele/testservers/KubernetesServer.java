package io.stele.testservers;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509TrustManager;

/**
 * A Kubernetes control plane on loopback: etcd, kube-apiserver and kube-controller-manager (so
 * that owner references are garbage-collected and Deployments make ReplicaSets and pods), run from
 * binaries built by the operator module's build. No kubelet and no scheduler run, so pods are
 * created but never start. One token, in the {@code system:masters} group, is the administrator.
 *
 * <p>{@link #start} fails loudly, with the log of the part that did not start.
 */
public final class KubernetesServer implements AutoCloseable {

    /** The administrator's bearer token. */
    public static final String ADMIN_TOKEN = "stele-admin-token";

    private static final Duration START_TIMEOUT = Duration.ofSeconds(90);
    private static final int ATTEMPTS = 3;

    private final Path home;
    private final List<Process> processes = new ArrayList<>();
    private int securePort;

    private KubernetesServer(Path home) {
        this.home = home;
    }

    /**
     * Starts a control plane from the binaries in {@code binaries}, keeping its files in a new
     * folder under {@code parent}. A part that exits while starting (a port taken meanwhile) is
     * started again on new ports, up to three times.
     */
    public static KubernetesServer start(Path binaries, Path parent) {
        for (String binary : List.of("etcd", "kube-apiserver", "kube-controller-manager")) {
            if (!Files.isExecutable(binaries.resolve(binary))) {
                throw new IllegalStateException(binary + " is missing from " + binaries
                        + "; the operator module's build makes it (operator/src/test/kubernetes/build.sh).");
            }
        }
        try {
            Files.createDirectories(parent);
            KubernetesServer server =
                    new KubernetesServer(Files.createTempDirectory(parent.toAbsolutePath(), "stele-kubernetes-"));
            server.prepare();
            for (int attempt = 1; ; attempt++) {
                try {
                    server.launch(binaries);
                    return server;
                } catch (IllegalStateException e) {
                    server.close();
                    if (attempt == ATTEMPTS) {
                        throw e;
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot prepare a Kubernetes control plane: " + e.getMessage(), e);
        }
    }

    /** The API server's address, for example {@code https://127.0.0.1:41234}; its certificate is self-signed. */
    public String url() {
        return "https://127.0.0.1:" + securePort;
    }

    /** A kubeconfig file for the administrator, for kubectl and other clients. */
    public Path kubeconfig() {
        return home.resolve("kubeconfig");
    }

    private void prepare() throws IOException {
        Files.writeString(home.resolve("tokens.csv"), ADMIN_TOKEN + ",admin,admin,system:masters\n");
        run(List.of("openssl", "genrsa", "-out", home.resolve("sa.key").toString(), "2048"));
        run(List.of(
                "openssl",
                "rsa",
                "-in",
                home.resolve("sa.key").toString(),
                "-pubout",
                "-out",
                home.resolve("sa.pub").toString()));
    }

    private void launch(Path bin) throws IOException {
        int etcdPort = Local.freePort();
        int peerPort = Local.freePort();
        securePort = Local.freePort();
        Files.writeString(
                kubeconfig(),
                """
                apiVersion: v1
                kind: Config
                clusters:
                - name: stele
                  cluster:
                    server: %s
                    insecure-skip-tls-verify: true
                users:
                - name: admin
                  user:
                    token: %s
                contexts:
                - name: stele
                  context:
                    cluster: stele
                    user: admin
                current-context: stele
                """
                        .formatted(url(), ADMIN_TOKEN));
        String etcdUrl = "http://127.0.0.1:" + etcdPort;
        Path data = home.resolve("etcd-" + etcdPort);
        processes.add(launch(
                "etcd",
                bin.resolve("etcd").toString(),
                "--data-dir=" + data,
                "--listen-client-urls=" + etcdUrl,
                "--advertise-client-urls=" + etcdUrl,
                "--listen-peer-urls=http://127.0.0.1:" + peerPort,
                "--initial-advertise-peer-urls=http://127.0.0.1:" + peerPort,
                "--initial-cluster=default=http://127.0.0.1:" + peerPort));
        processes.add(launch(
                "kube-apiserver",
                bin.resolve("kube-apiserver").toString(),
                "--etcd-servers=" + etcdUrl,
                "--bind-address=127.0.0.1",
                "--advertise-address=127.0.0.1",
                "--secure-port=" + securePort,
                "--cert-dir=" + home.resolve("certs"),
                "--token-auth-file=" + home.resolve("tokens.csv"),
                "--authorization-mode=RBAC",
                "--service-account-issuer=https://stele.test",
                "--service-account-key-file=" + home.resolve("sa.pub"),
                "--service-account-signing-key-file=" + home.resolve("sa.key"),
                "--service-cluster-ip-range=10.0.0.0/24"));
        awaitReady();
        processes.add(launch(
                "kube-controller-manager",
                bin.resolve("kube-controller-manager").toString(),
                "--kubeconfig=" + kubeconfig(),
                "--bind-address=127.0.0.1",
                "--secure-port=0",
                "--service-account-private-key-file=" + home.resolve("sa.key"),
                "--use-service-account-credentials=false",
                "--controllers=*,-nodeipam,-nodelifecycle",
                "--leader-elect=false"));
    }

    private Process launch(String name, String... command) throws IOException {
        Path log = home.resolve(name + ".log");
        return new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                .start();
    }

    private void awaitReady() {
        HttpClient http = HttpClient.newBuilder()
                .sslContext(trustingEveryCertificate())
                .connectTimeout(Duration.ofSeconds(2))
                .build();
        HttpRequest readyz = HttpRequest.newBuilder(URI.create(url() + "/readyz"))
                .header("Authorization", "Bearer " + ADMIN_TOKEN)
                .timeout(Duration.ofSeconds(5))
                .build();
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            for (int i = 0; i < processes.size(); i++) {
                if (!processes.get(i).isAlive()) {
                    String name = i == 0 ? "etcd" : "kube-apiserver";
                    throw new IllegalStateException(name + " exited with "
                            + processes.get(i).exitValue() + new ServerLog(home.resolve(name + ".log")).tail());
                }
            }
            try {
                if (http.send(readyz, HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
                    return;
                }
            } catch (IOException e) {
                // not listening yet
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
            Local.sleep(200);
        }
        throw new IllegalStateException("kube-apiserver was not ready within " + START_TIMEOUT
                + new ServerLog(home.resolve("kube-apiserver.log")).tail());
    }

    private static SSLContext trustingEveryCertificate() {
        try {
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(
                    null,
                    new TrustManager[] {
                        new X509TrustManager() {
                            @Override
                            public void checkClientTrusted(X509Certificate[] chain, String authType) {}

                            @Override
                            public void checkServerTrusted(X509Certificate[] chain, String authType) {}

                            @Override
                            public X509Certificate[] getAcceptedIssuers() {
                                return new X509Certificate[0];
                            }
                        }
                    },
                    new SecureRandom());
            return context;
        } catch (java.security.GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    private void run(List<String> command) throws IOException {
        Process process = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(
                        home.resolve("setup.log").toFile()))
                .start();
        Local.waitFor(process, Duration.ofSeconds(60));
        if (process.exitValue() != 0) {
            throw new IllegalStateException(command + " failed" + new ServerLog(home.resolve("setup.log")).tail());
        }
    }

    /** Stops the control plane, the controller manager first, and waits until every part has exited. */
    @Override
    public void close() {
        for (int i = processes.size() - 1; i >= 0; i--) {
            Process process = processes.get(i);
            if (process.isAlive()) {
                process.destroy();
                Local.waitFor(process, Duration.ofSeconds(30));
            }
        }
        processes.clear();
    }
}
