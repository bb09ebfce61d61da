package io.stele.operator.desired;

import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.stele.operator.api.SteleRegistry;
import java.util.LinkedHashMap;
import java.util.Map;

/** The labels of every object the operator owns, and the selector of one registry's pods. */
public final class Labels {

    public static final String NAME = "app.kubernetes.io/name";
    public static final String INSTANCE = "app.kubernetes.io/instance";
    public static final String MANAGED_BY = "app.kubernetes.io/managed-by";
    public static final String COMPONENT = "app.kubernetes.io/component";
    public static final String OPERATOR = "stele-operator";

    private Labels() {}

    /** Selects the pods of the registry named {@code instance}; never changes once deployed. */
    public static Map<String, String> selector(String instance) {
        Map<String, String> labels = new LinkedHashMap<>();
        labels.put(NAME, "stele");
        labels.put(INSTANCE, instance);
        return labels;
    }

    /** The metadata of an object owned by {@code registry}: named as it, in its namespace, labelled. */
    public static ObjectMeta metadata(SteleRegistry registry) {
        String name = registry.getMetadata().getName();
        return new ObjectMetaBuilder()
                .withName(name)
                .withNamespace(registry.getMetadata().getNamespace())
                .withLabels(of(name))
                .build();
    }

    /** The selector's labels, plus who manages the object and what it is part of. */
    public static Map<String, String> of(String instance) {
        Map<String, String> labels = selector(instance);
        labels.put(COMPONENT, "registry");
        labels.put(MANAGED_BY, OPERATOR);
        return labels;
    }
}
