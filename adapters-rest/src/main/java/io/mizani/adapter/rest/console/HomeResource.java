package io.mizani.adapter.rest.console;

import java.util.LinkedHashMap;
import java.util.Map;

import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.openapi.annotations.Operation;

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
    public Response home(@HeaderParam("Accept") String accept, @Context UriInfo uri) {
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
                identity is checked. The demo merchant's API login is <code>demo</code> / <code>demo-secret</code>.</p>"""
                + quickStart(base(uri)) : "";
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
        return Html.secure(Response.ok()).header("Vary", "Accept").entity(Html.page("Mizani", body)).build();
    }

    /** This service's address as the browser reached it, for examples that run as pasted. */
    private static String base(UriInfo uri) {
        String b = uri.getBaseUri().toString();
        return b.endsWith("/") ? b.substring(0, b.length() - 1) : b;
    }

    /**
     * The sandbox's first three calls as the demo merchant, and the test values that steer the sandbox providers
     * (platform.md sections 5 and 7): the same values docs/api-guide.md gives, on the page a newcomer opens first.
     */
    static String quickStart(String base) {
        String b = Html.esc(base);
        return """
                <section class="card" id="quick-start"><h2>Quick start</h2>
                <p>Paste into a shell (needs <code>curl</code>); <code># -&gt; 200</code> is the status each call answers:</p>
                <pre tabindex="0"><code># 1. check the demo credential
                curl -s -u demo:demo-secret %1$s/api/v2/ping   # -> 200

                # 2. verify a Kenyan national ID (sandbox: ends in 00 = not verified, 99 = provider down)
                curl -s -u demo:demo-secret -H 'Content-Type: application/json' \\
                  %1$s/api/v1/kyc/verify/national_id_ke -d '{"number": "12345678"}'   # -> 200

                # 3. collect 100 KES over M-Pesa (the result is POSTed, signed, to callback_url)
                curl -s -u demo:demo-secret -H 'Content-Type: application/json' %1$s/api/global/payments -d '{
                  "request_type": "payment", "transaction_channel": "momo", "provider": "mpesa_ke", "amount": 100,
                  "currency": "KES", "country": "KE",
                  "customer": {"first_name": "Ada", "last_name": "Obi", "email": "ada@example.com", "phone": "+254712345678"},
                  "provider_config": {"network_id": "net_ke_mpesa", "provider_id": "mpesa_ke", "network_name": "M-Pesa",
                                      "network_code": "MPESA", "account_type": "momo"},
                  "payment_config": {"reference": "quick-start-'"$(date +%%s)"'", "account_number": "+254712345678", "remark": "order 1",
                                     "payment_category": "goods", "callback_url": "https://example.com/callbacks",
                                     "redirect_url": "https://example.com/done"}}'   # -> 200</code></pre>
                <h3>Sandbox test values</h3>
                <div class="scroll" tabindex="0" role="region" aria-label="Sandbox test values"><table>
                <thead><tr><th scope="col">What you send</th><th scope="col">What happens</th></tr></thead><tbody>
                <tr><td>A check's identifier ending in <code>00</code></td><td><code>not_verified</code>, charged</td></tr>
                <tr><td>… ending in <code>01</code></td><td><code>not_verified</code>, fee waived (refunded)</td></tr>
                <tr><td>… ending in <code>99</code> / <code>98</code></td><td>provider unavailable / times out: 502, refunded</td></tr>
                <tr><td>Any other identifier</td><td><code>verified</code>, charged</td></tr>
                <tr><td>A payment's <code>account_number</code> ending in <code>00</code></td><td><code>failed</code> (declined)</td></tr>
                <tr><td>… ending in <code>01</code></td><td>stays <code>pending</code></td></tr>
                <tr><td>Any other account number</td><td><code>succeeded</code> after 2 s</td></tr>
                <tr><td>Card <code>4242 4242 4242 4242</code> on the checkout page</td><td>succeeds</td></tr>
                <tr><td>Card <code>4000 0000 0000 0002</code></td><td>declined; the payer may try another card</td></tr>
                </tbody></table></div>
                <p>Every endpoint, with its fields: <a href="/q/swagger-ui">API docs</a>.</p></section>""".formatted(b);
    }
}
