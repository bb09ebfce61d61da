package io.stele.app.rules;

import io.stele.app.storage.StorageProvider;
import io.stele.storage.Content;
import io.stele.storage.NotFoundException;
import io.stele.storage.SchemaReference;
import io.stele.storage.VersionState;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Reads the schemas that content references, and those they reference, from the registry. Content
 * without references costs nothing; each referenced version is one read, mostly from the cache.
 */
@ApplicationScoped
public class ReferenceResolver {

    /** How deep references may nest: deeper is surely a mistake, and would cost a read per level. */
    static final int MAX_DEPTH = 32;
    /** How many schemas one schema may reference, transitively. */
    static final int MAX_SCHEMAS = 1_000;

    @Inject
    StorageProvider provider;

    /** Where referenced versions are read: the registry, or content not stored yet, such as an import's. */
    @FunctionalInterface
    public interface Versions {

        /** The content of a version that is neither missing nor soft-deleted, or empty. */
        Optional<Content> content(SchemaReference.Target target);
    }

    /**
     * The schemas {@code content} references, transitively, read from the registry.
     *
     * @throws InvalidContentException when a reference names a version that does not exist or is
     *     soft-deleted, when references form a cycle, or nest deeper than {@value #MAX_DEPTH}
     */
    public ResolvedReferences resolve(Content content) {
        return resolve(content, this::stored);
    }

    /**
     * The schemas {@code content} references, transitively, read from {@code versions}.
     *
     * @throws InvalidContentException as {@link #resolve(Content)}
     */
    public ResolvedReferences resolve(Content content, Versions versions) {
        if (content.references().isEmpty()) {
            return ResolvedReferences.NONE;
        }
        List<ResolvedReferences.Named> inOrder = new ArrayList<>();
        visit(content.references(), versions, new HashSet<>(), new ArrayList<>(), inOrder);
        return new ResolvedReferences(inOrder);
    }

    private void visit(
            List<SchemaReference> references,
            Versions versions,
            Set<SchemaReference.Target> done,
            List<SchemaReference.Target> path,
            List<ResolvedReferences.Named> inOrder) {
        for (SchemaReference reference : references) {
            SchemaReference.Target target = reference.target();
            if (path.contains(target)) {
                throw new InvalidContentException("The schema's references form a cycle through version "
                        + target.version() + " of subject '" + target.artifactId() + "'.");
            }
            if (!done.add(target)) {
                continue;
            }
            if (path.size() == MAX_DEPTH || done.size() > MAX_SCHEMAS) {
                throw new InvalidContentException("The schema's references nest deeper than " + MAX_DEPTH
                        + " levels or name more than " + MAX_SCHEMAS + " schemas.");
            }
            Content referenced = versions.content(target)
                    .orElseThrow(() -> new InvalidContentException("Reference '" + reference.name()
                            + "' names version " + reference.version() + " of subject '" + reference.artifactId()
                            + "', which does not exist."));
            path.add(target);
            visit(referenced.references(), versions, done, path, inOrder);
            path.remove(path.size() - 1);
            inOrder.add(new ResolvedReferences.Named(reference.name(), referenced.text()));
        }
    }

    /** The content of a stored version that is not soft-deleted, or empty: {@link Versions} of the registry. */
    public Optional<Content> stored(SchemaReference.Target target) {
        return provider.storage()
                .versions()
                .get(target.artifactId(), target.version())
                .filter(v -> v.state() != VersionState.DELETED)
                .map(version -> provider.storage()
                        .contents()
                        .byContentId(version.contentId())
                        .orElseThrow(() -> NotFoundException.contentId(version.contentId()))
                        .content());
    }
}
