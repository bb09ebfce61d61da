package io.stele.storage.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.stele.storage.StorageMisconfiguredException;
import io.stele.storage.StorageUnavailableException;
import io.stele.storage.testkit.Drafts;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The embedded database's group commit, on real H2 files: nothing is acknowledged, and nothing a
 * read found is handed on, before the file holds it. H2's {@code SHUTDOWN IMMEDIATELY}, once the
 * writes have returned, closes the files without writing what is only in memory, as a killed process
 * would; {@code EmbeddedRestartIT} kills the packaged registry during a flood of writes.
 */
@Timeout(120)
class GroupCommitTest {

    private static final Duration DEADLINE = Duration.ofSeconds(30);

    @Test
    void concurrentWritesAcknowledged_areAllThereAfterAnImmediateShutdown() throws Exception {
        Path dir = EmbeddedStorageContractTest.newDataDir();
        int writers = 16;
        int each = 25;
        try (SqlStorage storage = SqlStorage.openEmbedded(dir)) {
            storage.start();
            ExecutorService pool = Executors.newFixedThreadPool(writers);
            try {
                List<Future<?>> running = new ArrayList<>();
                for (int w = 0; w < writers; w++) {
                    int writer = w;
                    running.add(pool.submit(() -> {
                        for (int n = 0; n < each; n++) {
                            storage.artifacts().create(Drafts.avro("w" + writer + "-" + n, n));
                        }
                    }));
                }
                for (Future<?> writer : running) {
                    writer.get(DEADLINE.toSeconds(), TimeUnit.SECONDS);
                }
            } finally {
                pool.shutdownNow();
            }
            try (Connection c = storage.dataSource().getConnection();
                    Statement s = c.createStatement()) {
                s.execute("SHUTDOWN IMMEDIATELY");
            }
        }
        try (SqlStorage reopened = SqlStorage.openEmbedded(dir)) {
            reopened.start();
            List<String> missing = new ArrayList<>();
            for (int w = 0; w < writers; w++) {
                for (int n = 0; n < each; n++) {
                    if (reopened.artifacts().get("w" + w + "-" + n).isEmpty()) {
                        missing.add("w" + w + "-" + n);
                    }
                }
            }
            assertThat(missing)
                    .as("acknowledged creates missing after the shutdown, of %d", writers * each)
                    .isEmpty();
        }
    }

    @Test
    void aCommit_andAReadThatSawIt_returnOnlyOnceTheFileIsWritten() throws Exception {
        HeldWriter held = new HeldWriter(SqlStorage.openEmbedded(EmbeddedStorageContractTest.newDataDir()));
        GroupCommit commits = held.start(DEADLINE);
        try {
            CompletableFuture<Void> write = CompletableFuture.runAsync(() -> insert(held.dataSource, commits, 1));
            CompletableFuture<Void> read = CompletableFuture.runAsync(() -> {
                awaitRow(held.dataSource, 1);
                commits.awaitReadWritten();
            });
            assertThatThrownBy(() -> write.get(300, TimeUnit.MILLISECONDS))
                    .as("a commit returned while the file was not written")
                    .isInstanceOf(TimeoutException.class);
            assertThatThrownBy(() -> read.get(300, TimeUnit.MILLISECONDS))
                    .as("a read of an unwritten commit returned")
                    .isInstanceOf(TimeoutException.class);
            held.release();
            write.get(DEADLINE.toSeconds(), TimeUnit.SECONDS);
            read.get(DEADLINE.toSeconds(), TimeUnit.SECONDS);
        } finally {
            held.close(commits);
        }
    }

    @Test
    void aRead_whenNoCommitIsUnwritten_doesNotWaitForTheWriter() throws Exception {
        HeldWriter held = new HeldWriter(SqlStorage.openEmbedded(EmbeddedStorageContractTest.newDataDir()));
        GroupCommit commits = held.start(DEADLINE);
        try {
            CompletableFuture.runAsync(commits::awaitReadWritten).get(DEADLINE.toSeconds(), TimeUnit.SECONDS);
        } finally {
            held.release();
            held.close(commits);
        }
    }

    @Test
    void aWriteOfTheFileThatFails_answersItsCommitsAsUnavailable_andTheNextWriteServes() throws Exception {
        HeldWriter held = new HeldWriter(SqlStorage.openEmbedded(EmbeddedStorageContractTest.newDataDir()));
        held.failNext = true;
        GroupCommit commits = held.start(DEADLINE);
        try {
            held.release();
            assertThatThrownBy(() -> insert(held.dataSource, commits, 1))
                    .isInstanceOf(StorageUnavailableException.class)
                    .hasMessageContaining("cannot write its file")
                    .hasMessageContaining("may or may not be kept");
            insert(held.dataSource, commits, 2);
        } finally {
            held.close(commits);
        }
    }

