package io.mizani.adapter.rest.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.junit.jupiter.api.Test;

import jakarta.ws.rs.HttpMethod;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.HeaderParam;

/**
 * Every operation of the contract is documented on its resource method (docs/openapi.md): {@code @Operation} with an
 * operationId and a summary, a {@code @Tag} on the method or its class, an {@code @APIResponse} with a 2xx status, and
 * {@code @Parameter(description = ...)} on each path, query and header parameter. bootstrap's ContractFilter refuses
 * the same when the document is built, but only where Quarkus runs it (the {@code @QuarkusTest}s, the service's
 * start-up); this test holds it in adapters-rest's own test phase, before bootstrap is built or packaged.
 */
class ContractAnnotationsTest {

    /** Paths outside the contract, as bootstrap's {@code ContractFilter.NOT_CONTRACT} leaves them out of the document. */
    private static final List<String> NOT_CONTRACT = List.of("/providers/", "/api/providers/", "/checkout/", "/ping");

    @Test
    void every_contract_operation_is_documented_on_its_resource_method() throws Exception {
        // one operation per HTTP method and path: another method on them (the CSV form of a payout batch, told apart by
        // @Consumes) is the same operation, and one of them carries its annotations
        Map<String, List<Method>> operations = new TreeMap<>();
        for (Class<?> resource : resources()) {
            String base = path(resource.getAnnotation(jakarta.ws.rs.Path.class));
            for (Method m : resource.getDeclaredMethods()) {
                String http = httpMethod(m);
                if (http == null) {
                    continue;
                }
                String path = base + path(m.getAnnotation(jakarta.ws.rs.Path.class));
                Operation op = m.getAnnotation(Operation.class);
                if (op != null && op.hidden() || NOT_CONTRACT.stream().anyMatch(path::startsWith)) {
                    continue;
                }
                operations.computeIfAbsent(http + " " + path, k -> new ArrayList<>()).add(m);
            }
        }
        List<String> undocumented = new ArrayList<>();
        operations.forEach((operation, methods) -> {
            String key = operation + " (" + methods.stream().map(m -> m.getDeclaringClass().getSimpleName() + "."
                    + m.getName()).collect(Collectors.joining(", ")) + ")";
            if (methods.stream().map(m -> m.getAnnotation(Operation.class))
                    .noneMatch(op -> op != null && !op.operationId().isBlank() && !op.summary().isBlank())) {
                undocumented.add(key + ": no @Operation(operationId = ..., summary = ...)");
            }
            if (methods.stream().noneMatch(m -> m.getAnnotationsByType(Tag.class).length > 0
                    || m.getDeclaringClass().getAnnotationsByType(Tag.class).length > 0)) {
                undocumented.add(key + ": no @Tag on the method or its class");
            }
            if (methods.stream().flatMap(m -> Arrays.stream(m.getAnnotationsByType(APIResponse.class)))
                    .noneMatch(r -> r.responseCode().matches("2\\d\\d"))) {
                undocumented.add(key + ": no @APIResponse with its success status");
            }
            for (Method m : methods) {
                for (java.lang.reflect.Parameter p : m.getParameters()) {
                    String name = parameterName(p);
                    Parameter described = p.getAnnotation(Parameter.class);
                    if (name != null && (described == null || described.description().isBlank())) {
                        undocumented.add(key + ": parameter " + name + " has no @Parameter(description = ...)");
                    }
                }
            }
        });
        assertTrue(operations.size() >= 90, "found only " + operations.size() + " contract operations: is the scan "
                + "looking at the resources?");
        assertEquals(List.of(), undocumented, "contract operations without their OpenAPI annotations (docs/openapi.md)");
    }

    private static String parameterName(java.lang.reflect.Parameter p) {
        if (p.getAnnotation(PathParam.class) != null) {
            return p.getAnnotation(PathParam.class).value();
        }
        if (p.getAnnotation(QueryParam.class) != null) {
            return p.getAnnotation(QueryParam.class).value();
        }
        if (p.getAnnotation(HeaderParam.class) != null) {
            return p.getAnnotation(HeaderParam.class).value();
        }
        return null;
    }

    private static String httpMethod(Method m) {
        for (Annotation a : m.getAnnotations()) {
            HttpMethod http = a.annotationType().getAnnotation(HttpMethod.class);
            if (http != null) {
                return http.value();
            }
        }
        return null;
    }

    private static String path(jakarta.ws.rs.Path p) {
        if (p == null || p.value().isEmpty() || p.value().equals("/")) {
            return "";
        }
        String v = p.value().endsWith("/") ? p.value().substring(0, p.value().length() - 1) : p.value();
        return v.startsWith("/") ? v : "/" + v;
    }

    /** The main classes of this module with a class-level {@code @Path}, read from the compiled classes' directory. */
    private static List<Class<?>> resources() throws IOException, URISyntaxException, ClassNotFoundException {
        URL anchor = Requests.class.getResource("Requests.class");
        Path root = Path.of(anchor.toURI()).getParent().getParent(); // .../io/mizani/adapter/rest
        Path classes = root.getParent().getParent().getParent().getParent();
        List<Class<?>> found = new ArrayList<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path f : files.filter(f -> f.toString().endsWith(".class")).toList()) {
                String name = classes.relativize(f).toString().replace(f.getFileSystem().getSeparator(), ".");
                Class<?> c = Class.forName(name.substring(0, name.length() - ".class".length()), false,
                        ContractAnnotationsTest.class.getClassLoader());
                if (c.isAnnotationPresent(jakarta.ws.rs.Path.class)) {
                    found.add(c);
                }
            }
        }
        return found;
    }
}
