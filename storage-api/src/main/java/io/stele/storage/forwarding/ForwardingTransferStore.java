package io.stele.storage.forwarding;

import io.stele.storage.TransferRecord;
import io.stele.storage.TransferStore;
import java.util.List;
import java.util.function.Consumer;

/** Forwards every call to {@link #delegate()}; see the package's javadoc. */
public abstract class ForwardingTransferStore implements TransferStore {

    protected abstract TransferStore delegate();

    @Override
    public void export(Consumer<TransferRecord> sink) {
        delegate().export(sink);
    }

    @Override
    public void importBatch(List<TransferRecord> batch) {
        delegate().importBatch(batch);
    }
}
