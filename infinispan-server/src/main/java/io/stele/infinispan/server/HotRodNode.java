package io.stele.infinispan.server;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.infinispan.configuration.global.GlobalConfigurationBuilder;
import org.infinispan.configuration.global.UncleanShutdownAction;
import org.infinispan.globalstate.ConfigurationStorage;
import org.infinispan.manager.DefaultCacheManager;
import org.infinispan.server.core.admin.embeddedserver.EmbeddedServerAdminOperationHandler;
import org.infinispan.server.hotrod.HotRodServer;
import org.infinispan.server.hotrod.configuration.HotRodServerConfigurationBuilder;

/**
 * One Infinispan node for tests: an embedded cache manager with its global state (and so the
 * caches its clients create, and their file stores) in a folder, served over Hot Rod on a loopback
 * port. Alone, or one member of a cluster whose members find each other over loopback TCP.
 *
 * <p>Arguments, as {@code name=value}: {@code port} (Hot Rod), {@code data} (the folder), and for a
 * cluster {@code cluster} (its name), {@code node} (this member's name), {@code bind-port} (this
 * member's cluster port), {@code members} (every member's cluster port, comma-separated) and
 * {@code expect} (how many members to wait for before serving). With {@code tls-keystore} (a PKCS12
 * file holding the node's key and certificate) and {@code tls-password}, it serves Hot Rod over TLS
 * only.
 *
 * <p>Prints {@value #READY} once clients can connect; stops when its standard input closes or the
 * process is told to end.
 */
public final class HotRodNode {

    /** The line printed once the node serves Hot Rod. */
    public static final String READY = "Stele test Infinispan node ready";

    private HotRodNode() {}

    public static void main(String[] args) throws Exception {
        Map<String, String> options = parse(args);
        int port = Integer.parseInt(required(options, "port"));
        Path data = Path.of(required(options, "data")).toAbsolutePath();
        Files.createDirectories(data);

        GlobalConfigurationBuilder global = options.containsKey("cluster")
                ? GlobalConfigurationBuilder.defaultClusteredBuilder()
                : new GlobalConfigurationBuilder().nonClusteredDefault();
        global.globalState()
                .enable()
                .persistentLocation(data.resolve("state").toString())
                .sharedPersistentLocation(data.resolve("shared").toString())
                .temporaryLocation(data.resolve("tmp").toString())
                // caches created by clients must be kept, so that a restarted node has them again
                .configurationStorage(ConfigurationStorage.OVERLAY)
                // a node the tests killed starts again on the state it had, as a crashed server would
                .uncleanShutdownAction(UncleanShutdownAction.IGNORE);
        if (options.containsKey("cluster")) {
            global.transport()
                    .defaultTransport()
                    .clusterName(options.get("cluster"))
                    .nodeName(required(options, "node"))
                    .addProperty("configurationFile", jgroupsFile(data, options).toString());
        }
        DefaultCacheManager manager = new DefaultCacheManager(global.build());
        awaitMembers(manager, Integer.parseInt(options.getOrDefault("expect", "1")));

        HotRodServerConfigurationBuilder hotRod = new HotRodServerConfigurationBuilder();
        hotRod.host("127.0.0.1").port(port).adminOperationsHandler(new EmbeddedServerAdminOperationHandler());
        if (options.containsKey("tls-keystore")) {
            hotRod.ssl()
                    .enable()
                    .keyStoreFileName(options.get("tls-keystore"))
                    .keyStorePassword(required(options, "tls-password").toCharArray())
                    .keyStoreType("PKCS12");
        }
        HotRodServer server = new HotRodServer();
        server.start(hotRod.build(), manager);
        server.postStart();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> stop(server, manager), "node-stop"));
        System.out.println(READY);
        System.out.flush();

        // Runs until the test that started it closes its input, or ends the process
        InputStream in = System.in;
        while (in.read() >= 0) {
            // the tests write nothing
        }
        stop(server, manager);
        System.exit(0);
    }

    /**
     * Waits until the cluster has every member the tests started, so that no client writes to a node
     * that has not joined the others yet (two nodes started at once may first form a cluster each).
     */
    private static void awaitMembers(DefaultCacheManager manager, int expected) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        while (manager.getMembers() != null && manager.getMembers().size() < expected) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException(
                        "The cluster has " + manager.getMembers() + ", expected " + expected + " members within 90 s");
            }
            Thread.sleep(50);
        }
    }

    private static synchronized void stop(HotRodServer server, DefaultCacheManager manager) {
        if (manager.getStatus().allowInvocations()) {
            server.stop();
            manager.stop();
        }
    }

    /** The loopback stack, with this member's port and every member's, written beside the data. */
    private static Path jgroupsFile(Path data, Map<String, String> options) throws IOException {
        String members = required(options, "members").replaceAll("(\\d+)", "127.0.0.1[$1]");
        String stack;
        try (InputStream in = HotRodNode.class.getResourceAsStream("jgroups-loopback.xml")) {
            stack = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        Path file = data.resolve("jgroups.xml");
        Files.writeString(
                file,
                stack.replace("@BIND_PORT@", required(options, "bind-port")).replace("@MEMBERS@", members));
        return file;
    }

    private static Map<String, String> parse(String[] args) {
        Map<String, String> options = new HashMap<>();
        for (String arg : args) {
            int eq = arg.indexOf('=');
            if (eq < 1) {
                throw new IllegalArgumentException("Expected name=value, got '" + arg + "'");
            }
            options.put(arg.substring(0, eq), arg.substring(eq + 1));
        }
        return options;
    }

    private static String required(Map<String, String> options, String name) {
        String value = options.get(name);
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException("Missing " + name + "=...");
        }
        return value;
    }
}
