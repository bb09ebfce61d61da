package io.stele.storage.kafka;

import io.stele.storage.RegistryStorage;
import io.stele.storage.testkit.StorageContractSuite;
import io.stele.testservers.KafkaServer;
import java.nio.file.Path;

/** The Kafka log, on a real broker the build starts, in a topic and a state folder of its own. */
class KafkaStorageContractIT extends StorageContractSuite {

    private final KafkaLogSettings settings =
            KafkaReplicas.settings(KafkaServer.shared(), KafkaReplicas.newTopic(), KafkaReplicas.newStateDir());

    @Override
    protected RegistryStorage openStorage() {
        return KafkaReplicas.startReady(settings);
    }

    Path stateDir() {
        return settings.stateDir();
    }
}
