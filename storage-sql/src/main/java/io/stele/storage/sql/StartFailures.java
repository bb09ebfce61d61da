package io.stele.storage.sql;

import io.stele.storage.StorageException;
import io.stele.storage.StorageMisconfiguredException;
import io.stele.storage.StorageUnavailableException;
import java.io.IOException;
import java.sql.SQLException;
import java.sql.SQLRecoverableException;
import java.sql.SQLTransientException;
import java.util.Arrays;
import java.util.Optional;
import java.util.stream.Collectors;
import org.flywaydb.core.api.FlywayException;
import org.flywaydb.core.api.exception.FlywayValidateException;

/**
 * Tells a failure to open and migrate a SQL database that retrying may cure (the server is not
 * there yet, the network, a timeout) from one that only an operator can fix (the login is refused,
 * the database does not exist, the schema does not validate, a migration fails). See
 * docs/operations.md and docs/adr/0011-start-up-failure-classes.md.
 */
final class StartFailures {

    /** H2: the database files are held by another process, which may be on its way out. */
    private static final String H2_DATABASE_IN_USE = "90020";

    private StartFailures() {}

    /**
     * @param kind the backend's {@code stele.storage.kind}
     * @param location where the database is and which settings say so
     * @return a {@link StorageUnavailableException} when retrying may cure the failure, else a
     *     {@link StorageMisconfiguredException} whose message says what to change
     */
    static StorageException classify(String kind, String location, FlywayException failure) {
        String database = "the " + kind + " database at " + location;
        if (failure instanceof FlywayValidateException) {
            return new StorageMisconfiguredException(
                    "The schema of " + database + " does not match the migrations of"
                            + " this release (" + flywayMessage(failure)
                            + "): the database was migrated by another release of"
                            + " Stele or its flyway_schema_history was changed by hand. Run the release that migrated it, or"
                            + " restore the database from a backup.",
                    failure);
        }
        Optional<SQLException> sql = cause(failure, SQLException.class);
        String reason = sql.map(Throwable::getMessage)
                .orElseGet(() -> flywayMessage(failure))
                .strip();
        if (isTransient(failure, sql)) {
            return new StorageUnavailableException("Cannot reach " + database + ": " + reason, failure);
        }
        String state = sql.map(SQLException::getSQLState).orElse("");
        if (state.startsWith("28")) {
            return new StorageMisconfiguredException(
                    "The " + kind + " database at " + location + " refuses the login: "
                            + stop(reason)
                            + " Set the user and password it knows.",
                    failure);
        }
        if (state.equals("3D000")) {
            return new StorageMisconfiguredException(
                    "The " + kind + " database at " + location + " does not exist: "
                            + stop(reason)
                            + " Create it, owned by the registry's user, or name an existing one in the URL.",
                    failure);
        }
        if (state.equals("42501")) {
            return new StorageMisconfiguredException(
                    "The registry's user may not create its tables in " + database + ": " + stop(reason)
                            + " Make the user the owner of the database.",
                    failure);
        }
        return new StorageMisconfiguredException(
                "Cannot prepare " + database + ": " + stop(reason)
                        + " Fix what the database reports; retrying will not help.",
                failure);
    }

    /**
     * Transient: a network error or timeout anywhere in the chain, a connection refused or lost
     * (SQLState class 08), a server starting or shutting down (57P01-57P03), out of connections or
     * resources (class 53), a pool that timed out waiting for a connection (no SQLState), or H2 files
     * still held by a process on its way out.
     */
    private static boolean isTransient(Throwable failure, Optional<SQLException> sql) {
        if (cause(failure, IOException.class).isPresent()
                || cause(failure, SQLTransientException.class).isPresent()
                || cause(failure, SQLRecoverableException.class).isPresent()) {
            return true;
        }
        if (sql.isEmpty()) {
            return false;
        }
        String state = sql.get().getSQLState();
        return state == null
                || state.startsWith("08")
                || state.startsWith("53")
                || state.startsWith("57P")
                || state.equals(H2_DATABASE_IN_USE);
    }

    /** The text ending with one full stop, so that advice can follow. */
    private static String stop(String text) {
        return text.endsWith(".") ? text : text + ".";
    }

    private static <T extends Throwable> Optional<T> cause(Throwable failure, Class<T> type) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (type.isInstance(t)) {
                return Optional.of(type.cast(t));
            }
        }
        return Optional.empty();
    }

    /** Flyway's message on one line, without its advertising and its advice to run repair. */
    private static String flywayMessage(FlywayException failure) {
        String message = failure.getMessage() == null ? failure.getClass().getSimpleName() : failure.getMessage();
        return Arrays.stream(message.split("\\R"))
                .map(line -> line.strip().replaceAll("\\s+", " "))
                .filter(line -> !line.isEmpty()
                        && !line.startsWith("Need more flexibility")
                        && !line.startsWith("Either revert the changes")
                        && !line.startsWith("Validate failed"))
                .collect(Collectors.joining(" "));
    }
}
