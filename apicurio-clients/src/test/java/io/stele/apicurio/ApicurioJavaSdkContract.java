package io.stele.apicurio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import com.microsoft.kiota.ApiException;
import io.apicurio.registry.client.RegistryClientFactory;
import io.apicurio.registry.client.common.RegistryClientOptions;
import io.apicurio.registry.rest.client.RegistryClient;
import io.apicurio.registry.rest.client.groups.item.artifacts.ArtifactsRequestBuilder;
import io.apicurio.registry.rest.client.models.ArtifactReference;
import io.apicurio.registry.rest.client.models.ArtifactSearchResults;
import io.apicurio.registry.rest.client.models.ArtifactTypeInfo;
import io.apicurio.registry.rest.client.models.CreateArtifact;
import io.apicurio.registry.rest.client.models.CreateArtifactResponse;
import io.apicurio.registry.rest.client.models.CreateRule;
import io.apicurio.registry.rest.client.models.CreateVersion;
import io.apicurio.registry.rest.client.models.DownloadRef;
import io.apicurio.registry.rest.client.models.EditableArtifactMetaData;
import io.apicurio.registry.rest.client.models.EditableVersionMetaData;
import io.apicurio.registry.rest.client.models.HandleReferencesType;
import io.apicurio.registry.rest.client.models.IfArtifactExists;
import io.apicurio.registry.rest.client.models.ProblemDetails;
import io.apicurio.registry.rest.client.models.ReferenceType;
import io.apicurio.registry.rest.client.models.Rule;
import io.apicurio.registry.rest.client.models.RuleType;
import io.apicurio.registry.rest.client.models.RuleViolationProblemDetails;
import io.apicurio.registry.rest.client.models.SearchedArtifact;
import io.apicurio.registry.rest.client.models.SearchedBranch;
import io.apicurio.registry.rest.client.models.SearchedVersion;
import io.apicurio.registry.rest.client.models.UserInterfaceConfig;
import io.apicurio.registry.rest.client.models.UserInterfaceConfigAuthType;
import io.apicurio.registry.rest.client.models.VersionContent;
import io.apicurio.registry.rest.client.models.VersionMetaData;
import io.apicurio.registry.rest.client.models.VersionSearchResults;
import io.apicurio.registry.rest.client.models.VersionState;
import io.apicurio.registry.rest.client.models.WrappedVersionState;
import io.stele.storage.testkit.backends.PackagedRegistryTest;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;

/**
 * Apicurio Registry's 3.x Java SDK ({@code apicurio-registry-java-sdk}, Kiota-generated, the client
 * Apache Camel's component also uses), unchanged, against the packaged registry's v3 API: every
 * operation it exposes that Stele serves.
 */
abstract class ApicurioJavaSdkContract extends PackagedRegistryTest {

    private static final String MONEY =
            "{\"type\":\"record\",\"name\":\"Money\",\"namespace\":\"sdk\",\"fields\":[{\"name\":\"cents\",\"type\":\"long\"}]}";
    private static final String ORDER =
            "{\"type\":\"record\",\"name\":\"Order\",\"namespace\":\"sdk\",\"fields\":[{\"name\":\"total\",\"type\":\"sdk.Money\"}]}";

    private RegistryClient client() {
        return RegistryClientFactory.create(
                RegistryClientOptions.create(registry.process().baseUri() + "/apis/registry/v3"));
    }

    private static CreateArtifact artifact(String artifactId, String schema, List<ArtifactReference> references) {
        VersionContent content = new VersionContent();
        content.setContent(schema);
        content.setContentType("application/json");
        content.setReferences(references);
        CreateVersion first = new CreateVersion();
        first.setContent(content);
        CreateArtifact artifact = new CreateArtifact();
        artifact.setArtifactId(artifactId);
        artifact.setArtifactType("AVRO");
        artifact.setFirstVersion(first);
        return artifact;
    }

    private static CreateArtifactResponse create(
            ArtifactsRequestBuilder artifacts, CreateArtifact artifact, IfArtifactExists ifExists) {
        return artifacts.post(artifact, config -> config.queryParameters.ifExists = ifExists);
    }

