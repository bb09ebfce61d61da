package io.stele.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import io.smallrye.config.ConfigMapping;
import io.smallrye.config.ConfigMappings;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Every setting the registry reads is declared once, in the {@code @ConfigMapping} of the module
 * that reads it (or, for a Quarkus setting it derives, in application.properties), and
 * docs/configuration.md names each one and none other. The operator's own test checks what it
 * writes against the same page.
 */
class SettingsDocumentedTest {

    private static final Pattern KEY = Pattern.compile("`(stele\\.[a-z0-9.*-]+)`");

    @Test
    void everySettingTheRegistryReads_isInConfigurationMd_andTheTableNamesNoOther() throws IOException {
        Set<String> read = settingsRead();
        Set<String> documented = documented();

        assertThat(read).as("settings the registry reads").hasSizeGreaterThan(20);
        assertThat(documented)
                .as("docs/configuration.md names every setting the registry reads")
                .containsAll(read);
        assertThat(read)
                .as("every setting a table of docs/configuration.md names is one the registry reads")
                .containsAll(documented);
    }

    /** The settings the tables of docs/configuration.md name: those in the first cell of a row. */
    static Set<String> documented() throws IOException {
        Set<String> documented = new TreeSet<>();
        for (String line : Files.readAllLines(Path.of("..", "docs", "configuration.md"))) {
            if (line.startsWith("| `stele.")) {
                Matcher named = KEY.matcher(line.split("\\|")[1]);
                while (named.find()) {
                    documented.add(named.group(1));
                }
            }
        }
        return documented;
    }

    /** The keys of every {@code stele.*} mapping in the registry's modules, and those application.properties reads. */
    static Set<String> settingsRead() throws IOException {
        Set<String> keys = new TreeSet<>();
        for (JavaClass type : new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("io.stele.app", "io.stele.storage")) {
            if (type.isAnnotatedWith(ConfigMapping.class)
                    && type.getAnnotationOfType(ConfigMapping.class).prefix().startsWith("stele.")) {
                keys.addAll(ConfigMappings.getProperties(ConfigMappings.ConfigClass.configClass(type.reflect()))
                        .keySet());
            }
        }
        try (InputStream in = SettingsDocumentedTest.class.getResourceAsStream("/application.properties")) {
            Matcher derived = Pattern.compile("\\$\\{(stele\\.[a-z0-9.-]+)")
                    .matcher(new String(in.readAllBytes(), StandardCharsets.UTF_8));
            while (derived.find()) {
                keys.add(derived.group(1));
            }
        }
        return keys;
    }
}
