package io.stele.compat;

import io.stele.storage.testkit.backends.InfinispanBackend;

/** The 1.3.2 clients against the packaged registry on a private one-node Infinispan cluster. */
class InfinispanApicurioClientIT extends ApicurioClientContract {

    @Override
    protected String kind() {
        return InfinispanBackend.KIND;
    }
}
