package io.stele.operator.reconcile;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.OwnerReferenceBuilder;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.javaoperatorsdk.operator.api.config.informer.InformerEventSourceConfiguration;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.api.reconciler.ControllerConfiguration;
import io.javaoperatorsdk.operator.api.reconciler.EventSourceContext;
import io.javaoperatorsdk.operator.api.reconciler.MaxReconciliationInterval;
import io.javaoperatorsdk.operator.api.reconciler.Reconciler;
import io.javaoperatorsdk.operator.api.reconciler.UpdateControl;
import io.javaoperatorsdk.operator.processing.event.ResourceID;
import io.javaoperatorsdk.operator.processing.event.source.EventSource;
import io.javaoperatorsdk.operator.processing.event.source.informer.InformerEventSource;
import io.javaoperatorsdk.operator.processing.event.source.informer.Mappers;
import io.quarkiverse.operatorsdk.annotations.RBACRule;
import io.quarkiverse.operatorsdk.annotations.RBACVerbs;
import io.stele.operator.api.SteleRegistry;
import io.stele.operator.api.SteleRegistryStatus;
import io.stele.operator.desired.Labels;
import io.stele.operator.desired.Plan;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * Keeps the objects of each {@link SteleRegistry} in step with its spec, and its status with what
 * they report. Every object is written with server-side apply under one field manager, so a
 * reconcile that changes nothing writes nothing, and a reconcile cut short by a restart is simply
 * done again. Owner references let Kubernetes' garbage collector remove the objects with the
 * resource.
 *
 * <p>Runs again when the resource's spec changes, when its workload's status changes (pods become
 * ready), when a Secret or ConfigMap it refers to changes, and every five minutes to catch objects
 * changed by hand or APIs (Route, ServiceMonitor) installed since.
 */
@ControllerConfiguration(
        name = "steleregistry",
        fieldManager = Labels.OPERATOR,
        maxReconciliationInterval = @MaxReconciliationInterval(interval = 5, timeUnit = TimeUnit.MINUTES))
@RBACRule(
        apiGroups = "apps",
        resources = {"deployments", "statefulsets"},
        verbs = {
            RBACVerbs.GET,
            RBACVerbs.LIST,
            RBACVerbs.WATCH,
            RBACVerbs.CREATE,
            RBACVerbs.PATCH,
            RBACVerbs.UPDATE,
            RBACVerbs.DELETE
        })
@RBACRule(
        apiGroups = "",
        resources = "services",
        verbs = {RBACVerbs.GET, RBACVerbs.CREATE, RBACVerbs.PATCH, RBACVerbs.UPDATE, RBACVerbs.DELETE})
@RBACRule(
        apiGroups = "",
        resources = {"secrets", "configmaps"},
        verbs = {RBACVerbs.GET, RBACVerbs.LIST, RBACVerbs.WATCH})
@RBACRule(
        apiGroups = "networking.k8s.io",
        resources = "ingresses",
        verbs = {RBACVerbs.GET, RBACVerbs.CREATE, RBACVerbs.PATCH, RBACVerbs.UPDATE, RBACVerbs.DELETE})
@RBACRule(
        apiGroups = "policy",
        resources = "poddisruptionbudgets",
        verbs = {RBACVerbs.GET, RBACVerbs.CREATE, RBACVerbs.PATCH, RBACVerbs.UPDATE, RBACVerbs.DELETE})
@RBACRule(
        apiGroups = "route.openshift.io",
        resources = {"routes", "routes/custom-host"},
        verbs = {RBACVerbs.GET, RBACVerbs.CREATE, RBACVerbs.PATCH, RBACVerbs.UPDATE, RBACVerbs.DELETE})
@RBACRule(
        apiGroups = "monitoring.coreos.com",
        resources = "servicemonitors",
        verbs = {RBACVerbs.GET, RBACVerbs.CREATE, RBACVerbs.PATCH, RBACVerbs.UPDATE, RBACVerbs.DELETE})
public class SteleRegistryReconciler implements Reconciler<SteleRegistry> {

    private static final Logger LOG = Logger.getLogger(SteleRegistryReconciler.class);

    @Inject
    KubernetesClient client;

    @Inject
    ClusterApis apis;

    @ConfigProperty(name = "stele.operator.registry-image")
    String registryImage;

    @Override
    public List<EventSource<?, SteleRegistry>> prepareEventSources(EventSourceContext<SteleRegistry> context) {
        String owned = Labels.MANAGED_BY + "=" + Labels.OPERATOR;
        return List.of(
                owned(context, Deployment.class, owned),
                owned(context, StatefulSet.class, owned),
                referring(context, Secret.class, spec -> References.secrets(spec.getSpec())),
                referring(context, ConfigMap.class, spec -> References.configMap(spec.getSpec())
                        .map(Set::of)
                        .orElse(Set.of())));
    }

