package io.stele.app.storage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.stele.storage.ArtifactStore;
import io.stele.storage.EditableMeta;
import io.stele.storage.ImportedVersion;
import io.stele.storage.RegistryStorage;
import io.stele.storage.RuleScope;
import io.stele.storage.RuleStore;
import io.stele.storage.RuleType;
import io.stele.storage.TransferRecord;
import io.stele.storage.TransferStore;
import io.stele.storage.VersionState;
import io.stele.storage.VersionStore;
import io.stele.storage.forwarding.ForwardingArtifactReads;
import io.stele.storage.forwarding.ForwardingRuleReads;
import io.stele.storage.forwarding.ForwardingTransferReads;
import io.stele.storage.forwarding.ForwardingVersionReads;
import io.stele.storage.sql.SqlStorage;
import io.stele.storage.testkit.Drafts;
import java.io.IOException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * Every write of the storage SPI, once each, for the tests of the guards: a store to run them on,
 * and a check that the list misses no write the SPI has. What the SPI calls a write is what its
 * {@code Forwarding*Reads} bases leave abstract.
 *
 * @param method the SPI method, as {@code VersionStore.add}
 * @param artifactId the artifact the write changes, if one that exists already
 * @param apply the write, through the storage given
 */
public record EveryWrite(String method, Optional<String> artifactId, Consumer<RegistryStorage> apply) {

    /** The artifact every store {@link #seeded} holds, with versions 1 and 2, by alice. */
    public static final String EXISTING = "existing";

    /**
     * Each write, in an order in which every one succeeds on a {@link #seeded} store: on {@link
     * #EXISTING}, or creating what did not exist.
     */
    public static List<EveryWrite> inOrder() {
        Optional<String> existing = Optional.of(EXISTING);
        RuleScope scope = RuleScope.artifact(EXISTING);
        return List.of(
                new EveryWrite("ArtifactStore.create", Optional.empty(), s -> s.artifacts()
                        .create(Drafts.avro("created", 10))),
                new EveryWrite("VersionStore.add", existing, s -> s.versions().add(Drafts.avro(EXISTING, 3))),
                new EveryWrite("VersionStore.importVersion", Optional.empty(), s -> s.versions()
                        .importVersion(new ImportedVersion(Drafts.avro("imported", 11), 1_000_000, 1))),
                new EveryWrite("VersionStore.updateMeta", existing, s -> s.versions()
                        .updateMeta(EXISTING, 1, EditableMeta.named("Orders", "as written"), "alice")),
                new EveryWrite("VersionStore.updateState", existing, s -> s.versions()
                        .updateState(EXISTING, 1, VersionState.DEPRECATED, "alice")),
                new EveryWrite(
                        "VersionStore.delete", existing, s -> s.versions().delete(EXISTING, 2)),
                new EveryWrite("RuleStore.create", existing, s -> s.rules().create(scope, RuleType.VALIDITY, "FULL")),
                new EveryWrite("RuleStore.update", Optional.empty(), s -> s.rules()
                        .update(RuleScope.GLOBAL, RuleType.VALIDITY, "SYNTAX_ONLY")),
                new EveryWrite("RuleStore.delete", Optional.empty(), s -> s.rules()
                        .delete(RuleScope.GLOBAL, RuleType.VALIDITY)),
                new EveryWrite("RuleStore.deleteAll", existing, s -> s.rules().deleteAll(scope)),
                new EveryWrite("TransferStore.importBatch", Optional.empty(), s -> s.transfer()
                        .importBatch(List.of(
                                new TransferRecord.Rule(RuleScope.GLOBAL, RuleType.COMPATIBILITY, "BACKWARD")))),
                new EveryWrite(
                        "ArtifactStore.delete", existing, s -> s.artifacts().delete(EXISTING)));
    }

    /**
     * A started embedded store holding {@link #EXISTING} (versions 1 and 2, created by alice) and a
     * global VALIDITY rule.
     */
    public static RegistryStorage seeded(String prefix) throws IOException {
        Files.createDirectories(Path.of("target"));
        RegistryStorage store = SqlStorage.openEmbedded(
                Files.createTempDirectory(Path.of("target").toAbsolutePath(), prefix));
        store.start();
        store.artifacts().create(Drafts.avro(EXISTING, 1));
        store.versions().add(Drafts.avro(EXISTING, 2));
        store.rules().create(RuleScope.GLOBAL, RuleType.VALIDITY, "FULL");
        return store;
    }

    /** Everything a store holds, as its export lists it: equal before and after when nothing was written. */
    public static List<TransferRecord> contents(RegistryStorage store) {
        List<TransferRecord> records = new ArrayList<>();
        store.transfer().export(records::add);
        return records;
    }

    /**
     * Runs every write through {@code guard}, in order: each that {@code refused} picks must throw
     * {@code refusal} and leave {@code backend} as it was; each other must change it.
     */
    public static void assertGuards(
            RegistryStorage guard,
            RegistryStorage backend,
            Class<? extends RuntimeException> refusal,
            Predicate<EveryWrite> refused) {
        for (EveryWrite write : inOrder()) {
            List<TransferRecord> before = contents(backend);
            if (refused.test(write)) {
                assertThatThrownBy(() -> write.apply().accept(guard))
                        .as(write.method())
                        .isInstanceOf(refusal);
                assertThat(contents(backend)).as("what %s left", write.method()).isEqualTo(before);
            } else {
                write.apply().accept(guard);
                assertThat(contents(backend))
                        .as("what %s wrote", write.method())
                        .isNotEqualTo(before);
            }
        }
    }

    /** Checks that {@link #inOrder()} holds every write the SPI has, and nothing else. */
    public static void assertCoversTheSpi() {
        Set<String> writes = new TreeSet<>();
        Map.of(
                        ArtifactStore.class, ForwardingArtifactReads.class,
                        VersionStore.class, ForwardingVersionReads.class,
                        RuleStore.class, ForwardingRuleReads.class,
                        TransferStore.class, ForwardingTransferReads.class)
                .forEach((store, reads) -> {
                    for (Method method : store.getMethods()) {
                        if (leftAbstract(reads, method)) {
                            writes.add(store.getSimpleName() + "." + method.getName());
                        }
                    }
                });
        Set<String> tested = new TreeSet<>();
        inOrder().forEach(write -> tested.add(write.method()));
        assertThat(tested)
                .as("the writes the guards' tests make, against those the SPI has")
                .isEqualTo(writes);
    }

    private static boolean leftAbstract(Class<?> reads, Method method) {
        try {
            return Modifier.isAbstract(reads.getMethod(method.getName(), method.getParameterTypes())
                    .getModifiers());
        } catch (NoSuchMethodException e) {
            throw new IllegalStateException(e);
        }
    }
}
