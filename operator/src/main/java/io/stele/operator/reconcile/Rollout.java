package io.stele.operator.reconcile;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.DeploymentCondition;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * How far the workload's controller has got in running the current pod template, read from the
 * Deployment's or StatefulSet's status.
 *
 * @param observed whether the workload's controller has seen its latest spec
 * @param replicas the replicas it runs now, old and new
 * @param updated the replicas running the current template
 * @param ready the replicas whose readiness probe passes
 * @param stalled why the rollout cannot go on, when the workload's controller says so
 */
record Rollout(boolean observed, int replicas, int updated, int ready, Optional<String> stalled) {

    static Rollout of(HasMetadata workload) {
        Long generation = workload.getMetadata().getGeneration();
        if (workload instanceof Deployment d && d.getStatus() != null) {
            var s = d.getStatus();
            List<DeploymentCondition> conditions = s.getConditions() == null ? List.of() : s.getConditions();
            Optional<String> stalled = conditions.stream()
                    .filter(c -> ("Progressing".equals(c.getType()) && "ProgressDeadlineExceeded".equals(c.getReason()))
                            || ("ReplicaFailure".equals(c.getType()) && "True".equals(c.getStatus())))
                    .map(DeploymentCondition::getMessage)
                    .findFirst();
            return new Rollout(
                    Objects.equals(s.getObservedGeneration(), generation),
                    count(s.getReplicas()),
                    count(s.getUpdatedReplicas()),
                    count(s.getReadyReplicas()),
                    stalled);
        }
        if (workload instanceof StatefulSet st && st.getStatus() != null) {
            var s = st.getStatus();
            boolean sameRevision =
                    s.getUpdateRevision() == null || s.getUpdateRevision().equals(s.getCurrentRevision());
            return new Rollout(
                    Objects.equals(s.getObservedGeneration(), generation),
                    count(s.getReplicas()),
                    sameRevision ? count(s.getReplicas()) : count(s.getUpdatedReplicas()),
                    count(s.getReadyReplicas()),
                    Optional.empty());
        }
        return new Rollout(false, 0, 0, 0, Optional.empty());
    }

    private static int count(Integer value) {
        return value == null ? 0 : value;
    }
}