    @Override
    public UpdateControl<SteleRegistry> reconcile(SteleRegistry registry, Context<SteleRegistry> context) {
        References.Resolved resolved = References.resolve(client, registry);
        Plan plan = Plan.of(registry, resolved.inputs(), apis.capabilities(), registryImage);
        List<String> problems = new ArrayList<>(resolved.problems());
        Optional<Rollout> rollout = Optional.empty();
        if (resolved.problems().isEmpty()) {
            HasMetadata workload = null;
            for (HasMetadata object : plan.apply()) {
                HasMetadata applied = apply(registry, object);
                if (workload == null) {
                    workload = applied;
                }
            }
            for (Plan.Kind kind : plan.remove()) {
                remove(registry, kind);
            }
            rollout = Optional.of(Rollout.of(workload));
            problems.addAll(plan.problems());
        } else {
            LOG.warnf(
                    "%s/%s: not brought in step: %s",
                    registry.getMetadata().getNamespace(),
                    registry.getMetadata().getName(),
                    resolved.problems());
        }
        SteleRegistry update = new SteleRegistry();
        update.getMetadata().setName(registry.getMetadata().getName());
        update.getMetadata().setNamespace(registry.getMetadata().getNamespace());
        SteleRegistryStatus status = new SteleRegistryStatus();
        SteleRegistryStatus previous = registry.getStatus() == null ? new SteleRegistryStatus() : registry.getStatus();
        status.observedGeneration = registry.getMetadata().getGeneration();
        status.conditions = Conditions.of(
                registry.getMetadata().getGeneration(),
                registry.getSpec().replicas,
                problems,
                !resolved.problems().isEmpty(),
                rollout,
                previous.conditions);
        status.replicas = rollout.map(Rollout::replicas).orElse(previous.replicas);
        status.readyReplicas = rollout.map(Rollout::ready).orElse(previous.readyReplicas);
        status.configHash = resolved.problems().isEmpty() ? plan.configHash() : previous.configHash;
        status.url = Urls.of(client, registry, plan);
        update.setStatus(status);
        return UpdateControl.patchStatus(update);
    }

    private HasMetadata apply(SteleRegistry owner, HasMetadata object) {
        object.getMetadata()
                .setOwnerReferences(List.of(new OwnerReferenceBuilder()
                        .withApiVersion(owner.getApiVersion())
                        .withKind(owner.getKind())
                        .withName(owner.getMetadata().getName())
                        .withUid(owner.getMetadata().getUid())
                        .withController(true)
                        .withBlockOwnerDeletion(true)
                        .build()));
        return client.resource(object)
                .fieldManager(Labels.OPERATOR)
                .forceConflicts()
                .serverSideApply();
    }

    private void remove(SteleRegistry owner, Plan.Kind kind) {
        var resource = client.genericKubernetesResources(kind.apiVersion(), kind.kind())
                .inNamespace(owner.getMetadata().getNamespace())
                .withName(owner.getMetadata().getName());
        var existing = resource.get();
        boolean ours = existing != null
                && existing.getMetadata().getOwnerReferences().stream()
                        .anyMatch(r -> r.getUid().equals(owner.getMetadata().getUid()));
        if (ours) {
            resource.delete();
        }
    }

    private static <R extends HasMetadata> InformerEventSource<R, SteleRegistry> owned(
            EventSourceContext<SteleRegistry> context, Class<R> type, String selector) {
        return new InformerEventSource<>(
                InformerEventSourceConfiguration.from(type, SteleRegistry.class)
                        .withLabelSelector(selector)
                        .withSecondaryToPrimaryMapper(Mappers.fromOwnerReferences(SteleRegistry.class))
                        .build(),
                context);
    }

    /** Maps a change to a Secret or ConfigMap to the resources in its namespace that refer to it. */
    private static <R extends HasMetadata> InformerEventSource<R, SteleRegistry> referring(
            EventSourceContext<SteleRegistry> context, Class<R> type, Function<SteleRegistry, Set<String>> names) {
        return new InformerEventSource<>(
                InformerEventSourceConfiguration.from(type, SteleRegistry.class)
                        .withSecondaryToPrimaryMapper(object -> context.getPrimaryCache()
                                .list(r -> r.getMetadata()
                                                .getNamespace()
                                                .equals(object.getMetadata().getNamespace())
                                        && names.apply(r)
                                                .contains(object.getMetadata().getName()))
                                .map(ResourceID::fromResource)
                                .collect(Collectors.toSet()))
                        .build(),
                context);
    }
}
