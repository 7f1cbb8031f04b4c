package io.mizani.bootstrap.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;

import io.mizani.bootstrap.common.NativeReflection;
import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * The native image only sees, by reflection, what is registered: a JSON record of the REST adapter that is not
 * nested in a registered holder would serialize as {@code {}} (or fail to bind) in the native build only, which
 * no JVM test notices.
 */
class NativeReflectionTest {

    /** Records of the REST adapter that never meet Jackson. */
    private static final Set<String> NOT_JSON = Set.of("io.mizani.adapter.rest.idempotency.IdempotencyFilter$Claimed");

    @Test
    void every_json_record_of_the_rest_adapter_is_registered_for_reflection() {
        Set<String> holders = Set.of(NativeReflection.class.getAnnotation(RegisterForReflection.class).classNames());
        List<String> missing = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("io.mizani.adapter.rest").stream()
                .filter(JavaClass::isRecord)
                .filter(c -> !c.getName().contains("archfixture") && !NOT_JSON.contains(c.getName()))
                .filter(c -> !holders.contains(topLevel(c).getName()))
                .map(JavaClass::getName).sorted().toList();
        assertEquals(List.of(), missing, "add the enclosing class to NativeReflection's targets");
    }

    @Test
    void the_team_kyc_json_columns_are_registered() {
        Set<String> stored = names(NativeReflection.StoredJson.class.getAnnotation(RegisterForReflection.class).targets());
        List<String> missing = new ClassFileImporter().importPackages("io.mizani.domain.teamkyc").stream()
                .filter(JavaClass::isRecord)
                .filter(c -> c.getSimpleName().endsWith("Information") || c.getSimpleName().equals("TokenSnapshot"))
                .map(JavaClass::getName).filter(n -> !stored.contains(n)).sorted().toList();
        assertFalse(stored.isEmpty());
        assertEquals(List.of(), missing, "add the record to NativeReflection.StoredJson");
    }

    private static JavaClass topLevel(JavaClass c) {
        JavaClass t = c;
        while (t.getEnclosingClass().isPresent()) {
            t = t.getEnclosingClass().get();
        }
        return t;
    }

    private static Set<String> names(Class<?>[] classes) {
        return Arrays.stream(classes).map(Class::getName).collect(Collectors.toSet());
    }
}
