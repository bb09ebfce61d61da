package io.stele.operator.api;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Default;
import io.fabric8.generator.annotation.Max;
import io.fabric8.generator.annotation.Min;
import io.fabric8.generator.annotation.Pattern;
import io.fabric8.generator.annotation.Required;
import io.fabric8.generator.annotation.ValidationRule;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
import java.util.LinkedHashMap;
import java.util.Map;

/** What the operator deploys. The API server refuses a spec that breaks the rules written here. */
@ValidationRule(
        value = "self.storage.kind != 'embedded' || !has(self.replicas) || self.replicas <= 1",
        message = "the embedded storage keeps its files on one volume: replicas must be 0 or 1")
@ValidationRule(
        value =
                "!has(self.settings) || self.settings.all(k, k.startsWith('stele.') && !k.startsWith('stele.storage.'))",
        message = "settings keys must be stele.* settings; the storage is configured under storage, not settings")
public class SteleRegistrySpec {

    @JsonPropertyDescription("How many registry processes run. The embedded storage allows 0 or 1.")
    @Min(0)
    @Default("1")
    public Integer replicas = 1;

    @JsonPropertyDescription("The registry's container image; the operator's default when absent.")
    public String image;

    @JsonPropertyDescription("When the kubelet pulls the image: Always, IfNotPresent or Never.")
    @Pattern("^(Always|IfNotPresent|Never)$")
    public String imagePullPolicy;

    @JsonPropertyDescription("Where the registry keeps its state.")
    @Required
    public Storage storage;

    @JsonPropertyDescription("Registry settings (stele.*, as in docs/), passed to the registry as environment"
            + " variables, for example stele.cache.max-memory: 512M.")
    public Map<String, String> settings = new LinkedHashMap<>();

    @JsonPropertyDescription("A ConfigMap holding more settings as an application.properties file, mounted"
            + " where the registry reads it; a change to it rolls the pods.")
    public ConfigMapFile settingsConfigMap;

    @JsonPropertyDescription("Sign-in at an OpenID Connect identity provider and the roles it grants;"
            + " authentication is off when absent.")
    public Access.Auth auth;

    @JsonPropertyDescription("HTTPS served by the registry with the certificate of a kubernetes.io/tls Secret;"
            + " plain HTTP when absent.")
    public Access.Tls tls;

    @JsonPropertyDescription("CPU and memory requests and limits of the registry's container.")
    public ResourceRequirements resources;

    @JsonPropertyDescription("How the registry is reached from outside the cluster.")
    public Expose expose = new Expose();

    @JsonPropertyDescription("Prometheus scraping of /q/metrics.")
    public Metrics metrics = new Metrics();

    @JsonPropertyDescription("The PodDisruptionBudget kept while more than one replica runs.")
    public Disruption podDisruptionBudget = new Disruption();

    /** A ConfigMap entry mounted as the registry's {@code config/application.properties}. */
    public static class ConfigMapFile {
        @JsonPropertyDescription("The ConfigMap's name, in the resource's namespace.")
        @Required
        public String name;

        @JsonPropertyDescription("The key holding the properties file.")
        @Default("application.properties")
        public String key = "application.properties";
    }

    /** Exposure outside the cluster; the Service is always there. */
    public static class Expose {
        @JsonPropertyDescription("Auto: a Route on OpenShift, an Ingress elsewhere. Ingress or Route: that one."
                + " Service: only the Service.")
        @Pattern("^(Auto|Ingress|Route|Service)$")
        @Default("Auto")
        public String type = "Auto";

        @JsonPropertyDescription("The host name served; the cluster's default when absent.")
        public String host;

        @JsonPropertyDescription("The Ingress class, when the cluster has several.")
        public String ingressClassName;

        @JsonPropertyDescription("A Secret of type kubernetes.io/tls for the Ingress; Routes use edge TLS.")
        public String tlsSecretName;
    }

    /** Metrics scraping. */
    public static class Metrics {
        @JsonPropertyDescription("A ServiceMonitor for the Prometheus operator, when the cluster has its API.")
        @Default("true")
        public Boolean serviceMonitor = true;

        @JsonPropertyDescription("How often Prometheus scrapes, for example 30s.")
        @Pattern("^[0-9]+(ms|s|m|h)$")
        public String interval;
    }

    /** The budget of voluntary disruptions. */
    public static class Disruption {
        @JsonPropertyDescription("Keep a PodDisruptionBudget while replicas > 1.")
        @Default("true")
        public Boolean enabled = true;

        @JsonPropertyDescription("How many replicas a voluntary disruption may take down at once.")
        @Min(1)
        @Max(1000)
        @Default("1")
        public Integer maxUnavailable = 1;
    }
}
