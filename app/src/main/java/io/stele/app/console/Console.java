package io.stele.app.console;

import io.stele.app.artifacts.ArtifactService;
import io.stele.app.artifacts.ArtifactService.Upload;
import io.stele.app.artifacts.IfExists;
import io.stele.app.artifacts.VersionStates;
import io.stele.app.console.ConsoleTemplates.ArtifactView;
import io.stele.app.console.ConsoleTemplates.DiffView;
import io.stele.app.console.ConsoleTemplates.RulesView;
import io.stele.app.console.ConsoleTemplates.SearchView;
import io.stele.app.console.ConsoleTemplates.VersionView;
import io.stele.app.console.Views.ArtifactRow;
import io.stele.app.console.Views.Choice;
import io.stele.app.console.Views.Failure;
import io.stele.app.console.Views.Link;
import io.stele.app.console.Views.Paging;
import io.stele.app.console.Views.VersionRow;
import io.stele.app.rules.Compatibility;
import io.stele.app.rules.RulesService;
import io.stele.app.rules.Validity;
import io.stele.app.storage.StorageProvider;
import io.stele.app.types.ArtifactTypes;
import io.stele.storage.ArtifactQuery;
import io.stele.storage.ArtifactType;
import io.stele.storage.EditableMeta;
import io.stele.storage.NotFoundException;
import io.stele.storage.Page;
import io.stele.storage.PageRequest;
import io.stele.storage.RegistryStorage;
import io.stele.storage.RuleScope;
import io.stele.storage.RuleType;
import io.stele.storage.StoredArtifact;
import io.stele.storage.StoredContent;
import io.stele.storage.StoredVersion;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * What the console reads and writes, through the same services and storage as the APIs (so the
 * same rules, limits and modes apply), shaped as the views its pages show. Thread-safe.
 */
@ApplicationScoped
public class Console {

    static final int PAGE_SIZE = 20;

    @Inject
    StorageProvider provider;

    @Inject
    ArtifactService artifacts;

    @Inject
    RulesService rules;

    @Inject
    VersionStates states;

    private RegistryStorage storage() {
        return provider.storage();
    }

    SearchView search(String text, String over, String type, int offset, String query) {
        ArtifactQuery.Over field = ArtifactQuery.Over.parse(over.isBlank() ? "everything" : over);
        Optional<ArtifactType> kind = type.isBlank() ? Optional.empty() : Optional.of(ArtifactTypes.parseType(type));
        Page<StoredArtifact> page = storage()
                .search()
                .artifacts(new ArtifactQuery(
                        Optional.of(text), field, kind, false, new PageRequest(Math.max(0, offset), PAGE_SIZE)));
        List<ArtifactRow> rows = page.items().stream()
                .map(a -> new ArtifactRow(
                        a.artifactId(),
                        a.latest().meta().name().orElse(""),
                        a.latest().type().name(),
                        a.latest().state().name(),
                        String.join(", ", a.latest().meta().labels()),
                        Views.when(a.latest().modifiedOn())))
                .toList();
        List<String> fields = Stream.of(ArtifactQuery.Over.values())
                .map(o -> o.name().toLowerCase(Locale.ROOT))
                .toList();
        return new SearchView(
                text,
                Choice.of(fields, field.name().toLowerCase(Locale.ROOT), null),
                Choice.of(typeNames(), kind.map(Enum::name).orElse(""), "Any type"),
                rows,
                new Paging(page.total(), Math.max(0, offset), PAGE_SIZE),
                query);
    }

    static List<String> typeNames() {
        return Stream.of(ArtifactType.values()).map(Enum::name).toList();
    }

    /** The artifact's type. */
    String type(String id) {
        return artifacts.existing(id).version().type().name();
    }

    ArtifactView artifact(String id, int offset, String notice, Failure failure) {
        StoredArtifact artifact = storage().artifacts().get(id).orElseThrow(() -> NotFoundException.artifact(id));
        StoredVersion shown = artifact.latest();
        Page<StoredVersion> versions = storage().search().versions(id, new PageRequest(Math.max(0, offset), PAGE_SIZE));
        Map<RuleType, String> set = storage().rules().list(RuleScope.artifact(id));
        return new ArtifactView(
                id,
                shown.type().name(),
                shown.meta().name().orElse(""),
                shown.meta().description().orElse(""),
                shown.meta().labels(),
                shown.meta().properties().entrySet().stream()
                        .map(e -> e.getKey() + " = " + e.getValue())
                        .sorted()
                        .toList(),
                artifact.createdBy().isEmpty() ? "anonymous" : artifact.createdBy(),
                Views.when(artifact.createdOn()),
                shown.version(),
                versions.items().stream().map(VersionRow::of).toList(),
                new Paging(versions.total(), Math.max(0, offset), PAGE_SIZE),
                ruleChoices(Validity.class, set.get(RuleType.VALIDITY)),
                ruleChoices(Compatibility.class, set.get(RuleType.COMPATIBILITY)),
                rules.compatibility(Optional.of(id), Compatibility.BACKWARD).name(),
                referrers(id, shown.version()),
                notice,
                failure);
    }

