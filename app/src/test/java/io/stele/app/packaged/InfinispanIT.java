package io.stele.app.packaged;

import io.stele.storage.testkit.backends.InfinispanBackend;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * The packaged registry on Infinispan: {@link PackagedScenarios}, on a one-node cluster the build
 * starts, each store in a cache of its own.
 */
class InfinispanIT extends PackagedScenarios<InfinispanBackend> {

    @Override
    protected InfinispanBackend startBackend(Path parent) {
        return InfinispanBackend.start(parent);
    }

    @Override
    protected String unreachableReason(InfinispanBackend backend) {
        return "No Infinispan server answers at " + backend.servers();
    }

    @Override
    protected String addressSetting() {
        return "stele.storage.infinispan.servers";
    }

    /** The bound docs/storage.md promises for another replica to serve a new latest version. */
    static final long REPLICA_BOUND_MILLIS = 1000;

    @Test
    void anotherReplica_servesTheNewLatest_withinTheBound_evenWithItsCacheWarm() throws Exception {
        assertAnotherReplicaServesTheNewLatest(REPLICA_BOUND_MILLIS);
    }

    @Override
    protected Duration writesRecoverWithin() {
        return Duration.ofSeconds(60);
    }

    @Override
    protected Duration readyWithin() {
        return Duration.ofSeconds(90);
    }
}
