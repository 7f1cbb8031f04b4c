package io.mizani.application.common;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Method;
import java.lang.reflect.Parameter;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 27: no port takes two adjacent untyped ids. Walks every interface under {@code io.mizani.application} and
 * fails on a method with two neighbouring {@code long}/{@code Long} parameters both named as ids ({@code id} or
 * {@code ...Id}): a swap of those two compiles. Type one of them ({@code AccountId}, {@code UserId},
 * {@code PaymentId}, {@code RefundId}, {@code BeneficiaryId}...). Parameter names come from {@code -parameters}.
 */
class TypedIdsAtPortsTest {

    private static final String ROOT = "io.mizani.application";

    /** Methods allowed two adjacent untyped ids, as {@code SimpleBinaryName.method}, each with its reason: none. */
    private static final Set<String> ALLOWED = Set.of();

    @Test
    void noPortTakesTwoAdjacentUntypedIds() {
        List<Class<?>> interfaces = applicationClasses().stream().filter(Class::isInterface).toList();
        assertTrue(interfaces.size() > 50, "found only " + interfaces.size() + " interfaces under " + ROOT);

        Set<String> offenders = new TreeSet<>();
        Set<String> allowedSeen = new TreeSet<>();
        for (Class<?> type : interfaces) {
            for (Method method : type.getDeclaredMethods()) {
                if (method.isSynthetic()) {
                    continue;
                }
                String adjacent = adjacentIds(method);
                if (adjacent == null) {
                    continue;
                }
                String key = shortName(type) + "." + method.getName();
                if (ALLOWED.contains(key)) {
                    allowedSeen.add(key);
                } else {
                    offenders.add(type.getName() + "." + method.getName() + adjacent);
                }
            }
        }
        assertEquals(Set.of(), offenders, "ports taking two adjacent untyped ids (a swap compiles); type them "
                + "with AccountId, UserId, PaymentId, RefundId, BeneficiaryId... (docs/conventions.md)");
        assertEquals(ALLOWED, allowedSeen, "an allowed method is typed now or gone: drop it from ALLOWED");
    }

    /** The first pair of adjacent untyped ids, as {@code (long a, long b)}; null when there is none. */
    private static String adjacentIds(Method method) {
        Parameter[] params = method.getParameters();
        for (int i = 0; i + 1 < params.length; i++) {
            Parameter a = params[i];
            Parameter b = params[i + 1];
            assertTrue(a.isNamePresent(), "compile application with -parameters (" + method + ")");
            if (untypedId(a) && untypedId(b)) {
                return "(" + a.getType().getSimpleName() + " " + a.getName() + ", " + b.getType().getSimpleName()
                        + " " + b.getName() + ")";
            }
        }
        return null;
    }

    private static boolean untypedId(Parameter p) {
        boolean longish = p.getType() == long.class || p.getType() == Long.class;
        return longish && (p.getName().equals("id") || p.getName().endsWith("Id"));
    }

    static String shortName(Class<?> type) {
        return type.getName().substring(type.getPackageName().length() + 1);
    }

    /** Every class of the application module (where {@link UnitOfWork} was loaded from: main classes, no tests). */
    static List<Class<?>> applicationClasses() {
        return classesBeside(UnitOfWork.class, ROOT);
    }

    /** Every class under package {@code root} of the classes directory or jar {@code anchor} was loaded from. */
    static List<Class<?>> classesBeside(Class<?> anchor, String root) {
        String dir = root.replace('.', '/');
        List<String> names = new ArrayList<>();
        try {
            Path location = Path.of(anchor.getProtectionDomain().getCodeSource().getLocation().toURI());
            if (Files.isDirectory(location)) {
                try (Stream<Path> files = Files.walk(location.resolve(dir))) {
                    files.map(f -> location.relativize(f).toString().replace('\\', '/')).forEach(names::add);
                }
            } else {
                try (JarFile jar = new JarFile(location.toFile())) {
                    jar.stream().map(JarEntry::getName).filter(n -> n.startsWith(dir)).forEach(names::add);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
        List<Class<?>> classes = new ArrayList<>();
        for (String name : names) {
            if (name.endsWith(".class") && !name.endsWith("package-info.class")) {
                String binary = name.substring(0, name.length() - ".class".length()).replace('/', '.');
                try {
                    classes.add(Class.forName(binary, false, TypedIdsAtPortsTest.class.getClassLoader()));
                } catch (ClassNotFoundException e) {
                    throw new IllegalStateException(e);
                }
            }
        }
        return classes;
    }
}
