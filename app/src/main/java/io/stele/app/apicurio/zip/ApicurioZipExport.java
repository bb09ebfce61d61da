package io.stele.app.apicurio.zip;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.stele.app.apicurio.v1.ContentResponses;
import io.stele.app.apicurio.v3.SystemV3Resource;
import io.stele.app.apicurio.v3.VersionMetaData;
import io.stele.storage.ArtifactType;
import io.stele.storage.Content;
import io.stele.storage.SchemaReference;
import io.stele.storage.StoredVersion;
import io.stele.storage.TransferRecord;
import io.stele.storage.TransferStore;
import io.stele.storage.VersionState;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/**
 * The registry as Apicurio Registry's {@code /admin/export} writes it: a zip of one JSON entry per
 * rule, artifact and version, and a JSON entry and a data entry per content, in the entity shapes of
 * Apicurio 2.x (on the v2 API) or 3.x (on the v3 API), so that either imports it with every
 * globalId, contentId and version number kept. Every artifact is in the default group. Stele's
 * soft-deleted versions are written DISABLED, as Apicurio has no such state, and the Confluent
 * API's modes, which Apicurio does not keep, are left out.
 *
 * <p>Not thread-safe: one export writes one stream, as the backend gives the records.
 */
final class ApicurioZipExport {

