package io.stele.app.testing;

import org.eclipse.microprofile.config.ConfigProvider;

/** The running registry's settings, as a test that behaves by them reads them. */
public final class Settings {

    private Settings() {}

    /** Whether the boolean setting {@code name} is on; off when it is not set. */
    public static boolean on(String name) {
        return ConfigProvider.getConfig().getOptionalValue(name, Boolean.class).orElse(false);
    }
}
