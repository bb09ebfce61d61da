package io.stele.operator.reconcile;

import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.ConditionBuilder;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Optional;

/**
 * The status conditions {@code Ready}, {@code Progressing} and {@code Degraded}, as Kubernetes'
 * API conventions have them: a status of True or False, a CamelCase reason, a sentence for people,
 * the generation they describe, and a transition time that moves only when the status does.
 */
final class Conditions {

    static final String READY = "Ready";
    static final String PROGRESSING = "Progressing";
    static final String DEGRADED = "Degraded";

    private Conditions() {}

    /**
     * The three conditions of a resource at {@code generation}.
     *
     * @param desired the replicas the spec asks for
     * @param problems what the spec asks that cannot be given (missing Secret, unavailable API)
     * @param configurationBlocked whether those problems kept the workload from being updated
     * @param rollout the workload's progress, absent when it could not be brought in step
     * @param previous the conditions written before, whose transition times are kept
     */
    static List<Condition> of(
            long generation,
            int desired,
            List<String> problems,
            boolean configurationBlocked,
            Optional<Rollout> rollout,
            List<Condition> previous) {
        String problemText = String.join("; ", problems);
        Condition ready;
        Condition progressing;
        if (configurationBlocked || rollout.isEmpty()) {
            ready = condition(READY, false, "ConfigurationInvalid", problemText);
            progressing = condition(
                    PROGRESSING,
                    false,
                    "ConfigurationInvalid",
                    "Waiting for the configuration to be fixed: " + problemText);
        } else {
            Rollout r = rollout.get();
            if (desired == 0) {
                ready = condition(READY, false, "ScaledToZero", "spec.replicas is 0");
            } else if (r.ready() >= desired && r.updated() >= desired) {
                ready = condition(
                        READY, true, "AllReplicasReady", r.ready() + " of " + desired + " replicas are ready");
            } else {
                ready = condition(
                        READY, false, "ReplicasNotReady", r.ready() + " of " + desired + " replicas are ready");
            }
            if (!r.observed() || r.updated() < desired) {
                progressing = condition(
                        PROGRESSING,
                        true,
                        "RollingOut",
                        r.updated() + " of " + desired + " replicas run the current configuration");
            } else if (r.replicas() > desired) {
                progressing = condition(
                        PROGRESSING, true, "ScalingDown", r.replicas() + " replicas run, " + desired + " wanted");
            } else if (r.ready() < desired) {
                progressing = condition(
                        PROGRESSING, true, "StartingReplicas", r.ready() + " of " + desired + " replicas are ready");
            } else {
                progressing = condition(PROGRESSING, false, "Complete", "Every replica runs the current configuration");
            }
        }
        Condition degraded;
        if (configurationBlocked) {
            degraded = condition(DEGRADED, true, "ConfigurationInvalid", problemText);
        } else if (!problems.isEmpty()) {
            degraded = condition(DEGRADED, true, "ExposureUnavailable", problemText);
        } else if (rollout.flatMap(Rollout::stalled).isPresent()) {
            degraded = condition(
                    DEGRADED,
                    true,
                    "RolloutStalled",
                    rollout.flatMap(Rollout::stalled).get());
        } else {
            degraded = condition(DEGRADED, false, "AsExpected", "Nothing is wrong");
        }
        return List.of(
                keepTime(ready, previous, generation),
                keepTime(progressing, previous, generation),
                keepTime(degraded, previous, generation));
    }

    private static Condition condition(String type, boolean status, String reason, String message) {
        return new ConditionBuilder()
                .withType(type)
                .withStatus(status ? "True" : "False")
                .withReason(reason)
                .withMessage(message)
                .build();
    }

    private static Condition keepTime(Condition now, List<Condition> previous, long generation) {
        now.setObservedGeneration(generation);
        now.setLastTransitionTime(previous.stream()
                .filter(c -> c.getType().equals(now.getType()) && c.getStatus().equals(now.getStatus()))
                .map(Condition::getLastTransitionTime)
                .findFirst()
                .orElse(Instant.now().truncatedTo(ChronoUnit.SECONDS).toString()));
        return now;
    }
}
