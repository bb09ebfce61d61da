package io.stele.app.rules.protobuf;

import static org.assertj.core.api.Assertions.assertThat;

import io.stele.app.rules.Incompatibility;
import io.stele.app.rules.ResolvedReferences;
import io.stele.app.rules.ResolvedReferences.Named;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link ProtobufSupport#readerIncompatibilities} of files that import the files of other subjects:
 * an imported file given in another version by each side is compared too.
 */
class ProtobufReferencesTest {

    private final ProtobufSupport support = new ProtobufSupport();

    private static final String ORDER = "syntax = \"proto3\";\npackage shop;\nimport \"shop/address.proto\";\n"
            + "message Order { int64 id = 1; Address ship_to = 2; }\n";

    private static ResolvedReferences address(String zipType) {
        return new ResolvedReferences(List.of(new Named(
                "shop/address.proto",
                "syntax = \"proto3\";\npackage shop;\nmessage Address { " + zipType + " zip = 1; }\n")));
    }

    @Test
    void aChangeInAnImportedFile_isReportedThere() {
        assertThat(support.readerIncompatibilities(ORDER, address("double"), ORDER, address("string")))
                .containsExactly(new Incompatibility(
                        "Address.zip (field 1) in shop/address.proto",
                        "type changed from string to double, which is not wire-compatible"));
    }

    @Test
    void theSameImportedFile_orOneOnlyOneSideImports_addsNothing() {
        assertThat(support.readerIncompatibilities(ORDER, address("string"), ORDER, address("string")))
                .isEmpty();
        assertThat(support.readerIncompatibilities(ORDER, address("bytes"), ORDER, ResolvedReferences.NONE))
                .isEmpty();
    }
}
