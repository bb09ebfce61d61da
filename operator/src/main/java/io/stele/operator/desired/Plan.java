package io.stele.operator.desired;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import io.stele.operator.api.SteleRegistry;
import io.stele.operator.api.SteleRegistrySpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Every object one resource should own, computed from its spec alone (a pure function, so an
 * operator restarted at any point computes the same objects again), and the kinds it should not
 * own, whose objects left from an earlier spec are removed.
 *
 * @param apply the objects to create or bring in step, workload first
 * @param remove the kinds whose object named as the resource must not exist
 * @param problems what the spec asks that this cluster cannot give, for the Degraded condition
 * @param configHash the hash stamped on the pod template
 */
public record Plan(List<HasMetadata> apply, List<Kind> remove, List<String> problems, String configHash) {

    /** An object's API version and kind. */
    public record Kind(String apiVersion, String kind) {
        public static Kind of(HasMetadata object) {
            return new Kind(object.getApiVersion(), object.getKind());
        }
    }

    /** The APIs of the cluster that only some clusters have. */
    public record Capabilities(boolean routes, boolean serviceMonitors) {}

    public static final Kind DEPLOYMENT = new Kind("apps/v1", "Deployment");
    public static final Kind STATEFUL_SET = new Kind("apps/v1", "StatefulSet");
    public static final Kind SERVICE = new Kind("v1", "Service");
    public static final Kind INGRESS = new Kind("networking.k8s.io/v1", "Ingress");
    public static final Kind ROUTE = new Kind(Network.ROUTE_API, "Route");
    public static final Kind PDB = new Kind("policy/v1", "PodDisruptionBudget");
    public static final Kind SERVICE_MONITOR = new Kind(Network.SERVICE_MONITOR_API, "ServiceMonitor");

    public static Plan of(SteleRegistry registry, Inputs inputs, Capabilities cluster, String defaultImage) {
        SteleRegistrySpec spec = registry.getSpec();
        PodTemplateSpec template = RegistryPod.template(registry, inputs, defaultImage);
        List<HasMetadata> apply = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        apply.add(Workloads.of(registry, template));
        apply.add(Network.service(registry));
        exposure(registry, cluster, problems).ifPresent(apply::add);
        if (spec.replicas > 1 && spec.podDisruptionBudget.enabled) {
            apply.add(Network.podDisruptionBudget(registry));
        }
        if (spec.metrics.serviceMonitor && cluster.serviceMonitors()) {
            apply.add(Network.serviceMonitor(registry));
        }
        List<Kind> applied = apply.stream().map(Kind::of).toList();
        List<Kind> remove = new ArrayList<>();
        for (Kind kind : List.of(DEPLOYMENT, STATEFUL_SET, SERVICE, INGRESS, ROUTE, PDB, SERVICE_MONITOR)) {
            boolean served =
                    (kind != ROUTE || cluster.routes()) && (kind != SERVICE_MONITOR || cluster.serviceMonitors());
            if (served && !applied.contains(kind)) {
                remove.add(kind);
            }
        }
        return new Plan(
                apply, remove, problems, template.getMetadata().getAnnotations().get(RegistryPod.CONFIG_HASH));
    }

    private static Optional<HasMetadata> exposure(SteleRegistry registry, Capabilities cluster, List<String> problems) {
        switch (registry.getSpec().expose.type) {
            case "Service":
                return Optional.empty();
            case "Ingress":
                return Optional.of(Network.ingress(registry));
            case "Route":
                if (!cluster.routes()) {
                    problems.add("expose.type is Route, but this cluster has no route.openshift.io/v1 API;"
                            + " only the Service is created");
                    return Optional.empty();
                }
                return Optional.of(Network.route(registry));
            case "Auto":
                return Optional.of(cluster.routes() ? Network.route(registry) : Network.ingress(registry));
            default:
                throw new IllegalArgumentException("Unknown expose.type " + registry.getSpec().expose.type);
        }
    }
}
