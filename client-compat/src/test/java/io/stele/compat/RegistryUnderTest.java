package io.stele.compat;

import io.apicurio.registry.client.RegistryRestClient;

/** What the contract's parts need of the registry its fixture started. */
interface RegistryUnderTest {

    /** The base URL the Apicurio clients are given, ending in {@code /api}. */
    String apiUrl();

    /** A 1.3.2 REST client for {@link #apiUrl()}. */
    RegistryRestClient client();

    /** An artifact id (or search word) that no other test uses. */
    String newId(String name);
}
