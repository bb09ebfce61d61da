package io.stele.storage;

import java.util.List;
import java.util.function.Consumer;

/**
 * A registry's whole state, out and in: backups, restores, and moves from one backend to another.
 *
 * <p>Threading: an export may run beside other calls; imports are meant for a registry that nobody
 * writes to meanwhile. Every method may throw {@link StorageUnavailableException}.
 */
public interface TransferStore {

    /**
     * Gives every record, in an order an import can follow: the global rules; then each artifact
     * in id order, followed by its rules and by its versions in ascending order, each version
     * preceded by its content the first time that content is given. Where the backend can, the
     * records are one consistent view of the registry.
     */
    void export(Consumer<TransferRecord> sink);

    /**
     * Stores one batch, all or nothing, keeping every id and version number as given, and moves
     * the backend's id allocation past them. An artifact's versions come in the same batch as the
     * artifact. Content already stored under the same id and hash is skipped, so a batch may
     * repeat content.
     *
     * @throws AlreadyExistsException when an artifact, version or rule in the batch exists
     * @throws ConflictException when a content id or hash is stored with other content
     * @throws InvalidRequestException when the batch is not in an order an import can follow
     */
    void importBatch(List<TransferRecord> batch);
}
