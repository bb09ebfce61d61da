package io.stele.app.console;

import com.github.difflib.DiffUtils;
import com.github.difflib.patch.AbstractDelta;
import java.util.ArrayList;
import java.util.List;

/**
 * Two texts aligned line by line for a side-by-side view: lines both share face each other, and
 * each change shows what was on the left against what replaced it on the right. The difference is
 * java-diff-utils' (Myers' algorithm). Stateless.
 */
final class SideBySide {

    /**
     * One row of the view. A side with no line (an added or removed line's other side) has an empty
     * number and text.
     *
     * @param kind {@code same}, {@code changed}, {@code removed} or {@code added}
     */
    record Row(String kind, String leftNumber, String left, String rightNumber, String right) {}

    /** The rows, and how many of them differ. */
    record View(List<Row> rows, int changed) {}

    private SideBySide() {}

    static View of(String left, String right) {
        List<String> a = left.lines().toList();
        List<String> b = right.lines().toList();
        List<Row> rows = new ArrayList<>();
        int i = 0;
        int j = 0;
        int changed = 0;
        for (AbstractDelta<String> delta : DiffUtils.diff(a, b).getDeltas()) {
            for (; i < delta.getSource().getPosition(); i++, j++) {
                rows.add(same(a, i, j));
            }
            List<String> removed = delta.getSource().getLines();
            List<String> added = delta.getTarget().getLines();
            for (int k = 0; k < Math.max(removed.size(), added.size()); k++) {
                boolean hasLeft = k < removed.size();
                boolean hasRight = k < added.size();
                String kind = hasLeft && hasRight ? "changed" : hasLeft ? "removed" : "added";
                rows.add(new Row(
                        kind,
                        hasLeft ? String.valueOf(i + k + 1) : "",
                        hasLeft ? removed.get(k) : "",
                        hasRight ? String.valueOf(j + k + 1) : "",
                        hasRight ? added.get(k) : ""));
                changed++;
            }
            i += removed.size();
            j += added.size();
        }
        for (; i < a.size(); i++, j++) {
            rows.add(same(a, i, j));
        }
        return new View(rows, changed);
    }

    private static Row same(List<String> a, int i, int j) {
        return new Row("same", String.valueOf(i + 1), a.get(i), String.valueOf(j + 1), a.get(i));
    }
}
