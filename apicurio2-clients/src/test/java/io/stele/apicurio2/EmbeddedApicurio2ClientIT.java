package io.stele.apicurio2;

import io.stele.storage.testkit.backends.EmbeddedBackend;

/** Apicurio's 2.6 client against the packaged registry on its embedded storage, in a new folder. */
class EmbeddedApicurio2ClientIT extends Apicurio2ClientContract {

    @Override
    protected String kind() {
        return EmbeddedBackend.KIND;
    }
}
