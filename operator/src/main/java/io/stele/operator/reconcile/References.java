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
        Set<String> names = new TreeSet<>();
        credentials(spec).forEach(c -> names.add(c.name));
        return names;
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
        for (Storage.Credentials credentials : credentials(spec)) {
            Secret secret = client.secrets()
                    .inNamespace(namespace)
                    .withName(credentials.name)
                    .get();
            if (secret == null) {
                problems.add("Secret " + credentials.name + " does not exist in namespace " + namespace);
                continue;
            }
            Map<String, String> data = new LinkedHashMap<>(secret.getData() == null ? Map.of() : secret.getData());
            if (secret.getStringData() != null) {
                data.putAll(secret.getStringData());
            }
            for (String key : List.of(credentials.usernameKey, credentials.passwordKey)) {
                if (!data.containsKey(key)) {
                    problems.add("Secret " + credentials.name + " has no key " + key);
                }
            }
            secrets.put(credentials.name, data);
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

    private static List<Storage.Credentials> credentials(SteleRegistrySpec spec) {
        List<Storage.Credentials> all = new ArrayList<>();
        if (Storage.POSTGRESQL.equals(spec.storage.kind) && spec.storage.postgresql != null) {
            all.add(spec.storage.postgresql.credentialsSecret);
        }
        if (Storage.INFINISPAN.equals(spec.storage.kind)
                && spec.storage.infinispan != null
                && spec.storage.infinispan.credentialsSecret != null) {
            all.add(spec.storage.infinispan.credentialsSecret);
        }
        return all;
    }
}
