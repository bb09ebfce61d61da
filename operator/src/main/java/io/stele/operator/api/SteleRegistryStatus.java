package io.stele.operator.api;

import io.fabric8.kubernetes.api.model.Condition;
import java.util.ArrayList;
import java.util.List;

/**
 * What the operator last observed. {@code conditions} holds {@code Ready}, {@code Progressing} and
 * {@code Degraded}, each with a reason and a message, as Kubernetes' conventions have them.
 */
public class SteleRegistryStatus {

    /** The {@code metadata.generation} of the spec this status describes. */
    public Long observedGeneration;

    public List<Condition> conditions = new ArrayList<>();

    /** Replicas the workload runs, and how many of them are ready. */
    public Integer replicas;

    public Integer readyReplicas;

    /** Where the registry is served: the Route's or Ingress' host, else the Service's address. */
    public String url;

    /** The hash of the configuration the pods run; a new one rolls them. */
    public String configHash;
}
