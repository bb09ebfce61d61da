package io.stele.apicurio2;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.apicurio.registry.rest.client.RegistryClient;
import io.apicurio.registry.rest.client.RegistryClientFactory;
import io.apicurio.registry.rest.client.exception.ArtifactAlreadyExistsException;
import io.apicurio.registry.rest.client.exception.ArtifactNotFoundException;
import io.apicurio.registry.rest.client.exception.RuleViolationException;
import io.apicurio.registry.rest.v2.beans.ArtifactMetaData;
import io.apicurio.registry.rest.v2.beans.ArtifactSearchResults;
import io.apicurio.registry.rest.v2.beans.EditableMetaData;
import io.apicurio.registry.rest.v2.beans.IfExists;
import io.apicurio.registry.rest.v2.beans.Rule;
import io.apicurio.registry.rest.v2.beans.SearchedArtifact;
import io.apicurio.registry.rest.v2.beans.SortBy;
import io.apicurio.registry.rest.v2.beans.SortOrder;
import io.apicurio.registry.rest.v2.beans.UpdateState;
import io.apicurio.registry.rest.v2.beans.VersionMetaData;
import io.apicurio.registry.types.ArtifactState;
import io.apicurio.registry.types.RuleType;
import io.apicurio.registry.utils.impexp.ArtifactRuleEntity;
import io.apicurio.registry.utils.impexp.ArtifactVersionEntity;
import io.apicurio.registry.utils.impexp.ContentEntity;
import io.apicurio.registry.utils.impexp.Entity;
import io.apicurio.registry.utils.impexp.EntityReader;
import io.apicurio.registry.utils.impexp.EntityWriter;
import io.apicurio.registry.utils.impexp.ManifestEntity;
import io.stele.storage.testkit.backends.PackagedRegistryTest;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Date;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipInputStream;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;

/**
 * Apicurio Registry's 2.6 Java client ({@code apicurio-registry-client}'s {@code RegistryClient},
 * which applications on Apicurio 2.x use to manage their schemas), unchanged, against the packaged
 * registry's v2 API: the operations it exposes that Stele serves, and the errors it reads back as
 * its own exceptions.
 */
abstract class Apicurio2ClientContract extends PackagedRegistryTest {

    private static final String GROUP = "default";

    private static String record(String name, int fields) {
        StringBuilder list = new StringBuilder();
        for (int i = 0; i < fields; i++) {
            list.append(i == 0 ? "" : ",")
                    .append("{\"name\":\"f")
                    .append(i)
                    .append("\",\"type\":\"int\",\"default\":0}");
        }
        return "{\"type\":\"record\",\"name\":\"" + name + "\",\"namespace\":\"v2client\",\"fields\":[" + list + "]}";
    }

    private RegistryClient client() {
        return RegistryClientFactory.create(registry.process().baseUri() + "/apis/registry/v2");
    }