    /** Apicurio's content hash of content without references: the SHA-256 of its bytes, in hex. */
    private static String sha256(String content) {
        try {
            return java.util.HexFormat.of()
                    .formatHex(java.security.MessageDigest.getInstance("SHA-256")
                            .digest(content.getBytes(StandardCharsets.UTF_8)));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String text(InputStream in) {
        try (in) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void theSdk_createsFindsReadsAndSearches_throughTheV3Api() {
        RegistryClient client = client();
        ArtifactsRequestBuilder artifacts = client.groups().byGroupId("default").artifacts();
        String moneyId = registry.newSubject("sdk-money");
        String orderId = registry.newSubject("sdk-order");

        CreateArtifactResponse money =
                create(artifacts, artifact(moneyId, MONEY, List.of()), IfArtifactExists.FIND_OR_CREATE_VERSION);
        CreateArtifactResponse again =
                create(artifacts, artifact(moneyId, MONEY, List.of()), IfArtifactExists.FIND_OR_CREATE_VERSION);
        ArtifactReference reference = new ArtifactReference();
        reference.setGroupId("default");
        reference.setArtifactId(moneyId);
        reference.setVersion("1");
        reference.setName("sdk.Money");
        CreateArtifactResponse order =
                create(artifacts, artifact(orderId, ORDER, List.of(reference)), IfArtifactExists.FAIL);
        VersionMetaData latest = artifacts
                .byArtifactId(orderId)
                .versions()
                .byVersionExpression("branch=latest")
                .get();
        String content = text(artifacts
                .byArtifactId(orderId)
                .versions()
                .byVersionExpression("1")
                .content()
                .get());
        List<ArtifactReference> references = client.ids()
                .globalIds()
                .byGlobalId(latest.getGlobalId())
                .references()
                .get();
        VersionSearchResults found = client.search()
                .versions()
                .post(new ByteArrayInputStream(MONEY.getBytes(StandardCharsets.UTF_8)), "application/json", config -> {
                    config.queryParameters.artifactId = moneyId;
                    config.queryParameters.canonical = true;
                    config.queryParameters.artifactType = "AVRO";
                });

        assertThat(money.getVersion().getVersion()).isEqualTo("1");
        assertThat(money.getArtifact().getArtifactId()).isEqualTo(moneyId);
        assertThat(again.getVersion().getGlobalId())
                .isEqualTo(money.getVersion().getGlobalId());
        assertThat(latest.getGlobalId()).isEqualTo(order.getVersion().getGlobalId());
        assertThat(latest.getContentId()).isEqualTo(order.getVersion().getContentId());
        assertThat(content).isEqualTo(ORDER);
        assertThat(text(client.ids()
                        .globalIds()
                        .byGlobalId(latest.getGlobalId())
                        .get()))
                .isEqualTo(ORDER);
        assertThat(text(client.ids()
                        .contentIds()
                        .byContentId(latest.getContentId())
                        .get()))
                .isEqualTo(ORDER);
        assertThat(text(artifacts
                        .byArtifactId(orderId)
                        .versions()
                        .byVersionExpression("1")
                        .content()
                        .get(config -> config.queryParameters.references = HandleReferencesType.DEREFERENCE)))
                .as("dereferenced: the referenced type written in where it is used")
                .isEqualTo("{\"type\":\"record\",\"name\":\"Order\",\"namespace\":\"sdk\",\"fields\":"
                        + "[{\"name\":\"total\",\"type\":{\"type\":\"record\",\"name\":\"Money\",\"fields\":"
                        + "[{\"name\":\"cents\",\"type\":\"long\"}]}}]}");
        assertThat(references)
                .extracting(ArtifactReference::getArtifactId, ArtifactReference::getVersion, ArtifactReference::getName)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(moneyId, "1", "sdk.Money"));
        assertThat(client.ids()
                        .globalIds()
                        .byGlobalId(money.getVersion().getGlobalId())
                        .references()
                        .get(config -> config.queryParameters.refType = ReferenceType.INBOUND))
                .extracting(ArtifactReference::getArtifactId, ArtifactReference::getVersion, ArtifactReference::getName)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(orderId, "1", "sdk.Money"));
        assertThat(text(client.ids()
                        .contentHashes()
                        .byContentHash(sha256(MONEY))
                        .get()))
                .isEqualTo(MONEY);
        assertThat(client.ids()
                        .contentHashes()
                        .byContentHash(sha256(MONEY))
                        .references()
                        .get())
                .isEmpty();
        assertThat(found.getCount()).isEqualTo(1);
        assertThat(found.getVersions().get(0).getGlobalId())
                .isEqualTo(money.getVersion().getGlobalId());
        ArtifactSearchResults searched = client.search().artifacts().get(config -> {
            config.queryParameters.globalId = money.getVersion().getGlobalId();
            config.queryParameters.artifactType = "AVRO";
        });
        assertThat(searched.getCount()).isEqualTo(1);
        assertThat(searched.getArtifacts())
                .extracting(SearchedArtifact::getArtifactId)
                .containsExactly(moneyId);
    }

    @Test
    void theSdk_readsTheRegistrysErrors_asApicuriosOwn() {
        RegistryClient client = client();
        ArtifactsRequestBuilder artifacts = client.groups().byGroupId("default").artifacts();
        String moneyId = registry.newSubject("sdk-taken");
        create(artifacts, artifact(moneyId, MONEY, List.of()), IfArtifactExists.FAIL);

        assertThatThrownBy(() -> create(artifacts, artifact(moneyId, MONEY, List.of()), IfArtifactExists.FAIL))
                .as("the SDK reads every 409 of this operation as a rule violation; the name says which it is")
                .isInstanceOfSatisfying(RuleViolationProblemDetails.class, e -> {
                    assertThat(e.getResponseStatusCode()).isEqualTo(409);
                    assertThat(e.getName()).isEqualTo("ArtifactAlreadyExistsException");
                    assertThat(e.getTitle()).contains(moneyId);
                });
        assertThatThrownBy(() -> client.ids().globalIds().byGlobalId(1L << 60).get())
                .isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.getResponseStatusCode())
                        .isEqualTo(404));
        assertThatThrownBy(() -> client.groups()
                        .byGroupId("payments")
                        .artifacts()
                        .post(artifact(registry.newSubject("sdk-elsewhere"), MONEY, List.of())))
                .isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.getResponseStatusCode())
                        .isEqualTo(404));
    }

    private static CreateVersion version(String schema) {
        VersionContent content = new VersionContent();
        content.setContent(schema);
        content.setContentType("application/json");
        CreateVersion version = new CreateVersion();
        version.setContent(content);
        return version;
    }

    private static CreateRule rule(RuleType type, String config) {
        CreateRule rule = new CreateRule();
        rule.setRuleType(type);
        rule.setConfig(config);
        return rule;
    }

    @Test
    void theSdk_managesRulesVersionsMetadataAndStates() {
        RegistryClient client = client();
        ArtifactsRequestBuilder artifacts = client.groups().byGroupId("default").artifacts();
        String moneyId = registry.newSubject("sdk-managed");
        create(artifacts, artifact(moneyId, MONEY, List.of()), IfArtifactExists.FAIL);
        var artifact = artifacts.byArtifactId(moneyId);

        artifact.rules().post(rule(RuleType.COMPATIBILITY, "BACKWARD"));
        VersionMetaData second = artifact.versions()
                .post(version(MONEY.replace(
                        "}]}", "},{\"name\":\"currency\"," + "\"type\":\"string\",\"default\":\"EUR\"}]}")));
        EditableVersionMetaData named = new EditableVersionMetaData();
        named.setName("First");
        artifact.versions().byVersionExpression("1").put(named);
        WrappedVersionState deprecated = new WrappedVersionState();
        deprecated.setState(VersionState.DEPRECATED);
        artifact.versions().byVersionExpression("1").state().put(deprecated);
        EditableArtifactMetaData described = new EditableArtifactMetaData();
        described.setDescription("Amounts of money");
        artifact.put(described);
        client.admin().rules().post(rule(RuleType.VALIDITY, "SYNTAX_ONLY"));
        Rule global;
        try {
            global = client.admin().rules().byRuleType("VALIDITY").get();
        } finally {
            client.admin().rules().delete();
        }

        assertThat(artifact.rules().get()).containsExactly(RuleType.COMPATIBILITY);
        assertThat(artifact.rules().byRuleType("COMPATIBILITY").get().getConfig())
                .isEqualTo("BACKWARD");
        assertThatThrownBy(() -> artifact.versions().post(version(MONEY.replace("long", "string"))))
                .as("a version that breaks the artifact's rule")
                .isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.getResponseStatusCode())
                        .isEqualTo(409));
        assertThat(second.getVersion()).isEqualTo("2");
        VersionMetaData tried = artifact.versions()
                .post(
                        version(MONEY.replace("}]}", "},{\"name\":\"note\",\"type\":\"string\",\"default\":\"\"}]}")),
                        config -> config.queryParameters.dryRun = true);
        assertThat(tried.getVersion()).as("the version a dry run would add").isEqualTo("3");
        assertThat(tried.getGlobalId()).isZero();
        assertThatThrownBy(() -> artifact.versions()
                        .post(version(MONEY.replace("long", "string")), config -> config.queryParameters.dryRun = true))
                .as("a dry run of a version that breaks the artifact's rule")
                .isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.getResponseStatusCode())
                        .isEqualTo(409));
        VersionSearchResults versions = artifact.versions().get();
        assertThat(versions.getCount()).isEqualTo(2);
        assertThat(versions.getVersions())
                .extracting(SearchedVersion::getVersion)
                .containsExactly("1", "2");
        assertThat(artifact.branches().get().getBranches())
                .extracting(SearchedBranch::getBranchId, SearchedBranch::getSystemDefined)
                .containsExactly(tuple("latest", true));
        assertThat(artifact.branches().byBranchId("latest").versions().get().getVersions())
                .extracting(SearchedVersion::getVersion)
                .containsExactly("2", "1");
        assertThat(client.search()
                        .versions()
                        .get(config -> {
                            config.queryParameters.artifactId = moneyId;
                            config.queryParameters.name = "First";
                        })
                        .getVersions())
                .extracting(SearchedVersion::getVersion)
                .containsExactly("1");
        assertThat(artifact.versions().byVersionExpression("1").get().getName()).isEqualTo("First");
        assertThat(artifact.versions().byVersionExpression("1").state().get().getState())
                .isEqualTo(VersionState.DEPRECATED);
        assertThat(artifact.get().getDescription()).isEqualTo("Amounts of money");
        assertThat(global.getConfig()).isEqualTo("SYNTAX_ONLY");
        assertThat(client.admin().rules().get()).isEmpty();
        assertThat(artifacts.get(config -> config.queryParameters.limit = 1000).getArtifacts())
                .extracting(SearchedArtifact::getArtifactId)
                .contains(moneyId);
        assertThat(client.groups().get().getCount())
                .as("no group is listed: the default group, which holds every artifact, is none of its own")
                .isZero();
        assertThat(client.system().info().get().getName()).isEqualTo("Stele");
        assertThat(client.users().me().get().getAdmin()).isTrue();
    }

    @Test
    void theConsolesSettings_theArtifactTypes_andTheConfigProperties_readAsAgainstApicurio() {
        RegistryClient client = client();
        UserInterfaceConfig config = client.system().uiConfig().get();
        assertThat(config.getAuth().getType()).isEqualTo(UserInterfaceConfigAuthType.None);
        assertThat(config.getAuth().getRbacEnabled()).isFalse();
        assertThat(config.getFeatures().getDeleteGroup()).isFalse();
        assertThat(client.admin().config().artifactTypes().get())
                .extracting(ArtifactTypeInfo::getName)
                .contains("AVRO", "PROTOBUF", "JSON", "OPENAPI", "ASYNCAPI");
        assertThat(client.admin().config().properties().get()).isEmpty();
        assertThatThrownBy(() -> client.admin()
                        .config()
                        .properties()
                        .byPropertyName("apicurio.rest.deletion.artifact.enabled")
                        .get())
                .isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.getResponseStatusCode())
                        .isEqualTo(404));
    }

    @Test
    void theSdk_exportsThroughItsOneTimeLink_andImportsAnApicurioZip_withItsIds() throws IOException {
        RegistryClient client = client();
        ArtifactsRequestBuilder artifacts = client.groups().byGroupId("default").artifacts();
        String moneyId = registry.newSubject("sdk-export");
        long globalId = create(artifacts, artifact(moneyId, MONEY, List.of()), IfArtifactExists.FAIL)
                .getVersion()
                .getGlobalId();

        DownloadRef link = client.admin().export().get();
        HttpResponse<byte[]> export = registry.process().sendBytes("GET", link.getHref(), null);
        assertThat(export.statusCode()).isEqualTo(200);
        String version =
                unzip(export.body()).get("groups/default/artifacts/" + moneyId + "/versions/1.ArtifactVersion.json");
        assertThat(version).contains("\"globalId\":" + globalId + ",");
        assertThat(registry.process().sendBytes("GET", link.getHref(), null).statusCode())
                .as("the link, a second time")
                .isEqualTo(404);

        String importedId = registry.newSubject("sdk-import");
        long id = globalId + 1000;
        String schema = MONEY.replace("Money", "Imported" + id);
        byte[] zip = zip(Map.of(
                "manifest.Manifest.json",
                "{\"exportVersion\":\"3.0\"}",
                "content/i.Content.json",
                "{\"contentId\":" + id + ",\"artifactType\":\"AVRO\",\"contentType\":\"application/json\"}",
                "content/i.Content.data",
                schema,
                "groups/default/artifacts/" + importedId + "/versions/1.ArtifactVersion.json",
                "{\"globalId\":" + id + ",\"artifactId\":\"" + importedId
                        + "\",\"version\":\"1\",\"state\":\"ENABLED\","
                        + "\"owner\":\"migrator\",\"labels\":{\"moved\":\"yes\"},\"contentId\":" + id + "}"));
        assertThatThrownBy(() -> client.admin().importEscaped().post(new ByteArrayInputStream(zip)))
                .as("the registry holds data, and the SDK leaves requireEmptyRegistry at its default")
                .isInstanceOfSatisfying(ProblemDetails.class, e -> assertThat(e.getResponseStatusCode())
                        .isEqualTo(409));
        client.admin()
                .importEscaped()
                .post(new ByteArrayInputStream(zip), config -> config.queryParameters.requireEmptyRegistry = false);
        assertThat(text(client.ids().globalIds().byGlobalId(id).get())).isEqualTo(schema);
        VersionMetaData meta = artifacts
                .byArtifactId(importedId)
                .versions()
                .byVersionExpression("1")
                .get();
        assertThat(meta.getContentId()).isEqualTo(id);
        assertThat(meta.getOwner()).isEqualTo("migrator");
        assertThat(meta.getLabels().getAdditionalData()).containsEntry("moved", "yes");
    }

    private static Map<String, String> unzip(byte[] zip) throws IOException {
        Map<String, String> entries = new java.util.HashMap<>();
        try (ZipInputStream in = new ZipInputStream(new ByteArrayInputStream(zip))) {
            for (ZipEntry e = in.getNextEntry(); e != null; e = in.getNextEntry()) {
                entries.put(e.getName(), new String(in.readAllBytes(), StandardCharsets.UTF_8));
            }
        }
        return entries;
    }

    private static byte[] zip(Map<String, String> entries) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream zip = new ZipOutputStream(bytes)) {
            for (Map.Entry<String, String> e : entries.entrySet()) {
                zip.putNextEntry(new ZipEntry(e.getKey()));
                zip.write(e.getValue().getBytes(StandardCharsets.UTF_8));
                zip.closeEntry();
            }
        }
        return bytes.toByteArray();
    }
}