    @Test
    void aWriteOfTheFilePastTheDeadline_answersUnavailable() throws Exception {
        HeldWriter held = new HeldWriter(SqlStorage.openEmbedded(EmbeddedStorageContractTest.newDataDir()));
        GroupCommit commits = held.start(Duration.ofMillis(200));
        try {
            assertThatThrownBy(() -> insert(held.dataSource, commits, 1))
                    .isInstanceOf(StorageUnavailableException.class)
                    .hasMessageContaining("did not write its file within");
        } finally {
            held.release();
            held.close(commits);
        }
    }

    @Test
    void aUserThatIsNotTheDatabasesAdmin_isAMisconfigurationNamingTheSetting() throws Exception {
        Path dir = EmbeddedStorageContractTest.newDataDir();
        try (SqlStorage owner = SqlStorage.openEmbedded(dir);
                Connection c = owner.dataSource().getConnection();
                Statement s = c.createStatement()) {
            s.execute("CREATE USER reader PASSWORD 'reader'");
            String url = StorageKindConfigSource.embeddedJdbcUrl(dir);
            org.h2.jdbcx.JdbcDataSource asReader = new org.h2.jdbcx.JdbcDataSource();
            asReader.setURL(url);
            asReader.setUser("reader");
            asReader.setPassword("reader");
            assertThatThrownBy(() -> new GroupCommit(asReader, "here", DEADLINE).start())
                    .isInstanceOf(StorageMisconfiguredException.class)
                    .hasMessageContaining("quarkus.datasource.embedded.username");
        }
    }

    /** Inserts a row through the group commit, as {@link Jdbc} commits a write. */
    private static void insert(DataSource dataSource, GroupCommit commits, int n) {
        Durability.Written written;
        try (Connection c = dataSource.getConnection();
                Statement s = c.createStatement()) {
            c.setAutoCommit(false);
            s.execute("INSERT INTO t VALUES (" + n + ")");
            written = commits.commit(c);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
        written.await();
    }

    /** Waits until another session's commit of row n is visible. */
    private static void awaitRow(DataSource dataSource, int n) {
        long deadline = System.nanoTime() + DEADLINE.toNanos();
        try (Connection c = dataSource.getConnection();
                Statement s = c.createStatement()) {
            while (true) {
                try (var rs = s.executeQuery("SELECT count(*) FROM t WHERE id = " + n)) {
                    rs.next();
                    if (rs.getInt(1) == 1) {
                        return;
                    }
                }
                if (System.nanoTime() > deadline) {
                    throw new AssertionError("row " + n + " was not committed within " + DEADLINE);
                }
                Thread.sleep(5);
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /**
     * The embedded pool, whose connection for the writing thread is handed out only once the test
     * releases it, or fails once when asked to: so a test can hold the file's write back.
     */
    private static final class HeldWriter {
        final SqlStorage storage;
        final DataSource dataSource;
        final CountDownLatch gate = new CountDownLatch(1);
        volatile boolean failNext;

        HeldWriter(SqlStorage storage) throws SQLException {
            this.storage = storage;
            DataSource real = storage.dataSource();
            try (Connection c = real.getConnection();
                    Statement s = c.createStatement()) {
                s.execute("CREATE TABLE t (id INT PRIMARY KEY)");
            }
            this.dataSource = (DataSource) java.lang.reflect.Proxy.newProxyInstance(
                    DataSource.class.getClassLoader(), new Class<?>[] {DataSource.class}, (proxy, method, args) -> {
                        if (method.getName().equals("getConnection")
                                && Thread.currentThread().getName().equals("stele-embedded-writer")) {
                            if (!gate.await(DEADLINE.toSeconds(), TimeUnit.SECONDS)) {
                                throw new SQLException("the test never released the writer");
                            }
                            if (failNext) {
                                failNext = false;
                                throw new SQLException("the disk is full (this test says so)");
                            }
                        }
                        try {
                            return method.invoke(real, args);
                        } catch (java.lang.reflect.InvocationTargetException e) {
                            throw e.getCause();
                        }
                    });
        }

        GroupCommit start(Duration deadline) {
            GroupCommit commits = new GroupCommit(dataSource, "the test's folder", deadline);
            commits.start();
            return commits;
        }

        void release() {
            gate.countDown();
        }

        void close(GroupCommit commits) {
            release();
            commits.close();
            storage.close();
        }
    }
}
