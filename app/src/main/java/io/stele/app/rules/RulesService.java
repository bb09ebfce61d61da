package io.stele.app.rules;

import io.stele.app.mode.Mode;
import io.stele.app.storage.StorageProvider;
import io.stele.storage.AlreadyExistsException;
import io.stele.storage.ArtifactType;
import io.stele.storage.Content;
import io.stele.storage.InvalidRequestException;
import io.stele.storage.NotFoundException;
import io.stele.storage.Page;
import io.stele.storage.PageRequest;
import io.stele.storage.RegistryStorage;
import io.stele.storage.RuleScope;
import io.stele.storage.RuleType;
import io.stele.storage.StoredVersion;
import io.stele.storage.VersionState;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Applies the rules to content before it is stored. A rule configured on the artifact wins over the
 * same rule configured globally. A configured rule that fails answers 409 ({@link
 * RuleViolationException}). With no VALIDITY rule configured anywhere, content must still parse as
 * its type, and content that does not is a bad request (400, {@link InvalidContentException}).
 */
@ApplicationScoped
public class RulesService {

    private static final int PAGE = 500;

    /**
     * The longest configuration a rule keeps: an INTEGRITY rule lists its levels, each of which
     * fits many times over; every backend keeps at least 1,024 characters.
     */
    public static final int MAX_CONFIG = 256;

    @Inject
    StorageProvider provider;

    @Inject
    TypeSupports types;

    @Inject
    ReferenceResolver resolver;

    private RegistryStorage storage() {
        return provider.storage();
    }

    /**
     * Checks a rule's configuration before it is stored.
     *
     * @throws InvalidRequestException naming the levels the rule accepts
     */
    public static String requireValidConfig(RuleType type, String config) {
        boolean valid = config != null
                && config.length() <= MAX_CONFIG
                && switch (type) {
                    case VALIDITY -> Validity.parse(config).isPresent();
                    case COMPATIBILITY -> Compatibility.parse(config).isPresent();
                    case INTEGRITY -> Integrity.parse(config).isPresent();
                    case MODE -> Mode.parse(config).isPresent();
                };
        if (!valid) {
            Object[] levels =
                    switch (type) {
                        case VALIDITY -> Validity.values();
                        case COMPATIBILITY -> Compatibility.values();
                        case INTEGRITY -> Integrity.values();
                        case MODE -> Mode.values();
                    };
            throw new InvalidRequestException("The " + type + " rule's config must be "
                    + (type == RuleType.INTEGRITY ? "one or more, separated by commas, of " : "one of ")
                    + Arrays.toString(levels)
                    + (type == RuleType.INTEGRITY ? " (at most " + MAX_CONFIG + " characters)" : "")
                    + ", was "
                    + (config == null
                            ? "missing"
                            : config.length() > MAX_CONFIG ? config.length() + " characters long" : "'" + config + "'")
                    + ".");
        }
        return config.trim().toUpperCase(Locale.ROOT);
    }

    /** The configuration of a rule for an artifact: its own, else the global one. */
    private Optional<String> effective(Optional<String> artifactId, RuleType type) {
        Optional<String> own = artifactId.flatMap(id -> storage().rules().get(RuleScope.artifact(id), type));
        return own.isPresent() ? own : storage().rules().get(RuleScope.GLOBAL, type);
    }

    /**
     * Checks the content of a new artifact, or of a new version when {@code artifactId} is given.
     *
     * @throws RuleViolationException when a configured VALIDITY rule fails
     * @throws InvalidContentException when no VALIDITY rule is configured and the content does not
     *     parse as its type
     */
    public void checkValidity(Optional<String> artifactId, ArtifactType type, Content content) {
        Optional<String> configured = effective(artifactId, RuleType.VALIDITY);
        TypeSupport support = types.of(type);
        ResolvedReferences references = resolver.resolve(content);
        if (configured.isEmpty()) {
            support.validate(content.text(), references, Validity.SYNTAX_ONLY);
            return;
        }
        Validity level = Validity.parse(configured.get()).orElse(Validity.FULL);
        try {
            support.validate(content.text(), references, level);
        } catch (InvalidContentException e) {
            throw new RuleViolationException(
                    RuleType.VALIDITY,
                    "The content violates the VALIDITY rule (" + level + "):",
                    List.of(new Incompatibility("", e.getMessage())));
        }
    }

