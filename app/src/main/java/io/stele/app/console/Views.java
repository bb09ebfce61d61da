package io.stele.app.console;

import io.stele.app.apicurio.v1.ErrorMappers;
import io.stele.app.rules.RuleViolationException;
import io.stele.storage.StoredVersion;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;

/** What the console's templates show: plain values, formatted here, so templates only lay them out. */
final class Views {

    private static final DateTimeFormatter WHEN =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'").withZone(ZoneOffset.UTC);

    private Views() {}

    static String when(Instant instant) {
        return WHEN.format(instant);
    }

    /** A failure as the API states it: its status, its message, and each rule violation's location. */
    record Failure(int status, String message, List<Cause> causes) {
        static Failure of(RuntimeException e) {
            List<Cause> causes = e instanceof RuleViolationException v
                    ? v.causes().stream()
                            .map(c -> new Cause(c.location(), c.message()))
                            .toList()
                    : List.of();
            return new Failure(ErrorMappers.status(e), ErrorMappers.message(e), causes);
        }
    }

    /** One incompatibility or violation; the location is empty when it concerns the whole schema. */
    record Cause(String location, String message) {}

    /** One artifact in search results. */
    record ArtifactRow(String id, String name, String type, String state, String labels, String modified) {}

    /** One version in an artifact's list of versions. */
    record VersionRow(int version, long globalId, String state, String name, String created, String modified) {
        static VersionRow of(StoredVersion v) {
            return new VersionRow(
                    v.version(),
                    v.globalId(),
                    v.state().name(),
                    v.meta().name().orElse(""),
                    when(v.createdOn()),
                    when(v.modifiedOn()));
        }
    }

    /** A version of another artifact, or a named reference to one. */
    record Link(String name, String artifactId, int version) {}

    /** Which window of a long list a page shows, with where the previous and next windows start. */
    record Paging(long total, int offset, int limit) {
        public long from() {
            return total == 0 ? 0 : offset + 1;
        }

        public long to() {
            return Math.min(total, (long) offset + limit);
        }

        public boolean hasPrevious() {
            return offset > 0;
        }

        public boolean hasNext() {
            return (long) offset + limit < total;
        }

        public int previous() {
            return Math.max(0, offset - limit);
        }

        public int next() {
            return offset + limit;
        }
    }

    /** A choice in a list box, and whether it is the one chosen. */
    record Choice(String value, String label, boolean selected) {
        static List<Choice> of(List<String> values, String selected, String noneLabel) {
            List<Choice> choices = new ArrayList<>();
            if (noneLabel != null) {
                choices.add(new Choice("", noneLabel, selected.isEmpty()));
            }
            values.forEach(v -> choices.add(new Choice(v, v, v.equals(selected))));
            return choices;
        }
    }
}
