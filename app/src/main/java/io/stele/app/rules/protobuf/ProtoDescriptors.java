package io.stele.app.rules.protobuf;

import com.google.protobuf.DescriptorProtos.FileDescriptorProto;
import com.google.protobuf.InvalidProtocolBufferException;
import com.squareup.wire.schema.CoreLoader;
import com.squareup.wire.schema.ErrorCollector;
import com.squareup.wire.schema.Linker;
import com.squareup.wire.schema.Loader;
import com.squareup.wire.schema.Location;
import com.squareup.wire.schema.ProtoFile;
import com.squareup.wire.schema.Schema;
import com.squareup.wire.schema.internal.SchemaEncoder;
import com.squareup.wire.schema.internal.parser.ProtoParser;
import io.stele.app.rules.InvalidContentException;
import io.stele.app.rules.ParserMessages;
import io.stele.app.rules.ResolvedReferences;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * A Protobuf schema as a {@code FileDescriptorProto}, the binary form Confluent's Python and
 * JavaScript serializers send and ask for ({@code format=serialized}), base64-encoded. The registry
 * keeps {@code .proto} text: a descriptor is printed as text when it arrives ({@link
 * DescriptorText}) and the text is compiled into a descriptor when one is asked for, with Wire's
 * linker and encoder. Stateless and thread-safe.
 */
public final class ProtoDescriptors {

    /** The name a schema's own file has in the descriptor the registry makes of it, as in Confluent. */
    static final String FILE_NAME = "default";

    /** Base64's alphabet alone: never a {@code .proto} file, which needs punctuation to declare anything. */
    private static final Pattern BASE64 = Pattern.compile("[A-Za-z0-9+/]+={0,2}");

    /** Protobuf's well-known files that Wire does not carry, parsed once. */
    private static final Map<String, ProtoFile> WELL_KNOWN = new ConcurrentHashMap<>();

    private ProtoDescriptors() {}

    /** Whether a Protobuf schema is sent as a base64 descriptor rather than as {@code .proto} text. */
    public static boolean isBase64(String schema) {
        return BASE64.matcher(schema.strip()).matches();
    }

    /**
     * The {@code .proto} text of a base64-encoded {@code FileDescriptorProto}.
     *
     * @throws InvalidContentException when it is not one, or declares what text cannot (editions,
     *     groups)
     */
    public static String text(String base64) {
        FileDescriptorProto file;
        try {
            file = FileDescriptorProto.parseFrom(Base64.getDecoder().decode(base64.strip()));
        } catch (IllegalArgumentException | InvalidProtocolBufferException e) {
            throw new InvalidContentException(
                    "Invalid Protobuf schema: it is neither .proto text nor a base64-encoded FileDescriptorProto.", e);
        }
        return DescriptorText.print(file);
    }

    /**
     * The base64-encoded {@code FileDescriptorProto} of {@code .proto} text, named {@value
     * #FILE_NAME}, whose imports are found among {@code references} (by the names they are
     * referenced by) and Protobuf's own well-known files.
     *
     * @throws InvalidContentException when the text does not compile: a syntax error, a type no file
     *     defines, an import that is neither referenced nor well known
     */
    public static String base64(String content, ResolvedReferences references) {
        Map<String, ProtoFile> imports = new HashMap<>();
        for (ResolvedReferences.Named reference : references.inOrder()) {
            imports.put(reference.name(), parse(reference.name(), reference.text()));
        }
        try {
            ProtoFile root = parse(FILE_NAME, content);
            ErrorCollector errors = new ErrorCollector();
            Schema schema = new Linker(new Imports(imports, errors), errors, true, false).link(List.of(root));
            errors.throwIfNonEmpty();
            ProtoFile linked = schema.protoFile(FILE_NAME);
            if (linked == null) { // the linker keeps the file it was given; said for the reader
                throw new IllegalStateException("the linked schema lacks its own file");
            }
            byte[] encoded = new SchemaEncoder(schema).encode(linked).toByteArray();
            return Base64.getEncoder().encodeToString(encoded);
        } catch (InvalidContentException e) {
            throw e;
        } catch (RuntimeException e) { // Wire reports what does not link as IllegalStateException or SchemaException
            throw new InvalidContentException(
                    "Invalid Protobuf schema: cannot compile it into a descriptor: " + ParserMessages.of(e), e);
        }
    }

    private static ProtoFile parse(String path, String content) {
        try {
            return ProtoFile.Companion.get(ProtoParser.Companion.parse(Location.get(path), content));
        } catch (RuntimeException e) {
            throw new InvalidContentException("Invalid Protobuf schema '" + path + "': " + ParserMessages.of(e), e);
        }
    }

    /**
     * The referenced files by their import paths, then Protobuf's own: those Wire has, and the other
     * well-known files from protobuf-java's jar.
     */
    private record Imports(Map<String, ProtoFile> files, ErrorCollector errors) implements Loader {

        @Override
        public ProtoFile load(String path) {
            ProtoFile file = files.get(path);
            if (file != null) {
                return file;
            }
            try {
                return CoreLoader.INSTANCE.load(path);
            } catch (IllegalStateException notWires) {
                return WELL_KNOWN.computeIfAbsent(path, Imports::wellKnown);
            }
        }

        private static ProtoFile wellKnown(String path) {
            try (InputStream in = path.startsWith("google/protobuf/")
                    ? ProtoDescriptors.class.getClassLoader().getResourceAsStream(path)
                    : null) {
                if (in == null) {
                    throw new InvalidContentException("Invalid Protobuf schema: it imports '" + path
                            + "', which is neither one of its references nor one of Protobuf's own files.");
                }
                return parse(path, new String(in.readAllBytes(), StandardCharsets.UTF_8));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        public Loader withErrors(ErrorCollector errors) {
            return new Imports(files, errors);
        }
    }
}