    /**
     * Checks the content of a new artifact, or of a new version when {@code artifactId} is given,
     * against the rules that look at it alone: {@link #checkValidity VALIDITY}, then {@link
     * #checkIntegrity INTEGRITY}.
     *
     * @throws RuleViolationException when a configured rule fails
     * @throws InvalidContentException when no VALIDITY rule is configured and the content does not
     *     parse as its type
     */
    public void checkContent(Optional<String> artifactId, ArtifactType type, Content content) {
        checkValidity(artifactId, type, content);
        checkIntegrity(artifactId, type, content);
    }

    /**
     * Checks the references of valid content against the INTEGRITY rule, if one applies. Of its
     * levels, {@link Integrity#ALL_REFS_MAPPED} is checked here: each document an import or a
     * {@code $ref} names must be a reference's ({@link TypeSupport#requireNamedReferences}). The others
     * hold whatever the rules: {@link Content#of(byte[], List)} refuses two references of one name,
     * {@link ReferenceResolver} a reference to a version that does not exist, and no stored version
     * can reference one that did not exist before it.
     *
     * @throws RuleViolationException naming what is not mapped
     */
    public void checkIntegrity(Optional<String> artifactId, ArtifactType type, Content content) {
        Optional<String> configured = effective(artifactId, RuleType.INTEGRITY);
        if (configured.isEmpty()
                || !Integrity.ALL_REFS_MAPPED.in(
                        Integrity.parse(configured.get()).orElse(Set.of()))) {
            return;
        }
        TypeSupport support = types.of(type);
        ResolvedReferences references = resolver.resolve(content);
        try {
            support.requireNamedReferences(content.text(), references);
        } catch (InvalidContentException e) {
            throw new RuleViolationException(
                    RuleType.INTEGRITY,
                    "The content violates the INTEGRITY rule (" + configured.get() + "):",
                    List.of(new Incompatibility("", e.getMessage())));
        }
    }

    /**
     * Checks that content parses as its type, with the schemas it references, whatever rules apply.
     *
     * @throws InvalidContentException naming what is wrong
     */
    public void checkSyntax(ArtifactType type, Content content) {
        types.of(type).validate(content.text(), resolver.resolve(content), Validity.SYNTAX_ONLY);
    }

    /**
     * Checks that content parses as its type and that every name it uses from elsewhere resolves
     * with its references ({@link TypeSupport#requireResolved}), whatever rules apply: what the
     * Confluent API requires of every schema it is sent.
     *
     * @throws InvalidContentException naming what is wrong
     */
    public void checkResolved(ArtifactType type, Content content) {
        TypeSupport support = types.of(type);
        ResolvedReferences references = resolver.resolve(content);
        support.validate(content.text(), references, Validity.SYNTAX_ONLY);
        support.requireResolved(content.text(), references);
    }

    /** The text of valid content in its type's {@link TypeSupport#normalized normal form}. */
    public String normalized(ArtifactType type, Content content) {
        return types.of(type).normalized(content.text(), resolver.resolve(content));
    }

    /**
     * Checks a new version of an artifact against the COMPATIBILITY rule, if one applies: against
     * the latest version, or every version for the transitive levels.
     *
     * @throws RuleViolationException listing every incompatibility, with the version and location
     */
    public void checkCompatibility(String artifactId, ArtifactType type, Content content) {
        checkCompatibility(artifactId, type, content, Compatibility.NONE);
    }

    /**
     * The compatibility level that applies to an artifact, or to new artifacts when {@code
     * artifactId} is empty: its own COMPATIBILITY rule, else the global one, else {@code fallback}
     * (each API's default: none for the v1 API, BACKWARD for the Confluent-compatible one).
     */
    public Compatibility compatibility(Optional<String> artifactId, Compatibility fallback) {
        return effective(artifactId, RuleType.COMPATIBILITY)
                .map(config -> Compatibility.parse(config).orElse(Compatibility.NONE))
                .orElse(fallback);
    }

    /**
     * {@link #checkCompatibility(String, ArtifactType, Content)}, with {@code fallback} as the level
     * where no rule sets one.
     */
    public void checkCompatibility(String artifactId, ArtifactType type, Content content, Compatibility fallback) {
        Compatibility level = compatibility(Optional.of(artifactId), fallback);
        List<Incompatibility> found = incompatibilities(
                type, content, level, level == Compatibility.NONE ? List.of() : earlierVersions(artifactId, level));
        if (!found.isEmpty()) {
            throw new RuleViolationException(
                    RuleType.COMPATIBILITY,
                    "The content violates the COMPATIBILITY rule (" + level + "); " + found.size() + " incompatibilit"
                            + (found.size() == 1 ? "y" : "ies") + ":",
                    found);
        }
    }

