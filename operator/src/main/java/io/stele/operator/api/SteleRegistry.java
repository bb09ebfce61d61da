package io.stele.operator.api;

import io.fabric8.kubernetes.api.model.Namespaced;
import io.fabric8.kubernetes.client.CustomResource;
import io.fabric8.kubernetes.model.annotation.Group;
import io.fabric8.kubernetes.model.annotation.ShortNames;
import io.fabric8.kubernetes.model.annotation.Version;

/**
 * One registry deployment: what to run ({@link SteleRegistrySpec}) and what the operator observed
 * ({@link SteleRegistryStatus}). {@code v1alpha1} while the spec may still change incompatibly
 * (docs/adr/0023-kubernetes-operator.md).
 */
@Group(SteleRegistry.GROUP)
@Version(SteleRegistry.VERSION)
@ShortNames("stele")
public class SteleRegistry extends CustomResource<SteleRegistrySpec, SteleRegistryStatus> implements Namespaced {

    public static final String GROUP = "stele.io";
    public static final String VERSION = "v1alpha1";

    @Override
    protected SteleRegistryStatus initStatus() {
        return new SteleRegistryStatus();
    }
}