    private static final ObjectMapper JSON = new ObjectMapper().disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);

    private final ZipOutputStream zip;
    private final ApicurioDialect dialect;
    private final Map<Long, Content> pending = new HashMap<>();
    private TransferRecord.Artifact artifact;
    private final List<StoredVersion> versions = new ArrayList<>();

    private ApicurioZipExport(OutputStream out, ApicurioDialect dialect) {
        this.zip = new ZipOutputStream(out);
        this.dialect = dialect;
    }

    /**
     * Writes the whole registry. When the backend fails midway, the exception goes on without the
     * zip's central directory, so that what was sent is not a whole zip.
     */
    static void write(TransferStore store, OutputStream out, ApicurioDialect dialect) throws IOException {
        ApicurioZipExport export = new ApicurioZipExport(out, dialect);
        export.manifest();
        try {
            store.export(export::accept);
            export.endArtifact();
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        export.zip.finish();
    }

    private void accept(TransferRecord record) {
        try {
            if (record instanceof TransferRecord.Rule rule) {
                rule(rule);
            } else if (record instanceof TransferRecord.Artifact a) {
                endArtifact();
                artifact = a;
            } else if (record instanceof TransferRecord.ContentBlob blob) {
                pending.put(blob.contentId(), blob.content()); // written with the type of its first version
            } else if (record instanceof TransferRecord.Version v) {
                versions.add(v.version());
            } else {
                throw new IllegalStateException("A record of a kind this export does not know: " + record);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void manifest() throws IOException {
        Instant now = Instant.now();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("systemName", SystemV3Resource.info().name());
        m.put("systemDescription", SystemV3Resource.info().description());
        m.put("systemVersion", SystemV3Resource.info().version());
        m.put("exportVersion", dialect.exportVersion);
        m.put("exportedOn", now.toEpochMilli());
        m.put("exportedBy", "");
        entry("manifest-" + now + ".Manifest.json", m);
    }

    private void rule(TransferRecord.Rule rule) throws IOException {
        if (!rule.type().checksContent()) { // the Confluent API's mode, which Apicurio does not keep
            return;
        }
        Map<String, Object> m = new LinkedHashMap<>();
        if (rule.scope().artifactId().isEmpty()) {
            m.put("ruleType", rule.type().name());
            m.put("configuration", rule.config());
            entry("rules/" + rule.type() + ".GlobalRule.json", m);
            return;
        }
        String id = rule.scope().artifactId().get();
        m.put("groupId", null);
        m.put("artifactId", id);
        m.put("type", rule.type().name());
        m.put("configuration", rule.config());
        entry(artifactPath(id) + "rules/" + rule.type() + ".ArtifactRule.json", m);
    }

    private void content(long contentId, Content content, ArtifactType type) throws IOException {
        String hash = Content.sha256Hex(content.bytes());
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("contentId", contentId);
        m.put("canonicalHash", null); // Apicurio computes its own when it is missing
        m.put("contentHash", hash);
        m.put("artifactType", type.name());
        if (dialect == ApicurioDialect.V3) {
            m.put("contentType", ContentResponses.mediaType(type));
        }
        m.put("serializedReferences", references(content.references()));
        String name = "content/" + contentId + "-" + hash + ".Content.";
        entry(name + "json", m);
        zip.putNextEntry(new ZipEntry(name + "data"));
        zip.write(content.bytes());
        zip.closeEntry();
    }

    private static String references(List<SchemaReference> references) throws IOException {
        if (references.isEmpty()) {
            return null;
        }
        List<Map<String, Object>> list = new ArrayList<>();
        for (SchemaReference r : references) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("groupId", null);
            m.put("artifactId", r.artifactId());
            m.put("version", Integer.toString(r.version()));
            m.put("name", r.name());
            list.add(m);
        }
        return JSON.writeValueAsString(list);
    }

    /** Writes the artifact's versions, and on v3 the artifact, once all its versions have come. */
    private void endArtifact() throws IOException {
        if (artifact == null || versions.isEmpty()) {
            artifact = null;
            return;
        }
        StoredVersion latest = versions.get(versions.size() - 1);
        for (StoredVersion v : versions) {
            version(v, v == latest);
        }
        if (dialect == ApicurioDialect.V3) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("groupId", null);
            m.put("artifactId", artifact.artifactId());
            m.put("artifactType", artifact.type().name());
            m.put("name", latest.meta().name().orElse(null));
            m.put("description", latest.meta().description().orElse(null));
            m.put("labels", VersionMetaData.labels(latest));
            m.put("owner", artifact.createdBy());
            m.put("createdOn", artifact.createdOn().toEpochMilli());
            m.put("modifiedBy", latest.modifiedBy());
            m.put("modifiedOn", latest.modifiedOn().toEpochMilli());
            entry(artifactPath(artifact.artifactId()) + "MetaData.Artifact.json", m);
        }
        artifact = null;
        versions.clear();
    }

    private void version(StoredVersion v, boolean latest) throws IOException {
        Content content = pending.remove(v.contentId());
        if (content != null) {
            content(v.contentId(), content, v.type());
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("globalId", v.globalId());
        m.put("groupId", null);
        m.put("artifactId", v.artifactId());
        m.put("version", Integer.toString(v.version()));
        String state = (v.state() == VersionState.DELETED ? VersionState.DISABLED : v.state()).name();
        if (dialect == ApicurioDialect.V3) {
            m.put("versionOrder", v.version());
            m.put("state", state);
            m.put("name", v.meta().name().orElse(null));
            m.put("description", v.meta().description().orElse(null));
            m.put("owner", v.createdBy());
            m.put("labels", VersionMetaData.labels(v));
            m.put("createdOn", v.createdOn().toEpochMilli());
            m.put("modifiedBy", v.modifiedBy());
            m.put("modifiedOn", v.modifiedOn().toEpochMilli());
        } else {
            m.put("versionId", v.version());
            m.put("artifactType", v.type().name());
            m.put("state", state);
            m.put("name", v.meta().name().orElse(null));
            m.put("description", v.meta().description().orElse(null));
            m.put("createdBy", v.createdBy());
            m.put("createdOn", v.createdOn().toEpochMilli());
            m.put("labels", v.meta().labels());
            m.put("properties", v.meta().properties());
            m.put("isLatest", latest);
        }
        m.put("contentId", v.contentId());
        entry(artifactPath(v.artifactId()) + "versions/" + v.version() + ".ArtifactVersion.json", m);
    }

    /** Where an artifact's entries go: its id encoded, so that no id makes a path of its own. */
    private static String artifactPath(String artifactId) {
        return "groups/default/artifacts/" + URLEncoder.encode(artifactId, StandardCharsets.UTF_8) + "/";
    }

    private void entry(String name, Map<String, Object> entity) throws IOException {
        zip.putNextEntry(new ZipEntry(name));
        JSON.writeValue(zip, entity);
        zip.closeEntry();
    }
}
