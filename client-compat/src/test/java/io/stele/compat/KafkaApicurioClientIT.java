package io.stele.compat;

import io.stele.storage.testkit.backends.KafkaBackend;

/** The 1.3.2 clients against the packaged registry on the Kafka log, on a private broker. */
class KafkaApicurioClientIT extends ApicurioClientContract {

    @Override
    protected String kind() {
        return KafkaBackend.KIND;
    }
}
