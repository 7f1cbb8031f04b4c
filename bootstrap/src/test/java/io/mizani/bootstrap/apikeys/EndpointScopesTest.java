package io.mizani.bootstrap.apikeys;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

import io.mizani.adapter.rest.tenancy.EndpointScopes;

/**
 * The scope table covers every merchant endpoint: a resource method under /api/v1, /api/v2 or /api/global without a
 * row in {@link EndpointScopes} fails this test, which names it (without a row a scoped key is refused there, so the
 * service fails closed, but the table is the contract of docs/api-keys.md).
 */
class EndpointScopesTest {

    @Test
    void every_merchant_endpoint_has_a_row_in_the_scope_table() {
        List<MerchantEndpoints.Endpoint> endpoints = MerchantEndpoints.all();
        assertTrue(endpoints.size() > 40, "found only " + endpoints.size() + " endpoints: is the scan looking?");
        List<String> missing = endpoints.stream().filter(e -> EndpointScopes.rule(e.method(), e.template()).isEmpty())
                .map(e -> e.key() + " (" + e.javaName() + ")").toList();
        assertEquals(List.of(), missing, "merchant endpoints without a row in EndpointScopes: add one per endpoint");
    }

    @Test
    void the_api_key_endpoints_need_a_credential_holding_every_scope() {
        for (String e : List.of("POST /api/v2/api_keys", "GET /api/v2/api_keys", "DELETE /api/v2/api_keys/{key_id}")) {
            String[] parts = e.split(" ");
            assertEquals(EndpointScopes.Special.EVERY_SCOPE, EndpointScopes.rule(parts[0], parts[1]).orElseThrow(), e);
        }
    }

    @Test
    void parameter_names_and_slashes_do_not_matter() {
        assertEquals("GET /api/global/statements/{}", EndpointScopes.key("get", "/api/global//statements/{statement_id}/"));
        assertTrue(EndpointScopes.rule("GET", "/api/global/payout-batches/{ref}/items").isPresent());
    }
}
