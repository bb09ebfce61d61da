package io.stele.storage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ContentTest {

    private static final byte[] TEXT = "{\"type\":\"string\"}".getBytes(StandardCharsets.UTF_8);

    @Test
    void ofType_givesEachTypeItsOwnIdentity_andAvroTheBareOne() {
        Set<String> identities = new HashSet<>();
        for (ArtifactType type : ArtifactType.values()) {
            identities.add(Content.of(TEXT).ofType(type).sha256());
        }
        assertThat(identities).hasSize(ArtifactType.values().length);
        assertThat(Content.of(TEXT).ofType(ArtifactType.AVRO)).isEqualTo(Content.of(TEXT));
        List<SchemaReference> references = List.of(new SchemaReference("a.proto", "a", 1));
        assertThat(Content.of(TEXT, references).ofType(ArtifactType.AVRO)).isEqualTo(Content.of(TEXT, references));
        assertThat(Content.of(TEXT, references).ofType(ArtifactType.PROTOBUF).sha256())
                .isNotEqualTo(Content.of(TEXT).ofType(ArtifactType.PROTOBUF).sha256());
    }

    @Test
    void withIdentity_acceptsTheIdentityOfAnyType_andNothingElse() {
        List<SchemaReference> references = List.of(new SchemaReference("a.json", "a", 2));
        for (ArtifactType type : ArtifactType.values()) {
            Content typed = Content.of(TEXT, references).ofType(type);
            assertThat(Content.withIdentity(TEXT, references, typed.sha256())).isEqualTo(typed);
        }
        String other = Content.of("{}").sha256();
        assertThatThrownBy(() -> Content.withIdentity(TEXT, references, other))
                .isInstanceOf(InvalidRequestException.class);
        assertThatThrownBy(() -> Content.withIdentity(
                        TEXT, List.of(), Content.of(TEXT, references).sha256()))
                .isInstanceOf(InvalidRequestException.class);
    }

    @Test
    void typeOfIdentity_isTheTypeTheContentWasStoredAs_andEmptyForAForeignHash() {
        List<SchemaReference> references = List.of(new SchemaReference("a.json", "a", 2));
        for (ArtifactType type : ArtifactType.values()) {
            assertThat(Content.of(TEXT, references).ofType(type).typeOfIdentity())
                    .contains(type);
            assertThat(Content.of(TEXT).ofType(type).typeOfIdentity()).contains(type);
        }
        assertThat(new Content(TEXT, Content.of("{}").sha256()).typeOfIdentity())
                .isEmpty();
    }
}
