package io.mizani.domain.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import io.mizani.domain.billing.ChargeStatus;
import io.mizani.domain.team.TeamStatus;

class WireNameTest {

    private enum Twice implements WireName {
        ONE, TWO;

        @Override
        public String wire() {
            return "same";
        }
    }

    private enum WithStart implements WireName {
        START(null), DONE("done");

        private final String wire;

        WithStart(String wire) {
            this.wire = wire;
        }

        @Override
        public String wire() {
            return wire;
        }
    }

    @Test
    void findsAMemberByItsExactSpellingOnly() {
        assertEquals(Optional.of(TeamStatus.DELETED), WireName.find(TeamStatus.class, "deleted"));
        assertEquals(Optional.empty(), WireName.find(TeamStatus.class, "Deleted"));
        assertEquals(Optional.empty(), WireName.find(TeamStatus.class, " deleted"));
        assertEquals(Optional.empty(), WireName.find(TeamStatus.class, "DELETED"));
        assertEquals(Optional.empty(), WireName.find(TeamStatus.class, null));
        assertEquals(Optional.empty(), WireName.find(TeamStatus.class, ""));
    }

    @Test
    void aMemberWithoutASpellingIsNeverFound() {
        assertEquals(Optional.of(WithStart.DONE), WireName.find(WithStart.class, "done"));
        assertEquals(Optional.empty(), WireName.find(WithStart.class, null));
        assertEquals(Optional.empty(), WireName.find(ChargeStatus.class, null));
        assertEquals(Optional.empty(), WireName.find(ChargeStatus.class, "none"));
    }

    @Test
    void twoMembersSpelledAlikeAreRefused() {
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> WireName.find(Twice.class, "same"));
        assertTrue(e.getMessage().endsWith("spells two members same"), e.getMessage());
    }

    /** Every enum of the domain that has a wire name implements WireName, and each member is found by its own. */
    @Test
    void everyWireEnumOfTheDomainRoundTrips() throws Exception {
        List<Class<?>> wireEnums = new ArrayList<>();
        for (Class<?> type : domainEnums()) {
            Method wire = wireMethod(type);
            if (wire == null) {
                continue;
            }
            assertTrue(WireName.class.isAssignableFrom(type), type.getName() + " has wire() but is not a WireName");
            wireEnums.add(type);
            for (Object member : type.getEnumConstants()) {
                String spelling = ((WireName) member).wire();
                if (spelling != null) {
                    assertEquals(Optional.of(member), find(type, spelling), type.getName() + "." + member);
                    if (!spelling.equals(spelling.toUpperCase(Locale.ROOT))) {
                        assertFalse(find(type, spelling.toUpperCase(Locale.ROOT)).isPresent(), spelling);
                    }
                }
            }
        }
        assertTrue(wireEnums.size() >= 30, "found only " + wireEnums);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Optional<Object> find(Class<?> type, String spelling) {
        return (Optional) WireName.find((Class) type, spelling);
    }

    private static Method wireMethod(Class<?> type) {
        try {
            Method m = type.getMethod("wire");
            return m.getReturnType() == String.class ? m : null;
        } catch (NoSuchMethodException e) {
            return null;
        }
    }

    private static List<Class<?>> domainEnums() throws IOException, ClassNotFoundException {
        Path classes = Path.of("target/classes");
        List<Class<?>> enums = new ArrayList<>();
        try (Stream<Path> files = Files.walk(classes)) {
            for (Path p : files.filter(f -> f.toString().endsWith(".class")).toList()) {
                String name = classes.relativize(p).toString().replace('/', '.').replaceAll("\\.class$", "");
                Class<?> type = Class.forName(name, false, WireNameTest.class.getClassLoader());
                if (type.isEnum()) {
                    enums.add(type);
                }
            }
        }
        return enums;
    }
}
