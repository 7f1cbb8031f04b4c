package io.mizani.application.common;

import org.junit.jupiter.api.Test;

import java.lang.reflect.Method;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.lang.reflect.WildcardType;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 27: no {@code BigDecimal} amount crosses a port. Walks every interface under {@code io.mizani.application}
 * and fails naming each method that takes or returns a {@code BigDecimal} (also inside a generic type:
 * {@code Map<Long, BigDecimal>}, {@code Optional<BigDecimal>}), and each record nested in such an interface with a
 * {@code BigDecimal} component. Carry {@code Money} instead (USD values as {@code Money} in USD).
 */
class MoneyAtPortsTest {

    /**
     * What may still carry a bare amount, as {@code SimpleBinaryName.member}, each with its reason. Empty: every
     * amount at the ports is {@code Money} (issue 27); an entry needs a reason that it is not an amount.
     */
    private static final Map<String, String> ALLOWED = Map.of();

    @Test
    void noPortCarriesABareAmount() {
        List<Class<?>> interfaces = TypedIdsAtPortsTest.applicationClasses().stream().filter(Class::isInterface)
                .toList();
        assertTrue(interfaces.size() > 50, "found only " + interfaces.size() + " interfaces");

        Set<String> offenders = new TreeSet<>();
        Set<String> allowedSeen = new TreeSet<>();
        for (Class<?> type : interfaces) {
            for (Method method : type.getDeclaredMethods()) {
                if (!method.isSynthetic() && carriesAmount(method)) {
                    judge(TypedIdsAtPortsTest.shortName(type) + "." + method.getName(), offenders, allowedSeen);
                }
            }
            for (Class<?> nested : type.getDeclaredClasses()) {
                if (!nested.isRecord()) {
                    continue;
                }
                for (RecordComponent c : nested.getRecordComponents()) {
                    if (mentionsBigDecimal(c.getGenericType())) {
                        judge(TypedIdsAtPortsTest.shortName(nested) + "." + c.getName(), offenders, allowedSeen);
                    }
                }
            }
        }
        assertEquals(Set.of(), offenders, "bare BigDecimal amounts at the ports: carry Money (docs/conventions.md)");
        assertEquals(ALLOWED.keySet(), allowedSeen, "an allowed member carries Money now or is gone: drop it from ALLOWED");
    }

    private static void judge(String key, Set<String> offenders, Set<String> allowedSeen) {
        if (ALLOWED.containsKey(key)) {
            allowedSeen.add(key);
        } else {
            offenders.add(key);
        }
    }

    private static boolean carriesAmount(Method method) {
        if (mentionsBigDecimal(method.getGenericReturnType())) {
            return true;
        }
        for (Type p : method.getGenericParameterTypes()) {
            if (mentionsBigDecimal(p)) {
                return true;
            }
        }
        return false;
    }

    /** {@code BigDecimal} itself or as a type argument, however deep. */
    private static boolean mentionsBigDecimal(Type type) {
        if (type == BigDecimal.class) {
            return true;
        }
        if (type instanceof ParameterizedType p) {
            for (Type arg : p.getActualTypeArguments()) {
                if (mentionsBigDecimal(arg)) {
                    return true;
                }
            }
        }
        if (type instanceof WildcardType w) {
            for (Type bound : w.getUpperBounds()) {
                if (mentionsBigDecimal(bound)) {
                    return true;
                }
            }
        }
        return false;
    }
}
