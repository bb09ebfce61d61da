package io.stele.storage.forwarding;

import io.stele.storage.TransferRecord;
import io.stele.storage.TransferStore;
import java.util.function.Consumer;

/**
 * Forwards every read of a {@link TransferStore} to {@link #delegate()} and leaves its writes abstract:
 * the base of a guard, which must then decide each write, including any the SPI gains later (the
 * compiler asks). See the package's javadoc.
 */
public abstract class ForwardingTransferReads implements TransferStore {

    protected abstract TransferStore delegate();

    @Override
    public void export(Consumer<TransferRecord> sink) {
        delegate().export(sink);
    }
}
