package io.stele.app.storage;

import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.Quarkus;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.Startup;
import io.stele.app.cache.CacheBudget;
import io.stele.app.cache.CacheConfig;
import io.stele.app.cache.CachingStorage;
import io.stele.app.metrics.TimedStorage;
import io.stele.app.mode.ModeGuard;
import io.stele.app.security.AuthConfig;
import io.stele.app.security.Caller;
import io.stele.app.security.OwnerGuard;
import io.stele.storage.RegistryStorage;
import io.stele.storage.StorageMisconfiguredException;
import io.stele.storage.StorageUnavailableException;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * Finds the one backend that {@code stele.storage.kind} selects among the backend modules on the
 * classpath, puts the read cache in front of it and the guards in front of that, and starts it.
 * Each decorator is a plain {@link RegistryStorage} over the next, and reads what it needs from the
 * one below it:
 *
 * <pre>
 * ModeGuard → OwnerGuard → CachingStorage → TimedStorage → backend
 * </pre>
 *
 * The guards refuse a write before the cache or the backend sees it, and read modes and owners from
 * the cache. The answers served from memory come from the cache itself ({@link #answers()}): they
 * are reads, which the guards pass untouched.
 *
 * <p>A start that fails as {@link StorageUnavailableException} (the server is not there yet) is
 * transient: the registry starts anyway, answers 503, stays not ready, and tries again every 2 s,
 * logging one WARN line when it starts failing and one INFO line when it has started. A start that
 * fails as {@link StorageMisconfiguredException}, or with anything unexpected, is fatal: one ERROR
 * line that says what to change, and the process exits with {@link #EXIT_MISCONFIGURED} (or
 * {@link #EXIT_UNEXPECTED}) so that an orchestrator shows the crash. Attempts never throw, so the
 * retry task cannot die silently. See docs/adr/0011-start-up-failure-classes.md.
 *
 * <p>Every attempt runs on one thread of its own. Start-up waits for the first for at most {@code
 * stele.storage.start-wait}: a backend that starts at once is ready when HTTP opens, and one that
 * does not answer (a broker that times out) does not keep HTTP, and so {@code /q/health/ready} and
 * its reason, closed meanwhile.
 */
@Startup
@Singleton
public class StorageProvider {

    /** The exit status after a fatal misconfiguration: {@code EX_CONFIG} of sysexits.h. */
    public static final int EXIT_MISCONFIGURED = 78;
    /** The exit status after an unexpected failure to start: {@code EX_SOFTWARE} of sysexits.h. */
    public static final int EXIT_UNEXPECTED = 70;

    private static final Logger LOG = Logger.getLogger(StorageProvider.class);
    private static final long RETRY_SECONDS = 2;

    /** What every API reads and writes through: the guards over the cache. */
    private final RegistryStorage storage;
    /** The read cache, whose answers from memory the hot routes serve. */
    private final CachingStorage readCache;

    private final ScheduledExecutorService retries = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "stele-storage-start");
        t.setDaemon(true);
        return t;
    });
    private volatile StartState state = StartState.FIRST_ATTEMPT;
    private volatile StorageUnavailableException startFailure;
    /** Failed attempts since the first; touched only by the attempts' thread. */
    private int failedAttempts;

    private long firstFailureNanos;

    private final Duration startWait;
    /** How long a start may spend filling the read cache before the registry reports ready. */
    private final Duration warmUp;

    @Inject
    StorageProvider(
            Instance<RegistryStorage> backends,
            @ConfigProperty(name = "stele.storage.kind", defaultValue = "embedded") String kind,
            StartConfig start,
            CacheConfig cache,
            AuthConfig auth,
            MeterRegistry meters) {
        this.startWait = start.startWait();
        this.warmUp = cache.warmUp();
        if (!backends.isResolvable()) {
            throw new IllegalStateException(
                    "stele.storage.kind=" + kind
                            + " names no storage backend on the classpath; the backends shipped are: embedded, postgresql, kafka, infinispan.");
        }
        this.readCache = new CachingStorage(
                new TimedStorage(backends.get(), meters),
                CacheBudget.of(cache.maxMemory().asLongValue()),
                cache.versionTtl(),
                meters);
        this.storage = new ModeGuard(new OwnerGuard(readCache, Caller::current, auth.enabled() && auth.ownerOnly()));
    }

    @PostConstruct
    void start() {
        // The retries are scheduled before the first attempt runs: an attempt that starts the
        // backend shuts the executor down, which cancels them.
        retries.scheduleWithFixedDelay(this::attempt, RETRY_SECONDS, RETRY_SECONDS, TimeUnit.SECONDS);
        Future<?> first = retries.submit(this::attempt);
        try {
            first.get(startWait.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            LOG.infof(
                    "Storage backend '%s' is still starting after %d s; HTTP opens now, and /q/health/ready"
                            + " stays down until it has started.",
                    storage.kind(), startWait.toSeconds());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException e) {
            throw new IllegalStateException("A start attempt threw, which it never does", e);
        }
    }

    /** One attempt to start the backend. Never throws: every outcome ends in a state and a log line at most. */
    private void attempt() {
        if (state.phase() == StartState.Phase.STARTED || state.phase() == StartState.Phase.FAILED) {
            return;
        }
        try {
            storage.start();
            if (storage.isReady()) { // a backend still catching up (a Kafka replica) fills the cache as it serves
                readCache.warmUp(warmUp);
            }
            state = StartState.DONE;
            retries.shutdown();
            if (failedAttempts == 0) {
                LOG.infof("Storage backend '%s' started", storage.kind());
            } else {
                LOG.infof(
                        "Storage backend '%s' started after %d failed attempts over %d s",
                        storage.kind(),
                        failedAttempts,
                        Duration.ofNanos(System.nanoTime() - firstFailureNanos).toSeconds());
            }
        } catch (StorageUnavailableException e) {
            startFailure = e;
            String reason = oneLine(e.getMessage());
            state = StartState.retrying(reason);
            if (failedAttempts++ == 0) {
                firstFailureNanos = System.nanoTime();
                LOG.warnf(
                        "%s Retrying every %d s; /q/health/ready stays down until it answers.",
                        sentence(reason), RETRY_SECONDS);
            }
        } catch (StorageMisconfiguredException e) {
            fail(
                    sentence(oneLine(e.getMessage())) + " The registry stops: retrying cannot help.",
                    null,
                    EXIT_MISCONFIGURED);
        } catch (Throwable e) {
            fail(
                    "Storage backend '" + storage.kind()
                            + "' failed to start with an unexpected error, and the registry" + " stops: "
                            + oneLine(String.valueOf(e)),
                    e,
                    EXIT_UNEXPECTED);
        }
    }

    private void fail(String reason, Throwable unexpected, int status) {
        state = StartState.failed(reason);
        retries.shutdown();
        LOG.error(reason, unexpected);
        Quarkus.asyncExit(status);
    }

    private static String oneLine(String message) {
        return message == null ? "" : message.replaceAll("\\s*\\R\\s*", " ").strip();
    }

    /** The text ending with one full stop, so that another sentence can follow. */
    private static String sentence(String text) {
        return text.endsWith(".") ? text : text + ".";
    }

    /**
     * Closes the backend once the registry has stopped taking requests, before beans are destroyed:
     * a backend built on a Quarkus datasource closes before that datasource does, which bean
     * destruction would not promise.
     */
    void stop(@Observes ShutdownEvent event) {
        retries.shutdownNow();
        storage.close();
    }

    /** Whether the backend has started (it may still be unreachable now). */
    public boolean isStarted() {
        return state.phase() == StartState.Phase.STARTED;
    }

    /** Whether the backend has started and answers now. */
    public boolean isReady() {
        return isStarted() && storage.isReady();
    }

    /** Where the start stands, and what holds it back. */
    StartState startState() {
        return state;
    }

    /**
     * The started backend, behind the read cache and the guards.
     *
     * @throws StorageUnavailableException while it has not started
     */
    public RegistryStorage storage() {
        requireStarted();
        return storage;
    }

    /**
     * The read cache's answers from memory, for the hot routes: reads only, so no guard stands in
     * front of them.
     *
     * @throws StorageUnavailableException while the backend has not started
     */
    public CachingStorage answers() {
        requireStarted();
        return readCache;
    }

    private void requireStarted() {
        if (!isStarted()) {
            throw new StorageUnavailableException(
                    "The " + storage.kind() + " storage backend has not started yet", startFailure);
        }
    }

    public String kind() {
        return storage.kind();
    }
}
