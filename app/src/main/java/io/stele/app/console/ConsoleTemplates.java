package io.stele.app.console;

import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import io.stele.app.console.Views.ArtifactRow;
import io.stele.app.console.Views.Choice;
import io.stele.app.console.Views.Failure;
import io.stele.app.console.Views.Link;
import io.stele.app.console.Views.Paging;
import io.stele.app.console.Views.VersionRow;
import java.util.List;

/**
 * The console's pages, {@code templates/console/*.html}, each with the one value it shows. Checked
 * when the application is built: an expression a view does not have fails the build.
 */
@CheckedTemplate(basePath = "console")
final class ConsoleTemplates {

    private ConsoleTemplates() {}

    static native TemplateInstance overview(Overview.View view);

    static native TemplateInstance search(SearchView view);

    static native TemplateInstance artifact(ArtifactView view);

    static native TemplateInstance version(VersionView view);

    static native TemplateInstance diff(DiffView view);

    static native TemplateInstance check(CheckView view);

    static native TemplateInstance create(CreateView view);

    static native TemplateInstance rules(RulesView view);

    static native TemplateInstance error(Failure failure);

    /** The search page: the query as given, one page of results, and the query's address up to its offset. */
    record SearchView(
            String text, List<Choice> over, List<Choice> types, List<ArtifactRow> rows, Paging paging, String query) {}

    /**
     * An artifact: its shown version's metadata, a page of its versions, its rules, and who
     * references its shown version. A rule left unset is empty.
     */
    record ArtifactView(
            String id,
            String type,
            String name,
            String description,
            List<String> labels,
            List<String> properties,
            String createdBy,
            String created,
            int shownVersion,
            List<VersionRow> versions,
            Paging paging,
            List<Choice> validity,
            List<Choice> compatibility,
            String confluentLevel,
            List<Link> referrers,
            String notice,
            Failure failure) {

        public String labelsText() {
            return String.join(", ", labels);
        }

        /** Where the artifact's rules form posts. */
        public String rulesAction() {
            return "/ui/artifacts/" + ConsolePages.encode(id) + "/rules";
        }

        /** Where a page of versions is asked for, up to its offset. */
        public String pageBase() {
            return "/ui/artifacts/" + ConsolePages.encode(id) + "?";
        }
    }

    /** One version: its facts, its content marked up, its references and referrers. */
    record VersionView(
            String id,
            int version,
            String type,
            String state,
            long globalId,
            long contentId,
            String name,
            String description,
            List<String> labels,
            String createdBy,
            String created,
            String modified,
            String content,
            List<Link> references,
            List<Link> referrers,
            List<Choice> states,
            String notice,
            Failure failure) {}

    /** Two versions side by side. */
    record DiffView(
            String id,
            int from,
            int to,
            List<Choice> fromChoices,
            List<Choice> toChoices,
            List<SideBySide.Row> rows,
            int changed) {}

    /**
     * The would-it-be-accepted form: what was given, and the verdict once checked; {@code accepted}
     * means something only once checked, and a refusal is in {@code failure}.
     */
    record CheckView(String id, String type, String content, boolean checked, boolean accepted, Failure failure) {}

    /** The new-artifact form, as given. */
    record CreateView(String id, List<Choice> types, String content, Failure failure) {}

    /** The global rules. */
    record RulesView(List<Choice> validity, List<Choice> compatibility, String notice, Failure failure) {}
}
