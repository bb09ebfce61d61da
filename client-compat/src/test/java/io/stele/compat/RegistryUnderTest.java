package io.stele.compat;

import io.apicurio.registry.client.RegistryRestClient;
import java.util.Map;

/** What the contract's parts need of the registry its fixture started. */
interface RegistryUnderTest {

    /** The base URL the Apicurio clients are given, ending in {@code /api}. */
    String apiUrl();

    /**
     * What the Apicurio clients are configured with besides the URL (credentials, a trust store),
     * in their own configuration keys; empty for a registry that needs none.
     */
    Map<String, Object> clientSettings();

    /** A 1.3.2 REST client for {@link #apiUrl()}. */
    RegistryRestClient client();

    /** An artifact id (or search word) that no other test uses. */
    String newId(String name);
}
