package io.mizani.bootstrap.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noMethods;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.CompositeArchRule;

import jakarta.enterprise.context.ApplicationScoped;

/**
 * The dependency direction of the hexagon. Every rule keeps failOnEmptyShould on (a rule over a package that does
 * not exist would pass vacuously), and each is shown to fail on a fixture that breaks it.
 */
class ArchitectureTest {

    static final ArchRule DOMAIN_IS_PURE_JAVA = classes().that().resideInAPackage("io.mizani.domain..")
            .should().onlyDependOnClassesThat().resideInAnyPackage("io.mizani.domain..", "java..", "javax.xml..")
            .allowEmptyShould(false)
            .because("the domain is a pure Java jar architects reuse");

    static final ArchRule APPLICATION_DEPENDS_ON_DOMAIN_ONLY = classes().that().resideInAPackage("io.mizani.application..")
            .should().onlyDependOnClassesThat().resideInAnyPackage("io.mizani.application..", "io.mizani.domain..", "java..")
            .allowEmptyShould(false)
            .because("use cases are plain Java: frameworks live in adapters");

    static final ArchRule ADAPTERS_ARE_INDEPENDENT = slices().matching("io.mizani.adapter.(*)..")
            .should().notDependOnEachOther()
            .allowEmptyShould(false);

    static final ArchRule NOTHING_DEPENDS_ON_BOOTSTRAP = noClasses().that().resideOutsideOfPackage("io.mizani.bootstrap..")
            .should().dependOnClassesThat().resideInAPackage("io.mizani.bootstrap..")
            .allowEmptyShould(false);

    /**
     * The pool enlists connections in no JTA transaction (quarkus.datasource.jdbc.transactions=disabled, ADR 0011): a
     * class that began one, or waited for its commit, would run its statements each in auto-commit, or its after-commit
     * work never. Transactions are the unit of work's ({@code common/Sql}).
     */
    static final ArchRule NO_TRANSACTION_MANAGER = noClasses().that().resideInAPackage("io.mizani..")
            .should().dependOnClassesThat().resideInAnyPackage("jakarta.transaction..", "javax.transaction..",
                    "io.quarkus.narayana..", "com.arjuna..")
            .allowEmptyShould(false)
            .because("transactions are plain JDBC ones through the unit of work (ADR 0011)");

    /**
     * The service's beans are {@code @Singleton}s: injected as themselves, with no client proxy between a caller and
     * its store or use case. A call through an {@code @ApplicationScoped} bean's proxy asks the application context for
     * the instance every time; those lookups were 4 % of the JVM's samples over a payment's life (issue 37,
     * docs/performance.md). Request-scoped beans keep their proxies: they need them.
     */
    static final ArchRule NO_APPLICATION_SCOPED_BEANS = CompositeArchRule
            .of(noClasses().that().resideInAPackage("io.mizani..").should().beAnnotatedWith(ApplicationScoped.class)
                    .allowEmptyShould(false))
            .and(noMethods().that().areDeclaredInClassesThat().resideInAPackage("io.mizani..")
                    .should().beAnnotatedWith(ApplicationScoped.class).allowEmptyShould(false))
            .because("a client proxy costs a context lookup on every call; the service's beans are @Singleton");

    private static final JavaClasses PRODUCTION = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("io.mizani");

    private static final JavaClasses FIXTURES = new ClassFileImporter()
            .importPackages("io.mizani.domain.archfixture", "io.mizani.adapter.rest.archfixture");

    @Test
    void domain_depends_on_the_jdk_only() {
        DOMAIN_IS_PURE_JAVA.check(PRODUCTION);
    }

    @Test
    void application_depends_on_the_domain_and_the_jdk_only() {
        APPLICATION_DEPENDS_ON_DOMAIN_ONLY.check(PRODUCTION);
    }

    @Test
    void adapters_do_not_depend_on_each_other() {
        ADAPTERS_ARE_INDEPENDENT.check(PRODUCTION);
    }

    @Test
    void nothing_depends_on_bootstrap() {
        NOTHING_DEPENDS_ON_BOOTSTRAP.check(PRODUCTION);
    }

    @Test
    void nothing_uses_a_transaction_manager() {
        NO_TRANSACTION_MANAGER.check(PRODUCTION);
    }

    @Test
    void the_services_beans_are_singletons_without_client_proxies() {
        NO_APPLICATION_SCOPED_BEANS.check(PRODUCTION);
    }

    @Test
    void each_rule_fails_on_a_class_that_breaks_it() {
        assertThrows(AssertionError.class, () -> DOMAIN_IS_PURE_JAVA.check(FIXTURES));
        assertThrows(AssertionError.class, () -> NOTHING_DEPENDS_ON_BOOTSTRAP.check(FIXTURES));
        JavaClasses emptyApplication = new ClassFileImporter().importPackages("io.mizani.application.nonexistent");
        assertThrows(AssertionError.class, () -> APPLICATION_DEPENDS_ON_DOMAIN_ONLY.check(emptyApplication));
        JavaClasses adapterFixture = new ClassFileImporter().importPackages("io.mizani.adapter.rest.archfixture",
                "io.mizani.adapter.persistence.team");
        assertThrows(AssertionError.class, () -> ADAPTERS_ARE_INDEPENDENT.check(adapterFixture));
        assertThrows(AssertionError.class, () -> NO_TRANSACTION_MANAGER.check(
                new ClassFileImporter().importPackages("io.mizani.adapter.persistence.archfixture")));
        // a bean class and a producer method each break the rule on their own
        assertThrows(AssertionError.class, () -> NO_APPLICATION_SCOPED_BEANS.check(new ClassFileImporter()
                .importClasses(io.mizani.adapter.persistence.archfixture.ProxiedBeanFixture.class)));
        assertThrows(AssertionError.class, () -> NO_APPLICATION_SCOPED_BEANS.check(new ClassFileImporter()
                .importClasses(io.mizani.adapter.persistence.archfixture.ProxiedProducerFixture.class)));
    }
}
