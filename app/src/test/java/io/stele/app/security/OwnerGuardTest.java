package io.stele.app.security;

import static org.assertj.core.api.Assertions.assertThat;

import io.stele.app.storage.EveryWrite;
import io.stele.storage.EditableMeta;
import io.stele.storage.RegistryStorage;
import io.stele.storage.StoredVersion;
import io.stele.storage.TransferRecord;
import io.stele.storage.VersionState;
import io.stele.storage.testkit.Drafts;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The owner guard on a real embedded store: versions and changes are stamped with the caller's
 * name whatever the request said; with owner-only writes, every write of the SPI to an artifact by
 * anyone but its creator or an admin is refused and writes nothing, and the rest go through.
 */
class OwnerGuardTest {

    private static final Caller ALICE = new Caller("alice", Optional.of(Role.DEVELOPER));
    private static final Caller BOB = new Caller("bob", Optional.of(Role.DEVELOPER));
    private static final Caller ADMIN = new Caller("root", Optional.of(Role.ADMIN));

    private final AtomicReference<Caller> caller = new AtomicReference<>(ALICE);
    private RegistryStorage backend;

    @AfterEach
    void close() {
        if (backend != null) {
            backend.close();
        }
    }

    private OwnerGuard guard(boolean ownerOnly) throws Exception {
        backend = EveryWrite.seeded("owner-guard-"); // EXISTING was created by alice
        return new OwnerGuard(backend, caller::get, ownerOnly);
    }

    @Test
    void theWritesTested_areEveryWriteOfTheSpi() {
        EveryWrite.assertCoversTheSpi();
    }

    @Test
    void ownerOnly_refusesEveryWriteToAnotherCallersArtifact_andWritesNothing_butLetsTheRestThrough() throws Exception {
        OwnerGuard guard = guard(true);
        caller.set(BOB);
        EveryWrite.assertGuards(guard, backend, NotOwnerException.class, write -> write.artifactId()
                .isPresent());
    }

    @Test
    void ownerOnly_letsTheCreatorAndAnAdminWriteEverything() throws Exception {
        OwnerGuard guard = guard(true);
        List<EveryWrite> writes = EveryWrite.inOrder();
        for (int i = 0; i < writes.size(); i++) {
            caller.set(i % 2 == 0 ? ALICE : ADMIN);
            List<TransferRecord> before = EveryWrite.contents(backend);
            writes.get(i).apply().accept(guard);
            assertThat(EveryWrite.contents(backend)).as(writes.get(i).method()).isNotEqualTo(before);
        }
    }

    @Test
    void withoutOwnerOnly_anyoneWritesEverything() throws Exception {
        OwnerGuard guard = guard(false);
        caller.set(BOB);
        EveryWrite.assertGuards(guard, backend, NotOwnerException.class, write -> false);
    }

    @Test
    void writes_areStampedWithTheCallersName_whateverTheRequestSaid() throws Exception {
        OwnerGuard guard = guard(false);
        caller.set(BOB);
        StoredVersion created = guard.artifacts().create(Drafts.avro("bobs", 1)); // the draft says alice
        assertThat(created.createdBy()).isEqualTo("bob");
        assertThat(guard.versions().add(Drafts.avro("bobs", 2)).latest().createdBy())
                .isEqualTo("bob");
        caller.set(ALICE);
        assertThat(guard.versions()
                        .updateMeta("bobs", 1, EditableMeta.named("n", "d"), "mallory")
                        .modifiedBy())
                .isEqualTo("alice");
        assertThat(guard.versions()
                        .updateState("bobs", 2, VersionState.DEPRECATED, "mallory")
                        .modifiedBy())
                .isEqualTo("alice");
        assertThat(backend.artifacts().get("bobs").orElseThrow().createdBy()).isEqualTo("bob");
    }
}
