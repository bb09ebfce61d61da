package io.stele.testservers;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Tools the tests take from Debian's packages (a browser, a load balancer), installed with {@code
 * apt-get} when they are missing and the build runs as root. Without root, or when the install
 * fails, it throws saying which command installs them, so a test fails loudly rather than skips.
 * apt-get's output goes to {@code target/apt-<first package>.log}.
 */
public final class DebianPackages {

    private static final Duration INSTALL_TIMEOUT = Duration.ofMinutes(15);

    private DebianPackages() {}

    /**
     * Makes sure every one of {@code executables} exists, installing {@code packages} when one does
     * not: first from the package lists the machine has, then after {@code apt-get update}.
     *
     * @throws IllegalStateException when they are missing and cannot be installed
     */
    public static synchronized void require(List<Path> executables, String... packages) {
        if (executables.stream().allMatch(Files::isExecutable)) {
            return;
        }
        String how = "install Debian's " + String.join(" and ", packages) + " (apt-get install -y "
                + String.join(" ", packages) + ")";
        if (!"root".equals(System.getProperty("user.name"))) {
            throw new IllegalStateException("These tests need " + executables + ": " + how + ".");
        }
        Path log = Path.of("target", "apt-" + packages[0] + ".log");
        if (apt(log, install(packages)) != 0) {
            apt(log, List.of("update"));
            int exit = apt(log, install(packages));
            if (exit != 0) {
                throw new IllegalStateException("Installing " + List.of(packages) + " failed (apt-get exit " + exit
                        + "; see " + log + "); " + how + " by hand.");
            }
        }
        if (!executables.stream().allMatch(Files::isExecutable)) {
            throw new IllegalStateException(
                    "apt-get installed " + List.of(packages) + ", but one of " + executables + " is still missing.");
        }
    }

    private static List<String> install(String... packages) {
        List<String> args = new ArrayList<>(List.of("install", "-y"));
        args.addAll(List.of(packages));
        return args;
    }

    private static int apt(Path log, List<String> args) {
        List<String> command = new ArrayList<>(List.of("apt-get", "-q"));
        command.addAll(args);
        try {
            Files.createDirectories(log.getParent());
            ProcessBuilder builder = new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
            builder.environment().put("DEBIAN_FRONTEND", "noninteractive");
            Process process = builder.start();
            if (!process.waitFor(INSTALL_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new IllegalStateException(
                        "apt-get " + String.join(" ", args) + " took over " + INSTALL_TIMEOUT + "; see " + log);
            }
            return process.exitValue();
        } catch (IOException e) {
            throw new IllegalStateException("Could not run apt-get " + String.join(" ", args), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
