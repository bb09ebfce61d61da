package io.stele.compat;

import io.stele.storage.testkit.backends.EmbeddedBackend;

/** The 1.3.2 clients against the packaged registry on its embedded storage, in a new folder. */
class EmbeddedApicurioClientIT extends ApicurioClientContract {

    @Override
    protected String kind() {
        return EmbeddedBackend.KIND;
    }
}
