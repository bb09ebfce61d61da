package io.stele.storage.infinispan;

import io.stele.storage.StorageMisconfiguredException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * How the registry reaches its Infinispan cluster and what caches it keeps there, checked: {@link
 * #of} refuses a wrong setting with a {@link StorageMisconfiguredException} naming it.
 *
 * @param servers the Hot Rod servers to start from, {@code host:port}
 * @param username who to authenticate as, or empty for no authentication
 * @param password that user's password
 * @param saslMechanism the SASL mechanism
 * @param tls whether to connect over TLS
 * @param trustStore a trust store for TLS, or empty for the JVM's own
 * @param trustStorePassword its password
 * @param trustStoreType its type
 * @param sniHostName the host name to send as SNI and check the certificate against, or empty for
 *     the first server's host
 * @param cachePrefix the prefix of every cache's and counter's name
 * @param replicated whether the cache is replicated (else distributed)
 * @param owners how many nodes keep each entry of a distributed cache
 * @param persistent whether the caches keep their entries in a file store on each server
 * @param connectTimeout how long connecting may take
 * @param socketTimeout how long one request may wait for its answer
 * @param transactionTimeout how long a write's transaction may take
 */
public record InfinispanSettings(
        List<String> servers,
        Optional<String> username,
        Optional<String> password,
        String saslMechanism,
        boolean tls,
        Optional<Path> trustStore,
        Optional<String> trustStorePassword,
        String trustStoreType,
        Optional<String> sniHostName,
        String cachePrefix,
        boolean replicated,
        int owners,
        boolean persistent,
        Duration connectTimeout,
        Duration socketTimeout,
        Duration transactionTimeout) {

    private static final String PREFIX = "stele.storage.infinispan.";
    private static final Pattern SERVER = Pattern.compile("[A-Za-z0-9._\\-\\[\\]:]+:\\d{1,5}");
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_\\-.]{1,100}");

    public InfinispanSettings {
        servers = List.copyOf(servers);
    }

    /** The checked settings of the mapping. */
    public static InfinispanSettings of(InfinispanStorageConfig config) {
        List<String> servers = List.of(config.servers().split(";")).stream()
                .map(String::trim)
                .filter(s -> !s.isEmpty())
                .toList();
        if (servers.isEmpty()) {
            throw wrong("servers", "must name at least one server as host:port");
        }
        for (String server : servers) {
            if (!SERVER.matcher(server).matches()) {
                throw wrong("servers", "must be host:port entries separated by ';', got '" + server + "'");
            }
        }
        if (config.username().isPresent() != config.password().isPresent()) {
            throw wrong("username", "and " + PREFIX + "password must be set together");
        }
        Optional<Path> trustStore = config.tls().trustStore().map(Path::of);
        if (trustStore.isPresent() && !Files.isReadable(trustStore.get())) {
            throw wrong("tls.trust-store", "names no readable file: " + trustStore.get());
        }
        if (!NAME.matcher(config.cachePrefix()).matches()) {
            throw wrong(
                    "cache-prefix",
                    "must be 1 to 100 letters, digits, '.', '_' or '-', got '" + config.cachePrefix() + "'");
        }
        String mode = config.cacheMode().trim().toLowerCase(Locale.ROOT);
        if (!mode.equals("distributed") && !mode.equals("replicated")) {
            throw wrong("cache-mode", "must be distributed or replicated, got '" + config.cacheMode() + "'");
        }
        if (config.owners() < 1) {
            throw wrong("owners", "must be 1 or more, got " + config.owners());
        }
        positive("connect-timeout", config.connectTimeout());
        positive("socket-timeout", config.socketTimeout());
        positive("transaction-timeout", config.transactionTimeout());
        return new InfinispanSettings(
                servers,
                config.username(),
                config.password(),
                config.saslMechanism(),
                config.tls().enabled(),
                trustStore,
                config.tls().trustStorePassword(),
                config.tls().trustStoreType(),
                config.tls().sniHostName(),
                config.cachePrefix(),
                mode.equals("replicated"),
                config.owners(),
                config.persistent(),
                config.connectTimeout(),
                config.socketTimeout(),
                config.transactionTimeout());
    }

    private static void positive(String name, Duration value) {
        if (value.isNegative() || value.isZero() || value.toMillis() > Integer.MAX_VALUE) {
            throw wrong(name, "must be a positive duration, got " + value);
        }
    }

    private static StorageMisconfiguredException wrong(String name, String problem) {
        return new StorageMisconfiguredException(PREFIX + name + " " + problem + ".");
    }
}
