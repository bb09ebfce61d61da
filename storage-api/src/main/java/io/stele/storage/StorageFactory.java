package io.stele.storage;

import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfig;
import io.smallrye.config.SmallRyeConfigBuilder;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Opens a backend outside any container, from the settings a registry reads ({@code
 * stele.storage.*}), as tests, tools and benchmarks do. The registry itself takes its storage from
 * the backend's CDI producer; both read the backend's one {@code @ConfigMapping}, so a setting's key
 * is declared once. A backend offers one subclass per kind, with a public no-argument constructor,
 * in {@code META-INF/services/io.stele.storage.StorageFactory}.
 */
public abstract class StorageFactory {

    private final String kind;
    private final Function<Map<String, String>, RegistryStorage> open;

    /**
     * @param kind the value of {@code stele.storage.kind} it opens
     * @param open opens a storage, not started, from the settings
     */
    protected StorageFactory(String kind, Function<Map<String, String>, RegistryStorage> open) {
        this.kind = kind;
        this.open = open;
    }

    /** The value of {@code stele.storage.kind} this factory opens. */
    public final String kind() {
        return kind;
    }

    /**
     * Opens a storage, not started, from {@code settings}; what the settings leave out takes the
     * backend's defaults. {@link RegistryStorage#close()} releases what it opened.
     *
     * @throws IllegalArgumentException when a setting is missing or malformed, naming it
     */
    public final RegistryStorage open(Map<String, String> settings) {
        return open.apply(settings);
    }

    /**
     * Opens, not started, the storage that {@code settings}' {@code stele.storage.kind} names,
     * through the factory on the class path that opens that kind.
     *
     * @throws IllegalArgumentException when the settings name no kind, or one no factory here opens
     */
    public static RegistryStorage openKind(Map<String, String> settings) {
        String kind = settings.get("stele.storage.kind");
        Map<String, StorageFactory> factories =
                ServiceLoader.load(StorageFactory.class, StorageFactory.class.getClassLoader()).stream()
                        .map(ServiceLoader.Provider::get)
                        .collect(Collectors.toMap(StorageFactory::kind, f -> f));
        StorageFactory factory = factories.get(kind);
        if (factory == null) {
            throw new IllegalArgumentException((kind == null
                            ? "The settings name no backend (stele.storage.kind)"
                            : "stele.storage.kind '" + kind + "' is none of the backends here")
                    + "; the backends here: "
                    + factories.keySet().stream().sorted().toList());
        }
        return factory.open(settings);
    }

    /**
     * A backend's settings interface read from {@code settings} over the defaults its module
     * declares in {@code META-INF/microprofile-config.properties}, as the registry would read it;
     * neither the environment nor system properties take part.
     *
     * @throws IllegalArgumentException when a setting is missing or malformed, naming it
     */
    public static <T> T mapping(Class<T> mapping, Map<String, String> settings) {
        try {
            SmallRyeConfig config = new SmallRyeConfigBuilder()
                    .addPropertiesSources()
                    .addDefaultInterceptors()
                    .addDiscoveredConverters() // Quarkus' own, where present: "10s" is a duration
                    .withSources(new PropertiesConfigSource(settings, "settings", 500))
                    .withMapping(mapping)
                    .withValidateUnknown(false) // the settings of other backends may be there too
                    .build();
            return config.getConfigMapping(mapping);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("The storage settings cannot be read: " + e.getMessage(), e);
        }
    }
}
