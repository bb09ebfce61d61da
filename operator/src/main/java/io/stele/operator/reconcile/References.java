package io.stele.operator.reconcile;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.stele.operator.api.SteleRegistry;
import io.stele.operator.api.SteleRegistrySpec;
import io.stele.operator.api.Storage;
import io.stele.operator.desired.Inputs;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The Secrets and ConfigMap a resource refers to: which they are, so that a change to one of them
 * reconciles the resources that use it, and what they hold, read fresh from the API server.
 */
final class References {

    /** What was read, or why it could not be: a name or key that does not exist. */
    record Resolved(Inputs inputs, List<String> problems) {}

    private References() {}

    /** The names of the Secrets whose keys the registry's pods read. */
    static Set<String> secrets(SteleRegistrySpec spec) {
        return new TreeSet<>(secretKeys(spec).keySet());
    }

    /** The name of the ConfigMap holding more settings, if any. */
    static Optional<String> configMap(SteleRegistrySpec spec) {
        return Optional.ofNullable(spec.settingsConfigMap).map(c -> c.name);
    }

    static Resolved resolve(KubernetesClient client, SteleRegistry registry) {
        String namespace = registry.getMetadata().getNamespace();
        SteleRegistrySpec spec = registry.getSpec();
        List<String> problems = new ArrayList<>();
        Map<String, Map<String, String>> secrets = new LinkedHashMap<>();
        for (Map.Entry<String, List<String>> wanted : secretKeys(spec).entrySet()) {
            String name = wanted.getKey();
            Secret secret =
                    client.secrets().inNamespace(namespace).withName(name).get();
            if (secret == null) {
                problems.add("Secret " + name + " does not exist in namespace " + namespace);
                continue;
            }
            Map<String, String> data = new LinkedHashMap<>(secret.getData() == null ? Map.of() : secret.getData());
            for (String key : wanted.getValue()) {
                if (!data.containsKey(key)) {
                    problems.add("Secret " + name + " has no key " + key);
                }
            }
            secrets.put(name, data);
        }
        Optional<String> file = Optional.empty();
        if (spec.settingsConfigMap != null) {
            String name = spec.settingsConfigMap.name;
            ConfigMap map =
                    client.configMaps().inNamespace(namespace).withName(name).get();
            if (map == null) {
                problems.add("ConfigMap " + name + " does not exist in namespace " + namespace);
            } else if (map.getData() == null || !map.getData().containsKey(spec.settingsConfigMap.key)) {
                problems.add("ConfigMap " + name + " has no key " + spec.settingsConfigMap.key);
            } else {
                file = Optional.of(map.getData().get(spec.settingsConfigMap.key));
            }
        }
        return new Resolved(new Inputs(secrets, file), problems);
    }

    /** Each Secret the pods read, by name, with the keys they read of it. */
    private static Map<String, List<String>> secretKeys(SteleRegistrySpec spec) {
        Map<String, List<String>> all = new LinkedHashMap<>();
        List<Storage.Credentials> credentials = new ArrayList<>();
        if (Storage.POSTGRESQL.equals(spec.storage.kind) && spec.storage.postgresql != null) {
            credentials.add(spec.storage.postgresql.credentialsSecret);
        }
        if (Storage.INFINISPAN.equals(spec.storage.kind)
                && spec.storage.infinispan != null
                && spec.storage.infinispan.credentialsSecret != null) {
            credentials.add(spec.storage.infinispan.credentialsSecret);
        }
        credentials.forEach(c -> all.merge(c.name, List.of(c.usernameKey, c.passwordKey), References::both));
        if (spec.tls != null) {
            all.merge(spec.tls.secretName, List.of("tls.crt", "tls.key"), References::both);
        }
        return all;
    }

    private static List<String> both(List<String> a, List<String> b) {
        List<String> keys = new ArrayList<>(a);
        keys.addAll(b);
        return keys;
    }
}