    /**
     * The versions a new version of an artifact is checked against at a level: its latest, or every
     * version that is not soft-deleted ({@link VersionState#DELETED}) for the transitive levels; none
     * when it has none.
     */
    public List<StoredVersion> earlierVersions(String artifactId, Compatibility level) {
        if (!level.transitive()) {
            return storage().versions().latest(artifactId).map(List::of).orElse(List.of());
        }
        List<StoredVersion> versions = allVersions(artifactId);
        versions.removeIf(v -> v.state() == VersionState.DELETED);
        return versions;
    }

    /**
     * Every version of an artifact, ascending, in every state; empty when it has none.
     *
     * @throws NotFoundException when the artifact does not exist
     */
    public List<StoredVersion> allVersions(String artifactId) {
        List<StoredVersion> versions = new ArrayList<>();
        Page<StoredVersion> page;
        do {
            page = storage().search().versions(artifactId, new PageRequest(versions.size(), PAGE));
            versions.addAll(page.items());
        } while (!page.items().isEmpty() && versions.size() < page.total());
        return versions;
    }

    /**
     * Every incompatibility of new content with each of {@code earlier} at a level, each saying
     * which version it concerns and where; empty when compatible, or at NONE.
     */
    public List<Incompatibility> incompatibilities(
            ArtifactType type, Content content, Compatibility level, List<StoredVersion> earlier) {
        TypeSupport support = types.of(type);
        Schema proposed = new Schema(content.text(), resolver.resolve(content));
        List<Incompatibility> found = new ArrayList<>();
        for (StoredVersion version : earlier) {
            Content stored = storage()
                    .contents()
                    .byContentId(version.contentId())
                    .orElseThrow(() -> NotFoundException.globalId(version.globalId()))
                    .content();
            Schema old = new Schema(stored.text(), resolver.resolve(stored));
            String which = "version " + version.version();
            if (level.backward()) {
                found.addAll(labelled(support, proposed, old, "the new schema cannot read data written with " + which));
            }
            if (level.forward()) {
                found.addAll(labelled(support, old, proposed, which + " cannot read data written with the new schema"));
            }
        }
        return found;
    }

    /**
     * Sets the COMPATIBILITY rule of an artifact, or the global one when {@code artifactId} is
     * empty, whether or not one is set, and whether or not the artifact exists yet.
     */
    public void setCompatibility(Optional<String> artifactId, Compatibility level) {
        set(artifactId, RuleType.COMPATIBILITY, level.name());
    }

    /**
     * Sets a rule of an artifact, or the global one when {@code artifactId} is empty, whether or not
     * one is set, and whether or not the artifact exists yet; a concurrent set of the same rule is
     * retried once.
     */
    public void set(Optional<String> artifactId, RuleType type, String config) {
        RuleScope scope = artifactId.map(RuleScope::artifact).orElse(RuleScope.GLOBAL);
        for (int attempt = 1; ; attempt++) {
            try {
                if (storage().rules().get(scope, type).isPresent()) {
                    storage().rules().update(scope, type, config);
                } else {
                    storage().rules().create(scope, type, config);
                }
                return;
            } catch (AlreadyExistsException | NotFoundException raced) {
                if (attempt == 2
                        || raced instanceof NotFoundException n && n.missing() != NotFoundException.Missing.RULE) {
                    throw raced;
                }
            }
        }
    }

    /** A schema's text with the schemas it references. */
    private record Schema(String text, ResolvedReferences references) {}

    private static List<Incompatibility> labelled(TypeSupport support, Schema reader, Schema writer, String what) {
        List<Incompatibility> found;
        try {
            found = support.readerIncompatibilities(
                    reader.text(), reader.references(), writer.text(), writer.references());
        } catch (InvalidContentException e) {
            return List.of(new Incompatibility("", what + ": " + e.getMessage()));
        }
        return found.stream()
                .map(i -> new Incompatibility(i.location(), what + ": " + i.message()))
                .toList();
    }
}
