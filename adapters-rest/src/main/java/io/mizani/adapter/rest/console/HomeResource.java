package io.mizani.adapter.rest.console;

import java.util.LinkedHashMap;
import java.util.Map;

import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.openapi.annotations.Operation;

import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import jakarta.annotation.security.PermitAll;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;

/**
 * The service's root: a small page pointing to the docs UI, the operator console and the health endpoints. A browser
 * (Accept naming text/html) gets HTML, rendered from a Qute template; any other client (curl's {@code *}/{@code *},
 * a JSON client) gets the same links as JSON.
 */
@Path("/")
@PermitAll
public class HomeResource {

    private static final Map<String, String> LINKS = new LinkedHashMap<>();

    static {
        Map<String, String> links = LINKS;
        links.put("swagger_ui", "/q/swagger-ui");
        links.put("openapi", "/q/openapi");
        links.put("console", "/console");
        links.put("health", "/q/health");
        links.put("ready", "/q/health/ready");
        links.put("live", "/q/health/live");
        links.put("metrics", "/q/metrics");
    }

    /**
     * The page ({@code templates/HomeResource/home.html} inside {@code templates/public-layout.html}); in sandbox
     * mode it carries the demo merchant's first three calls against {@code base} and the test values that steer the
     * sandbox providers (platform.md sections 5 and 7), the same values docs/api-guide.md gives.
     */
    @CheckedTemplate
    static class Templates {
        static native TemplateInstance home(boolean sandbox, String base);
    }

    @ConfigProperty(name = "mizani.mode", defaultValue = "sandbox")
    String mode;

    @GET
    @Operation(hidden = true)
    public Response home(@HeaderParam("Accept") String accept, @Context UriInfo uri) {
        String m = "live".equals(mode) ? "live" : "sandbox";
        if (accept == null || !accept.toLowerCase(java.util.Locale.ROOT).contains("text/html")) {
            Map<String, Object> body = new LinkedHashMap<>();
            body.put("service", "mizani");
            body.put("mode", m);
            body.put("links", LINKS);
            return Response.ok(body, MediaType.APPLICATION_JSON).header("Vary", "Accept").build();
        }
        return Html.secure(Response.ok()).header("Vary", "Accept")
                .entity(Templates.home("sandbox".equals(m), base(uri)).render()).build();
    }

    /** This service's address as the browser reached it, for examples that run as pasted. */
    private static String base(UriInfo uri) {
        String b = uri.getBaseUri().toString();
        return b.endsWith("/") ? b.substring(0, b.length() - 1) : b;
    }
}
