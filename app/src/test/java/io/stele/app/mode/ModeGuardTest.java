package io.stele.app.mode;

import static io.stele.app.storage.EveryWrite.EXISTING;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import io.stele.app.storage.EveryWrite;
import io.stele.storage.RegistryStorage;
import io.stele.storage.RuleScope;
import io.stele.storage.RuleType;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The mode guard on a real embedded store: in READONLY mode every write of the SPI is refused and
 * writes nothing, but a change of the MODE rule itself; in READWRITE mode every write reaches the
 * store; an artifact's own mode holds for that artifact alone.
 */
class ModeGuardTest {

    private RegistryStorage backend;

    @AfterEach
    void close() {
        if (backend != null) {
            backend.close();
        }
    }

    private ModeGuard guard() throws Exception {
        backend = EveryWrite.seeded("mode-guard-");
        return new ModeGuard(backend);
    }

    @Test
    void theWritesTested_areEveryWriteOfTheSpi() {
        EveryWrite.assertCoversTheSpi();
    }

    @Test
    void readOnly_refusesEveryWrite_andWritesNothing_butLetsReadsThrough() throws Exception {
        ModeGuard guard = guard();
        backend.rules().create(RuleScope.GLOBAL, RuleType.MODE, "READONLY");
        EveryWrite.assertGuards(guard, backend, ReadOnlyException.class, write -> true);
        assertThat(guard.artifacts().get(EXISTING)).as("a read").isPresent();
        assertThat(guard.versions().list(EXISTING)).as("a read").containsExactly(1, 2);
    }

    @Test
    void readWrite_letsEveryWriteReachTheStore() throws Exception {
        ModeGuard guard = guard();
        backend.rules().create(RuleScope.GLOBAL, RuleType.MODE, "READWRITE");
        EveryWrite.assertGuards(guard, backend, ReadOnlyException.class, write -> false);
    }

    @Test
    void anArtifactReadOnly_refusesTheWritesToIt_andLetsTheOthersThrough() throws Exception {
        ModeGuard guard = guard();
        backend.rules().create(RuleScope.artifact(EXISTING), RuleType.MODE, "READONLY");
        EveryWrite.assertGuards(guard, backend, ReadOnlyException.class, write -> write.artifactId()
                .isPresent());
    }

    @Test
    void readOnly_letsTheModeRuleChange_soThatTheRegistryCanBeOpenedAgain() throws Exception {
        ModeGuard guard = guard();
        guard.rules().create(RuleScope.GLOBAL, RuleType.MODE, "READONLY");
        guard.rules().create(RuleScope.artifact(EXISTING), RuleType.MODE, "READONLY");
        guard.rules().delete(RuleScope.artifact(EXISTING), RuleType.MODE);
        guard.rules().update(RuleScope.GLOBAL, RuleType.MODE, "READWRITE");
        assertThatCode(() -> EveryWrite.inOrder().get(0).apply().accept(guard)).doesNotThrowAnyException();
    }
}
