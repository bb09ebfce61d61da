package io.stele.storage.forwarding;

import io.stele.storage.TransferRecord;
import java.util.List;

/**
 * Forwards every call to {@link #delegate()}: the reads as {@link ForwardingTransferReads} does, and
 * the writes. See the package's javadoc.
 */
public abstract class ForwardingTransferStore extends ForwardingTransferReads {
    @Override
    public void importBatch(List<TransferRecord> batch) {
        delegate().importBatch(batch);
    }
}
