package io.stele.compat;

import static io.stele.compat.Beans.editable;
import static io.stele.compat.ClientAssertions.assertStatus;
import static io.stele.compat.ClientAssertions.present;
import static io.stele.compat.Schemas.ORDER_V1;
import static io.stele.compat.Schemas.ORDER_V2;
import static io.stele.compat.Schemas.ORDER_V3;
import static io.stele.compat.Schemas.stream;
import static org.assertj.core.api.Assertions.assertThat;

import io.apicurio.registry.client.RegistryRestClient;
import io.apicurio.registry.rest.beans.ArtifactSearchResults;
import io.apicurio.registry.rest.beans.SearchOver;
import io.apicurio.registry.rest.beans.SearchedArtifact;
import io.apicurio.registry.rest.beans.SearchedVersion;
import io.apicurio.registry.rest.beans.SortOrder;
import io.apicurio.registry.rest.beans.VersionSearchResults;
import io.apicurio.registry.types.ArtifactType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The 1.3.2 client's search methods; part of {@link ApicurioClientContract}. */
interface SearchContract extends RegistryUnderTest {

    @Test
    default void searchArtifacts_overNameDescriptionAndLabels_withOrderOffsetAndLimit() {
        RegistryRestClient client = client();
        String word = newId("word");
        List<String> ids = new ArrayList<>();
        for (String suffix : List.of("alpha", "bravo", "charlie")) {
            String id = newId("search-" + suffix);
            present(client.createArtifact(id, ArtifactType.AVRO, null, stream(ORDER_V1)));
            client.updateArtifactMetaData(
                    id,
                    editable(
                            word + " " + suffix,
                            "about " + word + "-doc " + suffix,
                            List.of(word + "-label"),
                            Map.of()));
            ids.add(id);
        }
        ArtifactSearchResults ascending = present(client.searchArtifacts(word, SearchOver.name, SortOrder.asc, 0, 10));
        assertThat(ascending.getCount()).isEqualTo(3);
        assertThat(idsOf(ascending)).containsExactlyElementsOf(ids);
        assertThat(ascending.getArtifacts().get(0).getName()).isEqualTo(word + " alpha");
        assertThat(ascending.getArtifacts().get(0).getType()).isEqualTo(ArtifactType.AVRO);

        ArtifactSearchResults descending =
                present(client.searchArtifacts(word, SearchOver.name, SortOrder.desc, 0, 10));
        assertThat(idsOf(descending)).containsExactly(ids.get(2), ids.get(1), ids.get(0));

        ArtifactSearchResults page = present(client.searchArtifacts(word, SearchOver.name, SortOrder.asc, 1, 1));
        assertThat(page.getCount()).isEqualTo(3);
        assertThat(idsOf(page)).containsExactly(ids.get(1));

        assertThat(idsOf(present(client.searchArtifacts(word + "-doc", SearchOver.description, SortOrder.asc, 0, 10))))
                .containsExactlyElementsOf(ids);
        assertThat(idsOf(present(client.searchArtifacts(word + "-label", SearchOver.labels, SortOrder.asc, 0, 10))))
                .containsExactlyElementsOf(ids);
        assertThat(idsOf(present(client.searchArtifacts(word, SearchOver.everything, SortOrder.asc, 0, 10))))
                .containsExactlyElementsOf(ids);
        assertThat(present(client.searchArtifacts(word + "-doc", SearchOver.name, SortOrder.asc, 0, 10))
                        .getCount())
                .isZero();
        assertThat(present(client.searchArtifacts(word, null, null, null, null)).getCount())
                .as("offset, limit, over and order left to the server's defaults")
                .isEqualTo(3);
    }

    @Test
    default void searchVersions_pagesThroughTheVersionsOfAnArtifact() {
        RegistryRestClient client = client();
        String id = newId("search-versions");
        present(client.createArtifact(id, ArtifactType.AVRO, null, stream(ORDER_V1)));
        present(client.updateArtifact(id, ArtifactType.AVRO, stream(ORDER_V2)));
        long v3 = present(client.updateArtifact(id, ArtifactType.AVRO, stream(ORDER_V3)))
                .getGlobalId();

        VersionSearchResults all = present(client.searchVersions(id, 0, 10));
        assertThat(all.getCount()).isEqualTo(3);
        assertThat(all.getVersions()).extracting(SearchedVersion::getVersion).containsExactly(1, 2, 3);
        assertThat(all.getVersions().get(2).getGlobalId()).isEqualTo(v3);

        VersionSearchResults page = present(client.searchVersions(id, 1, 1));
        assertThat(page.getCount()).isEqualTo(3);
        assertThat(page.getVersions()).extracting(SearchedVersion::getVersion).containsExactly(2);
        assertThat(present(client.searchVersions(id, null, null)).getCount()).isEqualTo(3);
        assertStatus(404, () -> client.searchVersions(newId("missing"), 0, 10));
    }

    private static List<String> idsOf(ArtifactSearchResults results) {
        return results.getArtifacts().stream().map(SearchedArtifact::getId).toList();
    }
}
