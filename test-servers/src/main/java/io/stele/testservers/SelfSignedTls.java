package io.stele.testservers;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.UUID;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * A server's TLS identity for tests: a new EC key and a self-signed certificate for {@code
 * localhost} and {@code 127.0.0.1}, made with the JDK's {@code keytool}, kept as a PKCS12 key store
 * and as PEM files (the certificate, which is also what a client must trust, and the key).
 *
 * @param keyStore the PKCS12 file holding the key and certificate
 * @param password the key store's and the key's password
 * @param certificate the certificate, PEM
 * @param key the private key, PEM (PKCS#8), unencrypted
 */
public record SelfSignedTls(Path keyStore, String password, Path certificate, Path key) {

    /** Creates a new key and certificate in {@code folder}. */
    public static SelfSignedTls create(Path folder) {
        Path file = folder.resolve("server.p12");
        String password = UUID.randomUUID().toString();
        List<String> command = List.of(
                Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
                "-genkeypair",
                "-alias",
                "server",
                "-keyalg",
                "EC",
                "-groupname",
                "secp256r1",
                "-dname",
                "CN=localhost",
                "-ext",
                "SAN=dns:localhost,ip:127.0.0.1",
                "-validity",
                "7",
                "-storetype",
                "PKCS12",
                "-keystore",
                file.toString(),
                "-storepass",
                password,
                "-keypass",
                password);
        Path output = folder.resolve("keytool.log");
        try {
            Files.createDirectories(folder);
            Process keytool = new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectOutput(output.toFile())
                    .start();
            Local.waitFor(keytool, Duration.ofSeconds(60));
            if (keytool.isAlive() || keytool.exitValue() != 0) {
                throw new IllegalStateException(
                        "keytool could not create the server's key within 60 s: " + Files.readString(output));
            }
            KeyStore store = load(file, password);
            Path certificate = folder.resolve("server.crt");
            Path key = folder.resolve("server.key");
            Files.writeString(
                    certificate,
                    pem("CERTIFICATE", store.getCertificate("server").getEncoded()));
            Files.writeString(
                    key,
                    pem(
                            "PRIVATE KEY",
                            store.getKey("server", password.toCharArray()).getEncoded()));
            return new SelfSignedTls(file, password, certificate, key);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot run keytool: " + e.getMessage(), e);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("Cannot read the key keytool made: " + e.getMessage(), e);
        }
    }

    /** A TLS context that trusts this certificate alone, for a client of the server. */
    public SSLContext trustingIt() {
        try {
            TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            trust.init(load(keyStore, password));
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, trust.getTrustManagers(), null);
            return context;
        } catch (GeneralSecurityException | IOException e) {
            throw new IllegalStateException("Cannot trust " + keyStore + ": " + e.getMessage(), e);
        }
    }

    private static KeyStore load(Path file, String password) throws IOException, GeneralSecurityException {
        KeyStore store = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(file)) {
            store.load(in, password.toCharArray());
        }
        return store;
    }

    private static String pem(String type, byte[] der) {
        String body = Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII))
                .encodeToString(der);
        return "-----BEGIN " + type + "-----\n" + body + "\n-----END " + type + "-----\n";
    }
}
