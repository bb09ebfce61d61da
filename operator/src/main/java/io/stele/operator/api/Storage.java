package io.stele.operator.api;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Default;
import io.fabric8.generator.annotation.Min;
import io.fabric8.generator.annotation.Pattern;
import io.fabric8.generator.annotation.Required;
import io.fabric8.generator.annotation.ValidationRule;

/** The backend and its connection; the block named by {@link #kind} is required. */
@ValidationRule(
        value = "self.kind != 'postgresql' || has(self.postgresql)",
        message = "storage.postgresql is required when storage.kind is postgresql")
@ValidationRule(
        value = "self.kind != 'kafka' || has(self.kafka)",
        message = "storage.kafka is required when storage.kind is kafka")
@ValidationRule(
        value = "self.kind != 'infinispan' || has(self.infinispan)",
        message = "storage.infinispan is required when storage.kind is infinispan")
public class Storage {

    public static final String EMBEDDED = "embedded";
    public static final String POSTGRESQL = "postgresql";
    public static final String KAFKA = "kafka";
    public static final String INFINISPAN = "infinispan";

    @JsonPropertyDescription("embedded (H2 files on a volume, one replica), postgresql, kafka or infinispan.")
    @Required
    @Pattern("^(embedded|postgresql|kafka|infinispan)$")
    public String kind;

    @JsonPropertyDescription("The volume of the embedded storage's files.")
    public Volume embedded = new Volume();

    public Postgresql postgresql;

    public Kafka kafka;

    public Infinispan infinispan;

    /** A persistent volume claimed per replica. */
    public static class Volume {
        @JsonPropertyDescription("The volume's size, for example 1Gi.")
        @Default("1Gi")
        public String size = "1Gi";

        @JsonPropertyDescription("The StorageClass; the cluster's default when absent.")
        public String storageClassName;
    }

    /** A PostgreSQL database. */
    public static class Postgresql {
        @JsonPropertyDescription("The JDBC URL, for example jdbc:postgresql://db:5432/stele.")
        @Required
        @Pattern("^jdbc:postgresql:.+")
        public String url;

        @JsonPropertyDescription("The Secret holding the user name and password.")
        @Required
        public Credentials credentialsSecret;

        @JsonPropertyDescription("Connections per replica; one listens for other replicas' changes.")
        @Min(2)
        public Integer poolSize;
    }

    /** A Kafka topic holding the registry's log. */
    public static class Kafka {
        @JsonPropertyDescription("The brokers, host:port separated by commas.")
        @Required
        public String bootstrapServers;

        @JsonPropertyDescription("The log's topic; stele-log when absent.")
        public String topic;

        @JsonPropertyDescription("The topic's replication factor when the registry creates it.")
        @Min(1)
        public Integer replicationFactor;

        @JsonPropertyDescription("The topic's min.insync.replicas when the registry creates it.")
        @Min(1)
        public Integer minInsyncReplicas;

        @JsonPropertyDescription("The volume of each replica's state folder, rebuilt from the log when lost.")
        public Volume stateVolume = new Volume();
    }

    /** An Infinispan cluster over Hot Rod. */
    public static class Infinispan {
        @JsonPropertyDescription("The servers, host:port separated by semicolons.")
        @Required
        public String servers;

        @JsonPropertyDescription("The Secret holding the user name and password, when the cluster needs them.")
        public Credentials credentialsSecret;

        @JsonPropertyDescription("distributed or replicated.")
        @Pattern("^(distributed|replicated)$")
        public String cacheMode;

        @JsonPropertyDescription("Copies of each entry in a distributed cache.")
        @Min(1)
        public Integer owners;
    }

    /** Keys of a Secret in the resource's namespace. */
    public static class Credentials {
        @Required
        public String name;

        @Default("username")
        public String usernameKey = "username";

        @Default("password")
        public String passwordKey = "password";
    }
}
