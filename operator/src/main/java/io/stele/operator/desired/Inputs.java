package io.stele.operator.desired;

import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * What the pods read from objects the resource refers to: the data of each referenced Secret and
 * the settings file of the referenced ConfigMap. Only its digest reaches the pod template, so that
 * a change to any of it rolls the pods while no secret value is ever written into a workload.
 *
 * @param secrets each referenced Secret's name and its data (base64, as the API serves it)
 * @param settingsFile the referenced ConfigMap's properties file, when there is one
 */
public record Inputs(Map<String, Map<String, String>> secrets, Optional<String> settingsFile) {

    public Inputs {
        secrets = new TreeMap<>(secrets);
        secrets.replaceAll((name, data) -> new TreeMap<>(data));
    }

    /** Inputs of a resource that refers to no Secret and no ConfigMap. */
    public static Inputs none() {
        return new Inputs(Map.of(), Optional.empty());
    }
}
