package io.stele.app.lifecycle;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Optional;
import java.util.Properties;

/**
 * Which release of Stele runs: the version users pin (the Maven project version, which is also the
 * image's tag) and the commit it was built from. The build writes both into {@code
 * META-INF/stele-build.properties}; this is the one place that reads them. A build made from a
 * source tree outside git has no commit.
 *
 * @param version the release, as {@code 0.1.0}, or {@code 0.2.0-SNAPSHOT} between releases
 * @param commit the full commit id the build was made from, when it was made in a git checkout
 */
public record Release(String version, Optional<String> commit) {

    private static final String FILE = "/META-INF/stele-build.properties";
    private static final Release CURRENT = read();

    /** The release this process runs. */
    public static Release current() {
        return CURRENT;
    }

    private static Release read() {
        Properties build = new Properties();
        try (InputStream in = Release.class.getResourceAsStream(FILE)) {
            if (in == null) {
                throw new IllegalStateException(FILE + " is missing: the build writes it");
            }
            build.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new Release(
                build.getProperty("git.build.version"),
                Optional.ofNullable(build.getProperty("git.commit.id.full")).filter(id -> !id.isBlank()));
    }
}
