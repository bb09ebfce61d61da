package io.stele.operator.desired;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Every registry setting the operator writes into a pod is one the registry reads: each is named in
 * a table of docs/configuration.md, which the registry's own SettingsDocumentedTest checks against
 * the settings its modules declare. A key the operator misspells, or one a backend renames, fails
 * here instead of being ignored by the registry.
 */
class RegistryPodSettingsTest {

    private static final Pattern LITERAL = Pattern.compile("\"(stele\\.[a-z0-9.-]+)\"");
    private static final Pattern KEY = Pattern.compile("`(stele\\.[a-z0-9.*-]+)`");

    @Test
    void everySettingThePodIsGiven_isOneTheRegistryReads() throws IOException {
        Set<String> written = new TreeSet<>();
        Matcher literal =
                LITERAL.matcher(Files.readString(Path.of("src/main/java/io/stele/operator/desired/RegistryPod.java")));
        while (literal.find()) {
            written.add(literal.group(1));
        }
        Set<String> read = new TreeSet<>();
        for (String line : Files.readAllLines(Path.of("..", "docs", "configuration.md"))) {
            if (line.startsWith("| `stele.")) {
                Matcher key = KEY.matcher(line.split("\\|")[1]);
                while (key.find()) {
                    read.add(key.group(1));
                }
            }
        }

        assertThat(written).as("settings RegistryPod writes").hasSizeGreaterThan(20);
        assertThat(read).as("settings docs/configuration.md lists").containsAll(written);
    }
}
