package io.stele.storage.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.stele.storage.AlreadyExistsException;
import io.stele.storage.ArtifactType;
import io.stele.storage.ArtifactTypeMismatchException;
import io.stele.storage.Change;
import io.stele.storage.Content;
import io.stele.storage.EditableMeta;
import io.stele.storage.InvalidRequestException;
import io.stele.storage.NotFoundException;
import io.stele.storage.PageRequest;
import io.stele.storage.RegistryStorage;
import io.stele.storage.RuleScope;
import io.stele.storage.RuleType;
import io.stele.storage.StoredArtifact;
import io.stele.storage.StoredVersion;
import io.stele.storage.VersionDraft;
import io.stele.storage.VersionState;
import io.stele.storage.testkit.backends.Backend;
import io.stele.storage.testkit.backends.Store;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The behaviour every storage backend must show. A backend's test is a subclass that names the
 * backend's kind: the suite opens it through {@link Backend} against a real server and through the
 * backend's {@code StorageFactory}, and passes unchanged when the backend is correct.
 *
 * <p>Tests use fresh artifact ids, so they share one backend and need no clean-up between them.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class StorageContractSuite
        implements SearchContract,
                TransferContract,
                VersionDeletionContract,
                ContentUsageContract,
                SoftDeletionContract,
                ImportVersionContract,
                ReferencesContract,
                RulesAheadContract,
                LatestVersionsContract {

    private static final String REPLICA = "contract";

    /** One store for the class: each opening shows what the previous one wrote. */
    private final Store store;

    private RegistryStorage storage;

    /** The suite over a new store of the JVM's shared backend of {@code kind}. */
    protected StorageContractSuite(String kind) {
        this.store = Backend.shared(kind).newStore();
    }

    /**
     * Opens and starts the backend over the class's store, returning once it is ready. Each call
     * opens the same data, so that a backend closed and opened again shows what was written before.
     */
    protected final RegistryStorage openStorage() {
        return Started.ready(around(store.open(REPLICA)));
    }

    /** What the suite runs over: the backend itself, or a decorator a subclass puts around it. */
    protected RegistryStorage around(RegistryStorage backend) {
        return backend;
    }

    @BeforeAll
    void open() {
        storage = openStorage();
    }

    @AfterAll
    void close() {
        if (storage != null) {
            storage.close();
        }
    }

    @Override
    public RegistryStorage storage() {
        return storage;
    }

    private static String newId() {
        return "contract-" + UUID.randomUUID();
    }

    private static VersionDraft draft(String artifactId, String text) {
        return new VersionDraft(artifactId, ArtifactType.AVRO, Content.of(text), EditableMeta.named("n", "d"), "alice");
    }

    private static String schema(int n) {
        return "{\"type\":\"record\",\"name\":\"R" + n + "\",\"fields\":[]}";
    }

    private StoredVersion create(String id, String text) {
        return storage.artifacts().create(draft(id, text));
    }

    private StoredVersion add(String id, String text) {
        return storage.versions().add(draft(id, text)).latest();
    }

    @Test
    void start_whenStarted_isReady() {
        assertThat(storage.isReady()).isTrue();
        assertThat(storage.kind()).isNotBlank();
    }

    @Test
    void create_returnsVersionOneWithAllocatedIds() {
        String id = newId();
        StoredVersion v = create(id, schema(1));
        assertThat(v.artifactId()).isEqualTo(id);
        assertThat(v.version()).isEqualTo(1);
        assertThat(v.globalId()).isPositive();
        assertThat(v.contentId()).isPositive();
        assertThat(v.type()).isEqualTo(ArtifactType.AVRO);
        assertThat(v.state()).isEqualTo(VersionState.ENABLED);
        assertThat(v.meta().name()).contains("n");
        assertThat(v.createdBy()).isEqualTo("alice");
        assertThat(v.modifiedOn()).isEqualTo(v.createdOn());
    }

    @Test
    void create_whenIdExists_failsWithAlreadyExists() {
        String id = newId();
        create(id, schema(1));
        assertThatThrownBy(() -> create(id, schema(2))).isInstanceOf(AlreadyExistsException.class);
        assertThat(storage.versions().list(id)).containsExactly(1);
    }

    @Test
    void create_whenTwoThreadsCreateOneId_oneWinsAndOneGetsAlreadyExists() throws Exception {
        for (int round = 0; round < 5; round++) {
            String id = newId();
            List<Object> outcomes = runConcurrently(2, i -> create(id, schema(i)));
            assertThat(outcomes).filteredOn(o -> o instanceof StoredVersion).hasSize(1);
            assertThat(outcomes)
                    .filteredOn(o -> o instanceof AlreadyExistsException)
                    .hasSize(1);
            assertThat(storage.versions().list(id)).containsExactly(1);
        }
    }

    @Test
    void create_withInvalidId_isRejectedBeforeStorage() {
        assertThatThrownBy(() -> draft("", schema(1))).isInstanceOf(InvalidRequestException.class);
        assertThatThrownBy(() -> draft("a\nb", schema(1))).isInstanceOf(InvalidRequestException.class);
        assertThatThrownBy(() -> draft("x".repeat(VersionDraft.MAX_ID_LENGTH + 1), schema(1)))
                .isInstanceOf(InvalidRequestException.class);
    }

    @Test
    void create_withUnicodeAndLongId_roundTrips() {
        String id = "ünïcødé/名前 " + "x".repeat(VersionDraft.MAX_ID_LENGTH - 20);
        create(id, schema(1));
        assertThat(storage.artifacts().get(id)).map(StoredArtifact::artifactId).contains(id);
    }

    @Test
    void get_whenUnknown_isEmpty() {
        assertThat(storage.artifacts().get(newId())).isEmpty();
        assertThat(storage.versions().latest(newId())).isEmpty();
        assertThat(storage.versions().get(newId(), 1)).isEmpty();
        assertThat(storage.versions().byGlobalId(Long.MAX_VALUE)).isEmpty();
        assertThat(storage.contents().byContentId(Long.MAX_VALUE)).isEmpty();
        assertThat(storage.contents().byGlobalId(Long.MAX_VALUE)).isEmpty();
    }

    @Test
    void get_returnsCreatorAndLatestVersion() {
        String id = newId();
        StoredVersion v1 = create(id, schema(1));
        StoredVersion v2 = add(id, schema(2));
        StoredArtifact artifact = storage.artifacts().get(id).orElseThrow();
        assertThat(artifact.createdOn()).isEqualTo(v1.createdOn());
        assertThat(artifact.createdBy()).isEqualTo("alice");
        assertThat(artifact.latest()).isEqualTo(v2);
    }

    @Test
    void add_assignsConsecutiveVersionsAndIncreasingGlobalIds() {
        String id = newId();
        StoredVersion v1 = create(id, schema(1));
        StoredVersion v2 = add(id, schema(2));
        StoredVersion v3 = add(id, schema(3));
        assertThat(List.of(v1.version(), v2.version(), v3.version())).containsExactly(1, 2, 3);
        assertThat(v2.globalId()).isGreaterThan(v1.globalId());
        assertThat(v3.globalId()).isGreaterThan(v2.globalId());
        assertThat(storage.versions().latest(id)).contains(v3);
        assertThat(storage.versions().get(id, 2)).contains(v2);
        assertThat(storage.versions().byGlobalId(v1.globalId())).contains(v1);
        assertThat(storage.versions().list(id)).containsExactly(1, 2, 3);
    }

    @Test
    void add_returnsTheArtifactWithTheNewVersionAsLatest() {
        String id = newId();
        StoredVersion v1 = create(id, schema(1));
        StoredArtifact after = storage.versions().add(draft(id, schema(2)));
        assertThat(after.artifactId()).isEqualTo(id);
        assertThat(after.createdBy()).isEqualTo("alice");
        assertThat(after.createdOn()).isEqualTo(v1.createdOn());
        assertThat(after.latest()).isEqualTo(storage.versions().get(id, 2).orElseThrow());
    }

    @Test
    void add_withAnotherType_failsWithTypeMismatch_andAddsNothing() {
        String id = newId();
        create(id, schema(1));
        VersionDraft json = new VersionDraft(id, ArtifactType.JSON, Content.of("{}"), EditableMeta.EMPTY, "");
        assertThatThrownBy(() -> storage.versions().add(json))
                .isInstanceOfSatisfying(ArtifactTypeMismatchException.class, e -> assertThat(e.artifactType())
                        .isEqualTo(ArtifactType.AVRO));
        assertThat(storage.versions().list(id)).containsExactly(1);
        assertThat(add(id, schema(2)).version()).isEqualTo(2);
    }

    @Test
    void add_whenArtifactMissing_failsWithNotFound() {
        assertThatThrownBy(() -> add(newId(), schema(1))).isInstanceOf(NotFoundException.class);
    }

    @Test
    void add_whenEightThreadsAddFiftyVersionsEach_leavesVersionsOneTo401WithoutGapOrDuplicate() throws Exception {
        String id = newId();
        create(id, schema(0));
        List<Object> outcomes = runConcurrently(8, t -> {
            List<StoredVersion> mine = new ArrayList<>();
            for (int i = 0; i < 50; i++) {
                mine.add(add(id, schema(1000 * (t + 1) + i)));
            }
            return mine;
        });
        Set<Long> globalIds = new HashSet<>();
        for (Object outcome : outcomes) {
            assertThat(outcome).isInstanceOf(List.class);
            for (Object v : (List<?>) outcome) {
                globalIds.add(((StoredVersion) v).globalId());
            }
        }
        assertThat(globalIds).hasSize(400);
        assertThat(storage.versions().list(id))
                .containsExactlyElementsOf(IntStream.rangeClosed(1, 401).boxed().toList());
        assertThat(storage.versions().latest(id)).map(StoredVersion::version).contains(401);
    }

    @Test
    void content_isStoredOncePerDistinctBytes() {
        String text = schema(42) + UUID.randomUUID();
        StoredVersion a = create(newId(), text);
        StoredVersion b = create(newId(), text);
        StoredVersion c = create(newId(), text + " ");
        assertThat(b.contentId()).isEqualTo(a.contentId());
        assertThat(c.contentId()).isNotEqualTo(a.contentId());
        assertThat(b.globalId()).isNotEqualTo(a.globalId());
        assertThat(storage.contents().byContentId(a.contentId()).orElseThrow().content())
                .isEqualTo(Content.of(text));
        assertThat(storage.contents()
                        .byGlobalId(c.globalId())
                        .orElseThrow()
                        .content()
                        .text())
                .isEqualTo(text + " ");
    }

    @Test
    void content_whenEightThreadsStoreTheSameNewContentAtOnce_isStoredOnce() throws Exception {
        for (int round = 0; round < 3; round++) {
            String text = schema(7) + UUID.randomUUID();
            List<String> ids = IntStream.range(0, 8).mapToObj(i -> newId()).toList();
            ids.forEach(id -> create(id, schema(1)));
            List<Object> outcomes = runConcurrently(8, i -> add(ids.get(i), text));
            assertThat(outcomes).allMatch(o -> o instanceof StoredVersion, "every add succeeds");
            assertThat(outcomes.stream()
                            .map(o -> ((StoredVersion) o).contentId())
                            .distinct())
                    .hasSize(1);
        }
    }

    @Test
    void content_ofOneMebibyteWithEveryByteValue_roundTripsExactly() {
        byte[] bytes = new byte[1024 * 1024];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) i;
        }
        StoredVersion v = storage.artifacts()
                .create(new VersionDraft(newId(), ArtifactType.PROTOBUF_FD, Content.of(bytes), EditableMeta.EMPTY, ""));
        assertThat(storage.contents()
                        .byGlobalId(v.globalId())
                        .orElseThrow()
                        .content()
                        .bytes())
                .isEqualTo(bytes);
    }

    @Test
    void latest_skipsDisabledVersions() {
        String id = newId();
        create(id, schema(1));
        add(id, schema(2));
        storage.versions().updateState(id, 2, VersionState.DISABLED, "bob");
        assertThat(storage.versions().latest(id)).map(StoredVersion::version).contains(1);
        assertThat(storage.versions().get(id, 2)).map(StoredVersion::state).contains(VersionState.DISABLED);
        storage.versions().updateState(id, 1, VersionState.DISABLED, "bob");
        assertThat(storage.versions().latest(id)).isEmpty();
        assertThat(storage.artifacts().get(id)).map(a -> a.latest().version()).contains(2);
        storage.versions().updateState(id, 2, VersionState.DEPRECATED, "bob");
        assertThat(storage.versions().latest(id)).map(StoredVersion::state).contains(VersionState.DEPRECATED);
    }

    @Test
    void latest_afterTheHighestVersionIsDeleted_isTheHighestEnabledLeft() {
        String id = newId();
        create(id, schema(1));
        add(id, schema(2));
        add(id, schema(3));
        storage.versions().updateState(id, 2, VersionState.DISABLED, "");
        storage.versions().delete(id, 3);
        assertThat(storage.versions().latest(id)).map(StoredVersion::version).contains(1);
        storage.versions().updateState(id, 1, VersionState.DISABLED, "");
        assertThat(storage.versions().latest(id)).isEmpty();
        add(id, schema(4));
        assertThat(storage.versions().latest(id)).map(StoredVersion::version).contains(4);
    }

    @Test
    void updateState_setsModifiedByAndOn() {
        String id = newId();
        StoredVersion v1 = create(id, schema(1));
        StoredVersion changed = storage.versions().updateState(id, 1, VersionState.DEPRECATED, "bob");
        assertThat(changed.modifiedBy()).isEqualTo("bob");
        assertThat(changed.modifiedOn()).isAfterOrEqualTo(v1.createdOn());
        assertThat(storage.versions().get(id, 1)).contains(changed);
    }

    @Test
    void updateMeta_replacesUserMetadataOfThatVersionOnly() {
        String id = newId();
        create(id, schema(1));
        add(id, schema(2));
        EditableMeta meta =
                new EditableMeta(Optional.of("name"), Optional.empty(), List.of("b", "a"), Map.of("k", "v"));
        StoredVersion updated = storage.versions().updateMeta(id, 1, meta, "carol");
        assertThat(updated.meta()).isEqualTo(meta);
        assertThat(updated.modifiedBy()).isEqualTo("carol");
        assertThat(storage.versions().get(id, 1).orElseThrow().meta()).isEqualTo(meta);
        assertThat(storage.versions().get(id, 2).orElseThrow().meta()).isEqualTo(EditableMeta.named("n", "d"));
    }

    @Test
    void updateMetaAndState_whenVersionUnknown_failWithNotFound() {
        String id = newId();
        create(id, schema(1));
        assertThatThrownBy(() -> storage.versions().updateMeta(id, 2, EditableMeta.EMPTY, ""))
                .isInstanceOf(NotFoundException.class);
        assertThatThrownBy(() -> storage.versions().updateState(newId(), 1, VersionState.DISABLED, ""))
                .isInstanceOf(NotFoundException.class);
    }

    @Test
    void list_whenArtifactUnknown_failsWithNotFound() {
        assertThatThrownBy(() -> storage.versions().list(newId())).isInstanceOf(NotFoundException.class);
    }

    @Test
    void theSameBytes_storedAsTwoTypes_areTwoContents_eachReadBackWithItsIdentity() {
        String text = "{\"type\":\"string\",\"title\":\"" + newId() + "\"}";
        java.util.function.Function<ArtifactType, StoredVersion> stored = type -> storage.artifacts()
                .create(new VersionDraft(newId(), type, Content.of(text).ofType(type), EditableMeta.EMPTY, ""));
        StoredVersion avro = stored.apply(ArtifactType.AVRO);
        StoredVersion json = stored.apply(ArtifactType.JSON);
        StoredVersion again = stored.apply(ArtifactType.JSON);
        assertThat(json.contentId()).isNotEqualTo(avro.contentId()).isEqualTo(again.contentId());
        assertThat(storage.contents()
                        .byContentId(json.contentId())
                        .orElseThrow()
                        .content())
                .isEqualTo(Content.of(text).ofType(ArtifactType.JSON));
        assertThat(storage.contents()
                        .byContentId(avro.contentId())
                        .orElseThrow()
                        .content())
                .isEqualTo(Content.of(text));
    }

    @Test
    void findByCanonicalHash_findsHighestVersionWithThatCanonicalForm() {
        String id = newId();
        String canonical = Content.of("canonical-" + id).sha256();
        storage.artifacts()
                .create(new VersionDraft(
                        id, ArtifactType.AVRO, Content.of(schema(1)), EditableMeta.EMPTY, "", canonical));
        add(id, schema(2));
        storage.versions()
                .add(new VersionDraft(
                        id, ArtifactType.AVRO, Content.of(" " + schema(1)), EditableMeta.EMPTY, "", canonical));
        assertThat(storage.versions().findByCanonicalHash(id, canonical))
                .map(StoredVersion::version)
                .contains(3);
        assertThat(storage.versions()
                        .findByCanonicalHash(id, Content.of(schema(2)).sha256()))
                .map(StoredVersion::version)
                .contains(2);
        assertThat(storage.versions()
                        .findByCanonicalHash(id, Content.of(schema(9)).sha256()))
                .isEmpty();
        assertThat(storage.versions().findByCanonicalHash(newId(), canonical)).isEmpty();
        storage.versions().updateState(id, 3, VersionState.DISABLED, "");
        assertThat(storage.versions().findByCanonicalHash(id, canonical))
                .map(StoredVersion::version)
                .contains(1);
        storage.versions().updateState(id, 1, VersionState.DISABLED, "");
        assertThat(storage.versions().findByCanonicalHash(id, canonical)).isEmpty();
    }

    @Test
    void delete_removesArtifactVersionsAndRules_andNeverReusesGlobalIds() {
        String id = newId();
        StoredVersion v1 = create(id, schema(1));
        StoredVersion v2 = add(id, schema(2));
        storage.rules().create(RuleScope.artifact(id), RuleType.VALIDITY, "FULL");
        storage.rules().create(RuleScope.artifact(id), RuleType.MODE, "READONLY");
        storage.artifacts().delete(id);
        assertThat(storage.artifacts().get(id)).isEmpty();
        assertThat(storage.versions().byGlobalId(v1.globalId())).isEmpty();
        assertThatThrownBy(() -> storage.versions().list(id)).isInstanceOf(NotFoundException.class);
        StoredVersion again = create(id, schema(1));
        assertThat(again.version()).isEqualTo(1);
        assertThat(again.globalId()).isGreaterThan(v2.globalId());
        assertThat(again.contentId()).isEqualTo(v1.contentId());
        assertThat(storage.rules().list(RuleScope.artifact(id))).isEmpty();
    }

    @Test
    void delete_whenUnknown_failsWithNotFound() {
        assertThatThrownBy(() -> storage.artifacts().delete(newId())).isInstanceOf(NotFoundException.class);
    }

    @Test
    void ids_areAscendingAndPaged_andCountFollowsCreates() {
        long before = storage.artifacts().count();
        long versionsBefore = storage.versions().count();
        String prefix = "paged-" + UUID.randomUUID() + "-";
        for (String suffix : List.of("c", "a", "b")) {
            create(prefix + suffix, schema(1));
        }
        assertThat(storage.artifacts().count()).isEqualTo(before + 3);
        assertThat(storage.versions().count()).isEqualTo(versionsBefore + 3);
        assertThat(storage.artifacts().estimatedCount())
                .as("a small store's estimate is its count")
                .isEqualTo(before + 3);
        assertThat(storage.versions().estimatedCount()).isEqualTo(versionsBefore + 3);
        List<String> all = storage.artifacts().ids(new PageRequest(0, PageRequest.MAX_LIMIT));
        assertThat(all).isSorted();
        assertThat(all).containsSubsequence(prefix + "a", prefix + "b", prefix + "c");
        int at = all.indexOf(prefix + "a");
        assertThat(storage.artifacts().ids(new PageRequest(at + 1, 2))).containsExactly(prefix + "b", prefix + "c");
    }

    @Test
    void ids_afterAKey_pageOnInOrder_andListEveryIdOnce() {
        String prefix = "keyset-" + UUID.randomUUID() + "-";
        for (String suffix : List.of("d", "b", "a", "c", "e")) {
            create(prefix + suffix, schema(1));
        }
        assertThat(storage.artifacts().ids(PageRequest.after(prefix + "a", 2)))
                .containsExactly(prefix + "b", prefix + "c");
        assertThat(storage.artifacts().ids(PageRequest.after(prefix + "bb", 1))).containsExactly(prefix + "c");
        List<String> paged = new ArrayList<>();
        List<String> page = storage.artifacts().ids(new PageRequest(0, 3));
        while (!page.isEmpty()) {
            paged.addAll(page);
            page = storage.artifacts().ids(PageRequest.after(page.get(page.size() - 1), 3));
        }
        assertThat(paged).isEqualTo(storage.artifacts().ids(new PageRequest(0, PageRequest.MAX_LIMIT)));
        assertThat(paged).containsSubsequence(prefix + "a", prefix + "b", prefix + "c", prefix + "d", prefix + "e");
    }

    @Test
    void rules_globalLifecycle() {
        RuleScope global = RuleScope.GLOBAL;
        storage.rules().deleteAll(global);
        assertThat(storage.rules().list(global)).isEmpty();
        storage.rules().create(global, RuleType.VALIDITY, "SYNTAX_ONLY");
        assertThatThrownBy(() -> storage.rules().create(global, RuleType.VALIDITY, "FULL"))
                .isInstanceOf(AlreadyExistsException.class);
        storage.rules().update(global, RuleType.VALIDITY, "FULL");
        assertThat(storage.rules().get(global, RuleType.VALIDITY)).contains("FULL");
        assertThatThrownBy(() -> storage.rules().update(global, RuleType.COMPATIBILITY, "BACKWARD"))
                .isInstanceOf(NotFoundException.class);
        storage.rules().create(global, RuleType.COMPATIBILITY, "BACKWARD");
        storage.rules().create(global, RuleType.MODE, "READONLY");
        storage.rules().create(global, RuleType.INTEGRITY, "NO_DUPLICATES, REFS_EXIST");
        assertThat(storage.rules().list(global))
                .containsExactlyInAnyOrderEntriesOf(Map.of(
                        RuleType.VALIDITY,
                        "FULL",
                        RuleType.COMPATIBILITY,
                        "BACKWARD",
                        RuleType.MODE,
                        "READONLY",
                        RuleType.INTEGRITY,
                        "NO_DUPLICATES, REFS_EXIST"));
        storage.rules().delete(global, RuleType.VALIDITY);
        assertThatThrownBy(() -> storage.rules().delete(global, RuleType.VALIDITY))
                .isInstanceOf(NotFoundException.class);
        storage.rules().deleteAll(global);
        assertThat(storage.rules().get(global, RuleType.COMPATIBILITY)).isEmpty();
    }

    @Test
    void rules_artifactScopeIsSeparateFromGlobal() {
        String id = newId();
        RuleScope scope = RuleScope.artifact(id);
        create(id, schema(1));
        storage.rules().create(scope, RuleType.COMPATIBILITY, "FULL");
        assertThat(storage.rules().list(scope)).containsExactlyEntriesOf(Map.of(RuleType.COMPATIBILITY, "FULL"));
        assertThat(storage.rules().get(RuleScope.GLOBAL, RuleType.COMPATIBILITY))
                .isNotEqualTo(Optional.of("FULL-" + id));
        storage.rules().deleteAll(scope);
        assertThat(storage.rules().list(scope)).isEmpty();
    }

    @Test
    void changes_areReportedBeforeTheWriteReturns_untilUnsubscribed() throws Exception {
        List<Change> seen = new CopyOnWriteArrayList<>();
        String id = newId();
        try (AutoCloseable subscription = storage.changes().subscribe(seen::add)) {
            create(id, schema(1));
            assertThat(seen).contains(new Change.ArtifactChanged(id));
            seen.clear();
            add(id, schema(2));
            assertThat(seen).containsAnyOf(new Change.ArtifactChanged(id), new Change.VersionsChanged(id));
            seen.clear();
            storage.versions().updateState(id, 2, VersionState.DISABLED, "");
            assertThat(seen).containsAnyOf(new Change.ArtifactChanged(id), new Change.VersionsChanged(id));
            seen.clear();
            storage.versions().updateMeta(id, 1, EditableMeta.EMPTY, "");
            assertThat(seen).containsAnyOf(new Change.ArtifactChanged(id), new Change.VersionsChanged(id));
            seen.clear();
            // a change of the artifact's rules is never reported as one of its versions only
            storage.rules().create(RuleScope.artifact(id), RuleType.VALIDITY, "FULL");
            assertThat(seen).contains(new Change.ArtifactChanged(id));
            seen.clear();
            storage.artifacts().delete(id);
            assertThat(seen).contains(new Change.ArtifactChanged(id));
            seen.clear();
            storage.rules().deleteAll(RuleScope.GLOBAL);
            assertThat(seen).contains(new Change.GlobalChanged());
        }
        seen.clear();
        create(newId(), schema(1));
        assertThat(seen).isEmpty();
    }

    @Test
    void reopen_keepsEverythingWritten() {
        String id = newId();
        StoredVersion v1 = create(id, schema(1));
        StoredVersion v2 = add(id, schema(2));
        storage.rules().create(RuleScope.artifact(id), RuleType.VALIDITY, "FULL");
        String ahead = newId();
        storage.rules().create(RuleScope.artifact(ahead), RuleType.MODE, "IMPORT");
        storage.close();
        storage = openStorage();
        assertThat(storage.rules().get(RuleScope.artifact(ahead), RuleType.MODE))
                .contains("IMPORT");
        assertThat(storage.versions().get(id, 1)).contains(v1);
        assertThat(storage.versions().latest(id)).contains(v2);
        assertThat(storage.contents()
                        .byGlobalId(v2.globalId())
                        .orElseThrow()
                        .content()
                        .text())
                .isEqualTo(schema(2));
        assertThat(storage.rules().get(RuleScope.artifact(id), RuleType.VALIDITY))
                .contains("FULL");
        StoredVersion v3 = add(id, schema(3));
        assertThat(v3.version()).isEqualTo(3);
        assertThat(v3.globalId()).isGreaterThan(v2.globalId());
    }

    /** Runs the task on n threads started together; returns each result or the exception it threw. */
    protected static List<Object> runConcurrently(int n, ThrowingFunction task) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(n);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<Object>> futures = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                int index = i;
                Callable<Object> call = () -> {
                    start.await();
                    try {
                        return task.apply(index);
                    } catch (RuntimeException e) {
                        return e;
                    }
                };
                futures.add(pool.submit(call));
            }
            start.countDown();
            List<Object> results = new ArrayList<>();
            for (Future<Object> f : futures) {
                results.add(f.get(2, TimeUnit.MINUTES)); // a concurrent task that hangs fails the test
            }
            return results;
        } finally {
            pool.shutdownNow();
        }
    }

    /** A task that takes the index of its thread. */
    @FunctionalInterface
    protected interface ThrowingFunction {
        Object apply(int index) throws Exception;
    }
}
