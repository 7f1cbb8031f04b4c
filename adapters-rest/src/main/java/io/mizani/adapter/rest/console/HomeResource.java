package io.mizani.adapter.rest.console;

import java.util.LinkedHashMap;
import java.util.Map;

import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.openapi.annotations.Operation;

import jakarta.annotation.security.PermitAll;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/**
 * The service's root: a small page pointing to the docs UI, the operator console and the health endpoints. A browser
 * (Accept naming text/html) gets HTML; any other client (curl's {@code *}/{@code *}, a JSON client) gets the same
 * links as JSON.
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

    @ConfigProperty(name = "mizani.mode", defaultValue = "sandbox")
    String mode;

    @GET
    @Operation(hidden = true)
    public Response home(@HeaderParam("Accept") String accept) {
        String m = "live".equals(mode) ? "live" : "sandbox";
        if (accept == null || !accept.toLowerCase(java.util.Locale.ROOT).contains("text/html")) {
            Map<String, Object> body = new LinkedHashMap<>();
            body.put("service", "mizani");
            body.put("mode", m);
            body.put("links", LINKS);
            return Response.ok(body, MediaType.APPLICATION_JSON).header("Vary", "Accept").build();
        }
        String sandbox = "sandbox".equals(m) ? """
                <p class="notice" id="mode">This service runs in <strong>sandbox mode</strong>: no real money moves and no real
                identity is checked. The demo merchant's API login is <code>demo</code> / <code>demo-secret</code>.</p>""" : "";
        String body = """
                <h1>Mizani</h1>
                <p>Identity verification, Team KYC and pan-African payments.</p>%s
                <section class="card"><h2>Start here</h2><ul class="links">
                <li><a id="swagger_ui" href="/q/swagger-ui">API docs (Swagger UI)</a>: every endpoint, try it with your API credentials.</li>
                <li><a id="openapi" href="/q/openapi">OpenAPI document</a>: generate a client in your language.</li>
                <li><a id="console" href="/console">Operator console</a>: merchants, Teams, credentials, balances, KYC review, payments and events (operator login).</li>
                </ul></section>
                <section class="card"><h2>Health</h2><ul class="links">
                <li><a id="health" href="/q/health">Health</a> · <a id="ready" href="/q/health/ready">readiness</a> · <a id="live" href="/q/health/live">liveness</a></li>
                <li><a id="metrics" href="/q/metrics">Prometheus metrics</a></li>
                </ul></section>""".formatted(sandbox);
        return Html.secure(Response.ok()).header("Vary", "Accept").entity(Html.page("Mizani", null, null, body)).build();
    }
}
