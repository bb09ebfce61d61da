package io.stele.apicurio;

import io.stele.storage.testkit.backends.EmbeddedBackend;

/** Apicurio's 3.x serdes against the packaged registry on its embedded storage, in a new folder. */
class EmbeddedApicurioSerdeIT extends ApicurioSerdeContract {

    @Override
    protected String kind() {
        return EmbeddedBackend.KIND;
    }
}
