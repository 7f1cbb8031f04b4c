package io.mizani.bootstrap.apikeys;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;

import io.mizani.adapter.rest.tenancy.EndpointScopes;
import jakarta.ws.rs.Path;

/**
 * Every JAX-RS resource method of the service under {@code /api/v1}, {@code /api/v2} and {@code /api/global}, found
 * in the compiled resources (not in a list someone keeps): what the scope table must cover.
 */
final class MerchantEndpoints {

    static final List<String> SURFACES = List.of("/api/v1/", "/api/v2/", "/api/global/");

    /** One resource method: its HTTP method and path template as written on the resource. */
    record Endpoint(String method, String template, String javaName) {
        String key() {
            return EndpointScopes.key(method, template);
        }

        /** The template with every parameter filled by {@code value}. */
        String path(String value) {
            return EndpointScopes.key(method, template).substring(method.length() + 1).replace("{}", value);
        }
    }

    private MerchantEndpoints() {
    }

    static List<Endpoint> all() {
        List<Endpoint> out = new ArrayList<>();
        for (JavaClass jc : new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("io.mizani.adapter.rest")) {
            if (!jc.isAnnotatedWith(Path.class)) {
                continue;
            }
            Class<?> c = jc.reflect();
            for (Method m : c.getDeclaredMethods()) {
                String http = EndpointScopes.httpMethod(m);
                if (http == null) {
                    continue;
                }
                String template = EndpointScopes.template(c, m);
                String path = EndpointScopes.key(http, template).substring(http.length() + 1) + "/";
                if (SURFACES.stream().anyMatch(path::startsWith)) {
                    out.add(new Endpoint(http, template, c.getSimpleName() + "." + m.getName()));
                }
            }
        }
        out.sort(Comparator.comparing(Endpoint::key));
        return out;
    }
}
