package io.stele.apicurio;

import io.stele.storage.testkit.backends.EmbeddedBackend;

/** Apicurio's 3.x Java SDK against the packaged registry on its embedded storage, in a new folder. */
class EmbeddedApicurioJavaSdkIT extends ApicurioJavaSdkContract {

    @Override
    protected String kind() {
        return EmbeddedBackend.KIND;
    }
}