    VersionView version(String id, int number, String notice, Failure failure) {
        StoredVersion v = storage()
                .versions()
                .get(id, number)
                .orElseThrow(() -> storage().artifacts().get(id).isEmpty()
                        ? NotFoundException.artifact(id)
                        : NotFoundException.version(id, number));
        StoredContent content = storage()
                .contents()
                .byContentId(v.contentId())
                .orElseThrow(() -> NotFoundException.version(id, number));
        String text = Highlighter.pretty(v.type(), new String(content.content().bytes(), StandardCharsets.UTF_8));
        List<String> requestable =
                Stream.of(VersionStates.Requested.values()).map(Enum::name).toList();
        return new VersionView(
                id,
                number,
                v.type().name(),
                v.state().name(),
                v.globalId(),
                v.contentId(),
                v.meta().name().orElse(""),
                v.meta().description().orElse(""),
                v.meta().labels(),
                v.createdBy().isEmpty() ? "anonymous" : v.createdBy(),
                Views.when(v.createdOn()),
                Views.when(v.modifiedOn()),
                Highlighter.html(v.type(), text),
                content.content().references().stream()
                        .map(r -> new Link(r.name(), r.artifactId(), r.version()))
                        .toList(),
                referrers(id, number),
                Choice.of(requestable, v.state().name(), null),
                notice,
                failure);
    }

    DiffView diff(String id, Optional<Integer> from, Optional<Integer> to) {
        List<Integer> numbers = storage().versions().list(id);
        if (numbers.isEmpty()) {
            throw NotFoundException.artifact(id);
        }
        int right = to.orElse(numbers.get(numbers.size() - 1));
        int left = from.orElse(numbers.get(Math.max(0, numbers.indexOf(right) - 1)));
        SideBySide.View view = SideBySide.of(shownText(id, left), shownText(id, right));
        List<String> names = numbers.stream().map(String::valueOf).toList();
        return new DiffView(
                id,
                left,
                right,
                Choice.of(names, String.valueOf(left), null),
                Choice.of(names, String.valueOf(right), null),
                view.rows(),
                view.changed());
    }

    private String shownText(String id, int number) {
        StoredVersion v = storage().versions().get(id, number).orElseThrow(() -> NotFoundException.version(id, number));
        byte[] bytes = storage()
                .contents()
                .byContentId(v.contentId())
                .orElseThrow(() -> NotFoundException.version(id, number))
                .content()
                .bytes();
        return Highlighter.pretty(v.type(), new String(bytes, StandardCharsets.UTF_8));
    }

    RulesView globalRules(String notice, Failure failure) {
        Map<RuleType, String> set = storage().rules().list(RuleScope.GLOBAL);
        return new RulesView(
                ruleChoices(Validity.class, set.get(RuleType.VALIDITY)),
                ruleChoices(Compatibility.class, set.get(RuleType.COMPATIBILITY)),
                notice,
                failure);
    }

    private static <E extends Enum<E>> List<Choice> ruleChoices(Class<E> levels, String current) {
        List<String> names =
                Arrays.stream(levels.getEnumConstants()).map(Enum::name).toList();
        return Choice.of(names, current == null ? "" : current, "Not set");
    }

    private List<Link> referrers(String id, int version) {
        return storage().versions().referrers(id, version).stream()
                .map(r -> new Link("", r.artifactId(), r.version()))
                .toList();
    }

    /** Creates an artifact; an empty id lets the registry choose one. */
    String create(String id, String type, byte[] content) {
        Upload upload = new Upload(content, type.isBlank() ? Optional.empty() : Optional.of(type), Optional.empty());
        return artifacts
                .create(Optional.of(id.strip()), upload, IfExists.FAIL)
                .version()
                .artifactId();
    }

    int addVersion(String id, byte[] content) {
        return artifacts.addVersion(id, Upload.of(content)).version().version();
    }

    /** Runs the artifact's rules on would-be content, storing nothing. */
    void test(String id, byte[] content) {
        artifacts.testVersion(id, Upload.of(content));
    }

    /** Sets the metadata the artifact shows (its shown version's), keeping its properties. */
    void updateMeta(String id, String name, String description, String labels) {
        StoredVersion shown = artifacts.existing(id).version();
        List<String> labelList = Arrays.stream(labels.split("[,\\n]"))
                .map(String::strip)
                .filter(l -> !l.isEmpty())
                .toList();
        EditableMeta meta = new EditableMeta(
                Optional.of(name.strip()).filter(n -> !n.isEmpty()),
                Optional.of(description.strip()).filter(d -> !d.isEmpty()),
                labelList,
                shown.meta().properties());
        storage().versions().updateMeta(id, shown.version(), meta, ArtifactService.ANONYMOUS);
    }

    void changeState(String id, int version, String state) {
        states.change(id, Optional.of(version), VersionStates.Requested.parse(state));
    }

    /**
     * Sets or removes (an empty level) an artifact's rules, or the global ones when {@code id} is
     * empty. An artifact's rules are set only while it exists.
     */
    void setRules(Optional<String> id, String validity, String compatibility) {
        id.ifPresent(artifactId -> artifacts.existing(artifactId));
        RuleScope scope = id.map(RuleScope::artifact).orElse(RuleScope.GLOBAL);
        setRule(id, scope, RuleType.VALIDITY, validity);
        setRule(id, scope, RuleType.COMPATIBILITY, compatibility);
    }

    private void setRule(Optional<String> id, RuleScope scope, RuleType type, String level) {
        if (level.isBlank()) {
            if (storage().rules().get(scope, type).isPresent()) {
                try {
                    storage().rules().delete(scope, type);
                } catch (NotFoundException removedMeanwhile) {
                    // the outcome asked for
                }
            }
            return;
        }
        rules.set(id, type, RulesService.requireValidConfig(type, level));
    }
}
