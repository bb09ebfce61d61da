package io.stele.operator.reconcile;

import io.fabric8.kubernetes.api.model.APIGroup;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.stele.operator.desired.Plan;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;

/**
 * Which optional APIs the cluster serves: OpenShift's Routes and the Prometheus operator's
 * ServiceMonitors. Asked of the API server's discovery at most every 30 seconds, so that an API
 * installed while the operator runs is used from the next reconcile after that.
 */
@ApplicationScoped
class ClusterApis {

    private static final Duration FRESH_FOR = Duration.ofSeconds(30);

    @Inject
    KubernetesClient client;

    private volatile Plan.Capabilities known;
    private volatile long knownAt;

    Plan.Capabilities capabilities() {
        Plan.Capabilities current = known;
        if (current == null || System.nanoTime() - knownAt > FRESH_FOR.toNanos()) {
            current = new Plan.Capabilities(serves("route.openshift.io", "v1"), serves("monitoring.coreos.com", "v1"));
            known = current;
            knownAt = System.nanoTime();
        }
        return current;
    }

    private boolean serves(String group, String version) {
        APIGroup found = client.getApiGroup(group);
        return found != null && found.getVersions().stream().anyMatch(v -> version.equals(v.getVersion()));
    }
}
