package io.mizani.bootstrap.apikeys;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.mizani.adapter.rest.tenancy.EndpointScopes;
import io.mizani.bootstrap.support.TestMerchants;
import io.mizani.bootstrap.support.TestMerchants.Merchant;
import io.mizani.domain.tenancy.Scope;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;

/**
 * The matrix endpoint × scope, driven by the scope table over every merchant endpoint the resources declare: each is
 * refused (403 {@code insufficient_scope} in its surface's shape, naming the scope) to a key holding every scope but
 * its own, and passes the edge for a key holding only its own (whatever the resource then answers: 200, 400, 404...).
 * {@code POST /api/global/payments} is judged by the body's request_type.
 */
@QuarkusTest
class ScopeMatrixTest {

    private static final HttpClient HTTP = HttpClient.newHttpClient();

    private final Map<Scope, ApiKeys.Key> only = new EnumMap<>(Scope.class);
    private final Map<Scope, ApiKeys.Key> allBut = new EnumMap<>(Scope.class);
    private final List<String> failures = new ArrayList<>();
    private Merchant owner;

    @Test
    void every_endpoint_is_refused_without_its_scope_and_passes_with_it() throws Exception {
        owner = TestMerchants.onboard();
        List<String> every = Arrays.stream(Scope.values()).map(Scope::wire).toList();
        for (Scope s : Scope.values()) {
            only.put(s, ApiKeys.create(owner, "only " + s.wire(), s.wire()));
            allBut.put(s, ApiKeys.create(owner.as(), "all but " + s.wire(),
                    every.stream().filter(w -> !w.equals(s.wire())).toList(), null));
        }
        int probed = 0;
        for (MerchantEndpoints.Endpoint e : MerchantEndpoints.all()) {
            var found = EndpointScopes.rule(e.method(), e.template());
            if (found.isEmpty()) {
                failures.add(e.key() + ": no row in EndpointScopes");
                refused(e, allBut.get(Scope.KYC_VERIFY), "{}",
                        "this API key lacks the scope this endpoint needs: only a credential holding every scope may call it");
                continue;
            }
            EndpointScopes.Rule rule = found.get();
            switch (rule) {
                case EndpointScopes.Needs n -> {
                    refused(e, allBut.get(n.scope()), "{}", "this API key lacks the scope " + n.scope().wire());
                    passes(e, only.get(n.scope()), "{}");
                }
                case EndpointScopes.ByRequestType b -> {
                    String collect = "{\"request_type\":\"payment\"}";
                    String payout = "{\"request_type\":\"withdrawal\"}";
                    refused(e, allBut.get(b.collect()), collect, "this API key lacks the scope payments:collect");
                    refused(e, only.get(b.payout()), collect, "this API key lacks the scope payments:collect");
                    passes(e, only.get(b.collect()), collect);
                    refused(e, allBut.get(b.payout()), payout, "this API key lacks the scope payments:payout");
                    refused(e, only.get(b.collect()), payout, "this API key lacks the scope payments:payout");
                    passes(e, only.get(b.payout()), payout);
                    // what the edge cannot read as a collection is judged as a payout
                    refused(e, only.get(b.collect()), "{\"request_type\":[\"payment\"]}",
                            "this API key lacks the scope payments:payout");
                    refused(e, only.get(b.collect()), "not json", "this API key lacks the scope payments:payout");
                    passes(e, only.get(b.collect()), "{\"request_type\":\" Payment \"}");
                }
                case EndpointScopes.Special s -> {
                    switch (s) {
                        case EVERY_SCOPE -> {
                            for (Scope missing : Scope.values()) {
                                refused(e, allBut.get(missing), "{}",
                                        "this API key lacks scopes: only a credential holding every scope may do this");
                            }
                            passes(e, null, "{\"name\":\"matrix\",\"scopes\":[\"kyc:read\"]}");
                        }
                        case ANY_CREDENTIAL -> {
                            for (Scope one : Scope.values()) {
                                passes(e, only.get(one), "{}");
                            }
                        }
                        case PUBLIC -> {
                            continue;
                        }
                    }
                }
            }
            probed++;
        }
        assertEquals(List.of(), failures);
        assertTrue(probed > 40, "probed only " + probed + " endpoints");
    }

    /** Refused at the edge, in the surface's error shape (REST Assured: the 403 is validated against the document). */
    private void refused(MerchantEndpoints.Endpoint e, ApiKeys.Key key, String body, String message) {
        var spec = key.as();
        if (!e.method().equals("GET") && !e.method().equals("DELETE")) {
            spec = spec.body(body);
        }
        Response r = spec.request(e.method(), e.path(pathValue(e)));
        JsonPath j = r.jsonPath();
        boolean kyc = e.template().startsWith("/api/v1/kyc");
        boolean ok = r.statusCode() == 403 && (kyc
                ? "insufficient_scope".equals(j.getString("reason")) && message.equals(j.getString("error"))
                : "insufficient_scope".equals(j.getString("error_code")) && message.equals(j.getString("error_message"))
                        && j.getInt("status_code") == 403);
        if (!ok) {
            failures.add(e.key() + " body " + body + " with " + key.issued().getList("api_key.scopes")
                    + ": expected 403 insufficient_scope \"" + message + "\", got " + r.statusCode() + " " + r.asString());
        }
    }

    /** Not refused for scope (the resource decides the rest). A null key: the owner's own credential. */
    private void passes(MerchantEndpoints.Endpoint e, ApiKeys.Key key, String body) throws Exception {
        String user = key == null ? owner.username() : key.username();
        String password = key == null ? owner.password() : key.password();
        String path = e.path(pathValue(e));
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://localhost:" + RestAssured.port + path))
                .header("Authorization", "Basic " + Base64.getEncoder().encodeToString(
                        (user + ":" + password).getBytes(StandardCharsets.UTF_8)))
                .header("Content-Type", "application/json");
        boolean hasBody = !e.method().equals("GET") && !e.method().equals("DELETE");
        b.method(e.method(), hasBody ? HttpRequest.BodyPublishers.ofString(body) : HttpRequest.BodyPublishers.noBody());
        HttpResponse<String> r = HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
        if (r.body().contains("insufficient_scope") || r.statusCode() == 401 || r.statusCode() >= 500) {
            failures.add(e.key() + " body " + body + " with " + (key == null ? "the owner's credential"
                    : key.issued().getList("api_key.scopes")) + ": expected to pass the edge, got " + r.statusCode()
                    + " " + r.body());
        }
    }

    /** A value for the path's parameters that names nothing (a check key where the check must exist). */
    private static String pathValue(MerchantEndpoints.Endpoint e) {
        return e.template().contains("/verify/") ? "national_id_ke" : "999999";
    }
}
