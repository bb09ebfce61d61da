package io.stele.app.apicurio.v1;

import io.stele.app.apicurio.v2.RegistryV2ManageApiTest;
import io.stele.app.apicurio.v2.RegistryV2SearchApiTest;
import io.stele.app.apicurio.v3.RegistryArtifactsApiTest;
import io.stele.app.apicurio.v3.RegistryDryRunApiTest;
import io.stele.app.apicurio.v3.RegistryGroupsApiTest;
import io.stele.app.apicurio.v3.RegistryReferencedContentApiTest;
import io.stele.app.apicurio.v3.RegistryRulesApiTest;
import io.stele.app.apicurio.v3.RegistrySearchArtifactsApiTest;
import io.stele.app.ccompat.ConfluentApiTest;
import io.stele.app.ccompat.ConfluentFidelityTest;
import io.stele.app.ccompat.ConfluentModeTest;
import io.stele.app.ccompat.ConfluentProtobufTest;
import io.stele.app.ccompat.ConfluentReferencesTest;
import io.stele.app.ccompat.ConfluentSubjectsTest;
import io.stele.app.transfer.TransferApiTest;
import org.junit.jupiter.api.Nested;

/**
 * Every REST suite, unchanged, on the backend that a subclass names with {@code @TestProfile}: a
 * backend runs them all with one empty class, {@code @QuarkusTest @TestProfile(OnX.class) class
 * RestApiOnXIT extends RestSuites {}}.
 *
 * <p>The suites run as {@code @Nested} classes, which take the enclosing class's test profile, so
 * Quarkus starts the application once for all of them. A nested class must not name a profile of its
 * own: Quarkus runs nested classes in their enclosing class's application.
 */
public abstract class RestSuites {

    @Nested
    class Artifacts extends ArtifactsApiTest {}

    @Nested
    class CompatibilityLevels extends CompatibilityLevelsTest {}

    @Nested
    class Confluent extends ConfluentApiTest {}

    @Nested
    class ConfluentFidelity extends ConfluentFidelityTest {}

    @Nested
    class ConfluentModes extends ConfluentModeTest {}

    @Nested
    class ConfluentProtobuf extends ConfluentProtobufTest {}

    @Nested
    class ConfluentReferences extends ConfluentReferencesTest {}

    @Nested
    class ConfluentSubjects extends ConfluentSubjectsTest {}

    @Nested
    class ContentLookup extends ContentLookupTest {}

    @Nested
    class Rules extends RulesApiTest {}

    @Nested
    class Search extends SearchApiTest {}

    @Nested
    class States extends StatesApiTest {}

    @Nested
    class Transfer extends TransferApiTest {}

    @Nested
    class RegistryArtifacts extends RegistryArtifactsApiTest {}

    @Nested
    class RegistryRules extends RegistryRulesApiTest {}

    @Nested
    class RegistryReferencedContent extends RegistryReferencedContentApiTest {}

    @Nested
    class RegistryDryRuns extends RegistryDryRunApiTest {}

    @Nested
    class RegistryV2Search extends RegistryV2SearchApiTest {}

    @Nested
    class RegistrySearchArtifacts extends RegistrySearchArtifactsApiTest {}

    @Nested
    class RegistryGroups extends RegistryGroupsApiTest {}

    @Nested
    class RegistryV2Manage extends RegistryV2ManageApiTest {}
}
