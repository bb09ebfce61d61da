package io.stele.app;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.belongToAnyOf;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import io.stele.storage.sql.ReplicaState;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The rules the code's layout keeps, read from the compiled classes: the application's feature
 * packages depend on each other in one direction only, the application names no backend, no
 * backend names the application, and the Kafka log reaches the SQL backend through its local state
 * alone (docs/architecture.md).
 */
class ArchitectureTest {

    private static JavaClasses classes;

    @BeforeAll
    static void importClasses() {
        classes = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("io.stele");
    }

    /** Each package directly under {@code io.stele.app}, with its sub-packages, is one slice. */
    @Test
    void appFeaturePackages_dependOnEachOther_withoutCycles() {
        slices().matching("io.stele.app.(*)..")
                .should()
                .beFreeOfCycles()
                .because("a package that two others reach through each other cannot change alone")
                .check(classes);
    }

    @Test
    void app_namesNoBackend_onlyTheStorageSpi() {
        noClasses()
                .that()
                .resideInAPackage("io.stele.app..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(
                        "io.stele.storage.sql..", "io.stele.storage.kafka..", "io.stele.storage.infinispan..")
                .because("a backend is picked by configuration and reached through storage-api alone")
                .check(classes);
    }

    @Test
    void storageSpiAndBackends_neverNameTheApplication() {
        noClasses()
                .that()
                .resideInAPackage("io.stele.storage..")
                .should()
                .dependOnClassesThat()
                .resideInAPackage("io.stele.app..")
                .because("backend code never imports app")
                .check(classes);
    }

    @Test
    void kafkaLog_reachesTheSqlBackend_throughReplicaStateAlone() {
        noClasses()
                .that()
                .resideInAPackage("io.stele.storage.kafka..")
                .should()
                .dependOnClassesThat(
                        resideInAPackage("io.stele.storage.sql..").and(not(belongToAnyOf(ReplicaState.class))))
                .because("the SQL backend's tables, statements and H2's catalogue are its own to change")
                .check(classes);
    }
}
