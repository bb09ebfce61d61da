package io.stele.operator.desired;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaimBuilder;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.apps.DeploymentBuilder;
import io.fabric8.kubernetes.api.model.apps.StatefulSetBuilder;
import io.stele.operator.api.SteleRegistry;
import io.stele.operator.api.SteleRegistrySpec;
import io.stele.operator.api.Storage;

/**
 * The workload that runs the registry's pods. Backends whose state lives outside the pod
 * (PostgreSQL, Infinispan) run as a Deployment; those that keep files per replica (the embedded
 * default's database, the Kafka log's state folder) run as a StatefulSet with a volume claimed per
 * replica, so a restarted pod finds its files again.
 */
public final class Workloads {

    private Workloads() {}

    /** Whether each replica keeps files of its own, so runs as a StatefulSet. */
    public static boolean keepsLocalState(SteleRegistrySpec spec) {
        return Storage.EMBEDDED.equals(spec.storage.kind) || Storage.KAFKA.equals(spec.storage.kind);
    }

    /** The Deployment or StatefulSet named as the resource, running {@code template}. */
    public static HasMetadata of(SteleRegistry registry, PodTemplateSpec template) {
        SteleRegistrySpec spec = registry.getSpec();
        String name = registry.getMetadata().getName();
        if (!keepsLocalState(spec)) {
            return new DeploymentBuilder()
                    .withMetadata(Labels.metadata(registry))
                    .withNewSpec()
                    .withReplicas(spec.replicas)
                    .withNewSelector()
                    .withMatchLabels(Labels.selector(name))
                    .endSelector()
                    .withTemplate(template)
                    .endSpec()
                    .build();
        }
        Storage.Volume volume =
                Storage.EMBEDDED.equals(spec.storage.kind) ? spec.storage.embedded : spec.storage.kafka.stateVolume;
        return new StatefulSetBuilder()
                .withMetadata(Labels.metadata(registry))
                .withNewSpec()
                .withReplicas(spec.replicas)
                .withServiceName(name)
                .withPodManagementPolicy("Parallel")
                .withNewSelector()
                .withMatchLabels(Labels.selector(name))
                .endSelector()
                .withTemplate(template)
                .withVolumeClaimTemplates(claim(volume == null ? new Storage.Volume() : volume))
                .endSpec()
                .build();
    }

    private static PersistentVolumeClaim claim(Storage.Volume volume) {
        return new PersistentVolumeClaimBuilder()
                .withNewMetadata()
                .withName(RegistryPod.STATE_VOLUME)
                .endMetadata()
                .withNewSpec()
                .withAccessModes("ReadWriteOnce")
                .withStorageClassName(volume.storageClassName)
                .withNewResources()
                .addToRequests("storage", new Quantity(volume.size))
                .endResources()
                .endSpec()
                .build();
    }
}