    private static InputStream bytes(String text) {
        return new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8));
    }

    private static String read(InputStream in) {
        try (in) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private ArtifactMetaData create(RegistryClient client, String artifactId, String schema, IfExists ifExists) {
        return client.createArtifact(GROUP, artifactId, null, "AVRO", ifExists, false, bytes(schema));
    }

    @Test
    void theClient_createsAnArtifact_addsVersions_andReadsThemBack() {
        RegistryClient client = client();
        String artifactId = registry.newSubject("v2client-orders");

        ArtifactMetaData created = create(client, artifactId, record("Order", 0), IfExists.FAIL);
        ArtifactMetaData returned = create(client, artifactId, record("Order", 0), IfExists.RETURN_OR_UPDATE);
        ArtifactMetaData updated = client.updateArtifact(GROUP, artifactId, bytes(record("Order", 1)));
        VersionMetaData third = client.createArtifactVersion(GROUP, artifactId, null, bytes(record("Order", 2)));

        assertThat(created.getId()).isEqualTo(artifactId);
        assertThat(created.getVersion()).isEqualTo("1");
        assertThat(created.getGlobalId()).isPositive();
        assertThat(returned.getGlobalId()).as("the same content, found").isEqualTo(created.getGlobalId());
        assertThat(updated.getVersion()).isEqualTo("2");
        assertThat(third.getVersion()).isEqualTo("3");
        assertThat(read(client.getLatestArtifact(GROUP, artifactId))).isEqualTo(record("Order", 2));
        assertThat(read(client.getArtifactVersion(GROUP, artifactId, "1"))).isEqualTo(record("Order", 0));
        assertThat(client.getArtifactMetaData(GROUP, artifactId).getGlobalId()).isEqualTo(third.getGlobalId());
        assertThat(client.getArtifactVersionMetaData(GROUP, artifactId, "2").getGlobalId())
                .isEqualTo(updated.getGlobalId());
        assertThat(client.getArtifactVersionMetaDataByContent(GROUP, artifactId, bytes(record("Order", 1)))
                        .getVersion())
                .isEqualTo("2");
        assertThat(client.listArtifactVersions(GROUP, artifactId, 0, 10).getVersions())
                .extracting(v -> v.getVersion())
                .containsExactly("1", "2", "3");
        assertThat(read(client.getContentByGlobalId(created.getGlobalId()))).isEqualTo(record("Order", 0));
        assertThat(read(client.getContentById(created.getContentId()))).isEqualTo(record("Order", 0));
    }

    @Test
    void theClient_editsMetadataAndStates_andChecksContentAgainstTheRules() {
        RegistryClient client = client();
        String artifactId = registry.newSubject("v2client-ledger");
        create(client, artifactId, record("Ledger", 0), IfExists.FAIL);
        EditableMetaData meta = new EditableMetaData();
        meta.setName("Ledger entries");
        meta.setDescription("What the ledger keeps");
        meta.setLabels(List.of("finance"));
        meta.setProperties(Map.of("team", "payments"));

        client.updateArtifactMetaData(GROUP, artifactId, meta);
        UpdateState deprecated = new UpdateState();
        deprecated.setState(ArtifactState.DEPRECATED);
        client.updateArtifactVersionState(GROUP, artifactId, "1", deprecated);
        Rule validity = new Rule();
        validity.setType(RuleType.VALIDITY);
        validity.setConfig("FULL");
        client.createArtifactRule(GROUP, artifactId, validity);

        ArtifactMetaData read = client.getArtifactMetaData(GROUP, artifactId);
        assertThat(read.getName()).isEqualTo("Ledger entries");
        assertThat(read.getDescription()).isEqualTo("What the ledger keeps");
        assertThat(read.getLabels()).containsExactly("finance");
        assertThat(read.getProperties()).containsEntry("team", "payments");
        assertThat(client.getArtifactVersionMetaData(GROUP, artifactId, "1").getState())
                .isEqualTo(ArtifactState.DEPRECATED);
        assertThat(client.listArtifactRules(GROUP, artifactId)).containsExactly(RuleType.VALIDITY);
        assertThat(client.getArtifactRuleConfig(GROUP, artifactId, RuleType.VALIDITY)
                        .getConfig())
                .isEqualTo("FULL");
        client.testUpdateArtifact(GROUP, artifactId, bytes(record("Ledger", 1)));
        assertThatThrownBy(() -> client.testUpdateArtifact(GROUP, artifactId, bytes("{\"type\":\"record\"")))
                .isInstanceOf(RuleViolationException.class);
        client.deleteArtifactRule(GROUP, artifactId, RuleType.VALIDITY);
        assertThat(client.listArtifactRules(GROUP, artifactId)).isEmpty();
    }

    @Test
    void theClient_searchesArtifacts_byItsFilters_andByContent() {
        RegistryClient client = client();
        String tag = registry.newSubject("v2client-search");
        String payments = tag + "-payments";
        String refunds = tag + "-refunds";
        create(client, payments, record("Payment", 0), IfExists.FAIL);
        create(client, refunds, record("Refund", 0), IfExists.FAIL);
        EditableMetaData labelled = new EditableMetaData();
        labelled.setLabels(List.of("Refunds"));
        client.updateArtifactMetaData(GROUP, refunds, labelled);

        ArtifactSearchResults byName =
                client.searchArtifacts(GROUP, tag, null, null, null, SortBy.name, SortOrder.asc, 0, 10);
        ArtifactSearchResults byLabel =
                client.searchArtifacts(null, tag, null, List.of("refunds"), null, SortBy.name, SortOrder.asc, 0, 10);
        ArtifactSearchResults byGlobalId = client.searchArtifacts(
                null,
                null,
                null,
                null,
                null,
                client.getArtifactMetaData(GROUP, payments).getGlobalId(),
                null,
                SortBy.name,
                SortOrder.asc,
                0,
                10);
        ArtifactSearchResults byContent =
                client.searchArtifactsByContent(bytes(record("Payment", 0)), SortBy.name, SortOrder.asc, 0, 10);
        ArtifactSearchResults listed = client.listArtifactsInGroup(GROUP, SortBy.name, SortOrder.desc, 0, 1000);

        assertThat(byName.getCount()).isEqualTo(2);
        assertThat(byName.getArtifacts()).extracting(SearchedArtifact::getId).containsExactly(payments, refunds);
        assertThat(byLabel.getArtifacts()).extracting(SearchedArtifact::getId).containsExactly(refunds);
        assertThat(byGlobalId.getArtifacts())
                .extracting(SearchedArtifact::getId)
                .containsExactly(payments);
        assertThat(byContent.getArtifacts()).extracting(SearchedArtifact::getId).contains(payments);
        assertThat(listed.getArtifacts()).extracting(SearchedArtifact::getId).contains(payments, refunds);
    }

    @Test
    void theClient_readsTheRegistrysErrors_asItsOwnExceptions() {
        RegistryClient client = client();
        String artifactId = registry.newSubject("v2client-taken");
        create(client, artifactId, record("Taken", 0), IfExists.FAIL);

        assertThatThrownBy(() -> create(client, artifactId, record("Taken", 1), IfExists.FAIL))
                .isInstanceOf(ArtifactAlreadyExistsException.class);
        assertThatThrownBy(() -> client.getLatestArtifact(GROUP, "no-" + artifactId))
                .isInstanceOf(ArtifactNotFoundException.class);
        assertThat(read(client.getLatestArtifact(GROUP, artifactId)))
                .as("the refused create wrote nothing")
                .isEqualTo(record("Taken", 0));
        assertThat(client.getCurrentUserInfo().getAdmin()).isTrue();
        client.deleteArtifact(GROUP, artifactId);
        assertThatThrownBy(() -> client.getArtifactMetaData(GROUP, artifactId))
                .isInstanceOf(ArtifactNotFoundException.class);
    }

    @Test
    @SuppressWarnings("deprecation") // the 2.6 client's export and import, deprecated there, are what 2.x tools call
    void theClient_exportsTheRegistry_asApicurio2ReadsIt_andImportsWhatApicurio2Writes() throws IOException {
        RegistryClient client = client();
        String artifactId = registry.newSubject("v2client-export");
        String schema = record("Exported", 1);
        ArtifactMetaData created = create(client, artifactId, schema, IfExists.FAIL);

        // Apicurio 2.x's own reader, whose entities refuse any field they do not have
        Map<String, ArtifactVersionEntity> versions = new HashMap<>();
        Map<Long, ContentEntity> contents = new HashMap<>();
        boolean manifest = false;
        try (ZipInputStream zip = new ZipInputStream(client.exportData())) {
            EntityReader reader = new EntityReader(zip);
            for (Entity e = reader.readEntity(); e != null; e = reader.readEntity()) {
                if (e instanceof ArtifactVersionEntity v) {
                    versions.put(v.artifactId + "/" + v.version, v);
                } else if (e instanceof ContentEntity c) {
                    contents.put(c.contentId, c);
                } else if (e instanceof ManifestEntity) {
                    manifest = true;
                }
            }
        }
        assertThat(manifest).isTrue();
        ArtifactVersionEntity exported = versions.get(artifactId + "/1");
        assertThat(exported.globalId).isEqualTo(created.getGlobalId());
        assertThat(exported.contentId).isEqualTo(created.getContentId());
        assertThat(exported.artifactType).isEqualTo("AVRO");
        assertThat(exported.isLatest).isTrue();
        assertThat(new String(contents.get(created.getContentId()).contentBytes, StandardCharsets.UTF_8))
                .isEqualTo(schema);

        // Apicurio 2.x's own writer: an artifact with ids above every id the registry gave
        String imported = registry.newSubject("v2client-import");
        String importedSchema = record("Imported", 2);
        long id = Math.max(created.getGlobalId(), created.getContentId()) + 100;
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream zip = new ZipOutputStream(bytes)) {
            EntityWriter writer = new EntityWriter(zip);
            ManifestEntity m = new ManifestEntity();
            m.exportVersion = "2.0";
            m.exportedOn = new Date();
            m.systemName = "Apicurio Registry";
            writer.writeEntity(m);
            ContentEntity c = new ContentEntity();
            c.contentId = id;
            c.contentHash = "imported-" + id;
            c.artifactType = "AVRO";
            c.contentBytes = importedSchema.getBytes(StandardCharsets.UTF_8);
            writer.writeEntity(c);
            ArtifactVersionEntity v = new ArtifactVersionEntity();
            v.globalId = id;
            v.artifactId = imported;
            v.version = "1";
            v.versionId = 1;
            v.artifactType = "AVRO";
            v.state = ArtifactState.ENABLED;
            v.createdBy = "migrator";
            v.createdOn = System.currentTimeMillis();
            v.labels = List.of("moved");
            v.properties = Map.of("from", "apicurio");
            v.isLatest = true;
            v.contentId = id;
            writer.writeEntity(v);
            ArtifactRuleEntity rule = new ArtifactRuleEntity();
            rule.artifactId = imported;
            rule.type = RuleType.VALIDITY;
            rule.configuration = "FULL";
            writer.writeEntity(rule);
        }
        assertThatThrownBy(() -> client.importData(new ByteArrayInputStream(bytes.toByteArray()), false, true))
                .as("new ids, which Stele does not give an import")
                .hasMessageContaining("X-Registry-Preserve-GlobalId");
        client.importData(new ByteArrayInputStream(bytes.toByteArray()));

        assertThat(read(client.getContentByGlobalId(id))).isEqualTo(importedSchema);
        VersionMetaData meta = client.getArtifactVersionMetaData(GROUP, imported, "1");
        assertThat(meta.getGlobalId()).isEqualTo(id);
        assertThat(meta.getContentId()).isEqualTo(id);
        assertThat(meta.getCreatedBy()).isEqualTo("migrator");
        assertThat(meta.getLabels()).containsExactly("moved");
        assertThat(meta.getProperties()).containsEntry("from", "apicurio");
        assertThat(client.getArtifactRuleConfig(GROUP, imported, RuleType.VALIDITY)
                        .getConfig())
                .isEqualTo("FULL");
        assertThatThrownBy(() -> client.importData(new ByteArrayInputStream(bytes.toByteArray())))
                .as("the same artifact a second time")
                .isInstanceOf(RuntimeException.class);
    }
}
