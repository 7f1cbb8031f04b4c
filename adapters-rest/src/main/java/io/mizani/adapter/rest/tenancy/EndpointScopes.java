package io.mizani.adapter.rest.tenancy;

import static io.mizani.domain.tenancy.Scope.BALANCES_READ;
import static io.mizani.domain.tenancy.Scope.BENEFICIARIES_READ;
import static io.mizani.domain.tenancy.Scope.BENEFICIARIES_WRITE;
import static io.mizani.domain.tenancy.Scope.EVENTS_READ;
import static io.mizani.domain.tenancy.Scope.EVENTS_WRITE;
import static io.mizani.domain.tenancy.Scope.KYC_READ;
import static io.mizani.domain.tenancy.Scope.KYC_VERIFY;
import static io.mizani.domain.tenancy.Scope.PAYMENTS_COLLECT;
import static io.mizani.domain.tenancy.Scope.PAYMENTS_PAYOUT;
import static io.mizani.domain.tenancy.Scope.PAYMENTS_READ;
import static io.mizani.domain.tenancy.Scope.STATEMENTS;
import static io.mizani.domain.tenancy.Scope.TEAMS_READ;
import static io.mizani.domain.tenancy.Scope.TEAMS_WRITE;

import java.lang.reflect.Method;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

import io.mizani.domain.tenancy.Scope;
import jakarta.ws.rs.HttpMethod;
import jakarta.ws.rs.Path;

/**
 * THE table from merchant endpoint (method + path template) to what a credential must hold to call it (platform.md
 * section 19, docs/api-keys.md). {@link ScopeFilter} applies it to every request, before the resource and before
 * idempotency; {@code EndpointScopesTest} fails, naming the path, when a JAX-RS resource method under
 * {@code /api/v1}, {@code /api/v2} or {@code /api/global} has no row here, and {@code ScopeMatrixTest} calls every
 * endpoint with a key lacking its scope (403 {@code insufficient_scope}) and with a key holding only it (passes).
 *
 * <p>A new endpoint: add one line in its surface's block, e.g. {@code needs("GET /api/global/refunds/{ref}",
 * PAYMENTS_READ)}. Path parameter names do not matter ({@code {id}} and {@code {reference}} match each other). A
 * method without a row is refused to every scoped key (a credential holding every scope passes), so forgetting a row
 * fails closed.
 */
public final class EndpointScopes {

    /** What a credential must hold for one endpoint. */
    public sealed interface Rule permits Needs, ByRequestType, Special {
    }

    /** One scope. */
    public record Needs(Scope scope) implements Rule {
    }

    /**
     * {@code POST /api/global/payments}: the body's {@code request_type} decides, read at the edge with the same JSON
     * binding and parser ({@code RequestType.parse}) as the resource: {@code payment} needs {@code collect}; anything
     * else ({@code withdrawal}, missing, malformed) needs {@code payout}, so a collect-only key can never start a payout.
     */
    public record ByRequestType(Scope collect, Scope payout) implements Rule {
    }

    public enum Special implements Rule {
        /** Any valid credential (ping: it only tells whose credential it is). */
        ANY_CREDENTIAL,
        /** Only a credential holding every scope: managing API keys, the verification settings. */
        EVERY_SCOPE,
        /** No credential needed (the invitation page); not a merchant endpoint, listed so the table covers every path. */
        PUBLIC
    }

    private static final Map<String, Rule> ROWS = new LinkedHashMap<>();

    static {
        // Verification, /api/v1/kyc
        needs("POST /api/v1/kyc/verify/{check}", KYC_VERIFY);
        needs("POST /api/v1/kyc/screen", KYC_VERIFY);                       // section 20 (screening)
        needs("GET /api/v1/kyc/checks", KYC_READ);
        needs("GET /api/v1/kyc/tokens/{token}", KYC_READ);
        needs("GET /api/v1/kyc/lookups", KYC_READ);
        needs("GET /api/v1/kyc/pricing", KYC_READ);
        needs("GET /api/v1/kyc/settings", KYC_READ);
        row("PUT /api/v1/kyc/settings", Special.EVERY_SCOPE);                // who pays, the provider key: a setting
        // Teams, users, Team KYC, API keys, /api/v2
        row("GET /api/v2/ping", Special.ANY_CREDENTIAL);
        needs("POST /api/v2/accounts", TEAMS_WRITE);
        needs("PUT /api/v2/accounts", TEAMS_WRITE);
        needs("DELETE /api/v2/accounts/{account_id}", TEAMS_WRITE);
        needs("GET /api/v2/account/{account_id}", TEAMS_READ);
        needs("DELETE /api/v2/accounts/{account_id}/users/{user_id}", TEAMS_WRITE);
        needs("GET /api/v2/user_profile/{user_id}", TEAMS_READ);
        needs("POST /api/v2/account_invites", TEAMS_WRITE);
        row("GET /api/v2/account_invites/accept", Special.PUBLIC);
        row("POST /api/v2/account_invites/accept", Special.PUBLIC);
        // MTN MoMo's notifications: unsigned, no credentials; they only bring a status lookup at MTN forward
        row("POST /api/providers/mtn/notify", Special.PUBLIC);
        row("PUT /api/providers/mtn/notify", Special.PUBLIC);
        // Airtel Money's callbacks: no credentials; they only bring an enquiry at Airtel forward
        row("POST /api/providers/airtel/notify", Special.PUBLIC);
        // Paystack's webhook: no credentials, its x-paystack-signature is checked by the resource
        row("POST /api/providers/paystack/notify", Special.PUBLIC);
        row("PUT /api/providers/paystack/notify", Special.PUBLIC);
        needs("POST /api/v2/account_kycs", TEAMS_WRITE);
        needs("GET /api/v2/account_kycs/{id}", TEAMS_READ);
        needs("PUT /api/v2/account_kycs/{id}", TEAMS_WRITE);
        needs("POST /api/v2/account_kycs/upgrade", TEAMS_WRITE);
        row("POST /api/v2/api_keys", Special.EVERY_SCOPE);
        row("GET /api/v2/api_keys", Special.EVERY_SCOPE);
        row("DELETE /api/v2/api_keys/{key_id}", Special.EVERY_SCOPE);
        // Beneficiaries, /api/global
        needs("POST /api/global/beneficiaries", BENEFICIARIES_WRITE);
        needs("GET /api/global/beneficiaries", BENEFICIARIES_READ);
        needs("GET /api/global/beneficiaries/{uuid}", BENEFICIARIES_READ);
        needs("PATCH /api/global/beneficiaries/{uuid}", BENEFICIARIES_WRITE);
        needs("PUT /api/global/beneficiaries/{uuid}", BENEFICIARIES_WRITE);
        needs("DELETE /api/global/beneficiaries/{uuid}", BENEFICIARIES_WRITE);
        needs("GET /api/global/beneficiaries/{uuid}/kyc-eligibility", BENEFICIARIES_READ);
        // Payments
        row("POST /api/global/payments", new ByRequestType(PAYMENTS_COLLECT, PAYMENTS_PAYOUT));
        needs("POST /api/global/transaction-status", PAYMENTS_READ);
        needs("GET /api/global/transactions", PAYMENTS_READ);
        needs("GET /api/global/discovery/discover-rails", PAYMENTS_READ);
        needs("GET /api/global/payment-channels", PAYMENTS_READ);                // section 14
        needs("GET /api/global/discovery/payment-world/country", PAYMENTS_READ);
        needs("POST /api/global/transaction-providers", PAYMENTS_READ);
        needs("GET /api/global/webhooks/secret", EVENTS_READ);              // what a webhook receiver verifies with
        needs("POST /api/global/webhooks/secret/rotate", EVENTS_WRITE);
        // Refunds (section 15): a refund moves money out of the balance
        needs("POST /api/global/refunds", PAYMENTS_PAYOUT);
        needs("GET /api/global/refunds", PAYMENTS_READ);
        needs("GET /api/global/refunds/{refund_reference}", PAYMENTS_READ);
        // Payee confirmation and payout batches (section 16)
        needs("POST /api/global/payees/resolve", PAYMENTS_PAYOUT);
        needs("POST /api/global/payout-batches", PAYMENTS_PAYOUT);
        needs("POST /api/global/payout-batches/{batch_reference}/approve", PAYMENTS_PAYOUT);
        needs("POST /api/global/payout-batches/{batch_reference}/cancel", PAYMENTS_PAYOUT);
        needs("GET /api/global/payout-batches/{batch_reference}", PAYMENTS_READ);
        needs("GET /api/global/payout-batches/{batch_reference}/items", PAYMENTS_READ);
        // Balances and statements (section 17)
        needs("GET /api/global/balances", BALANCES_READ);
        needs("GET /api/global/balances/{currency}/entries", BALANCES_READ);
        needs("POST /api/global/statements", STATEMENTS);
        needs("GET /api/global/statements/{id}", STATEMENTS);
        row("GET /api/global/statements/download/{token}", Special.PUBLIC); // the signed token is the credential
        // Events and the webhook endpoint
        needs("GET /api/global/events", EVENTS_READ);
        needs("GET /api/global/events/{id}", EVENTS_READ);
        needs("POST /api/global/events/{id}/redeliver", EVENTS_WRITE);
        needs("GET /api/global/webhooks/endpoint", EVENTS_READ);
        needs("PUT /api/global/webhooks/endpoint", EVENTS_WRITE);
        needs("POST /api/global/webhooks/test", EVENTS_WRITE);
    }

    private EndpointScopes() {
    }

    private static void needs(String endpoint, Scope scope) {
        row(endpoint, new Needs(scope));
    }

    private static void row(String endpoint, Rule rule) {
        int space = endpoint.indexOf(' ');
        String key = key(endpoint.substring(0, space), endpoint.substring(space + 1));
        if (ROWS.putIfAbsent(key, rule) != null) {
            throw new IllegalStateException("two rows for " + endpoint);
        }
    }

    /** The rule of an endpoint, if the table has a row for it. */
    public static Optional<Rule> rule(String method, String template) {
        return Optional.ofNullable(ROWS.get(key(method, template)));
    }

    /** Every row, keyed {@code METHOD /path/{}} (parameter names erased), in table order. */
    public static Map<String, Rule> rows() {
        return Collections.unmodifiableMap(ROWS);
    }

    /** {@code METHOD /path/{}/more}: parameter names erased, no trailing slash, one slash between segments. */
    public static String key(String method, String template) {
        String path = ("/" + template).replaceAll("\\{[^}]*}", "{}").replaceAll("/+", "/");
        if (path.length() > 1 && path.endsWith("/")) {
            path = path.substring(0, path.length() - 1);
        }
        return method.toUpperCase(java.util.Locale.ROOT) + " " + path;
    }

    /** The path template of a resource method: its class's {@code @Path} and its own, joined. */
    public static String template(Class<?> resource, Method method) {
        Path onClass = resource.getAnnotation(Path.class);
        Path onMethod = method.getAnnotation(Path.class);
        return (onClass == null ? "" : onClass.value()) + "/" + (onMethod == null ? "" : onMethod.value());
    }

    /** The HTTP method of a resource method ({@code GET}, {@code POST}, ...), or null for a sub-resource locator. */
    public static String httpMethod(Method method) {
        for (var a : method.getAnnotations()) {
            HttpMethod m = a.annotationType().getAnnotation(HttpMethod.class);
            if (m != null) {
                return m.value();
            }
        }
        return null;
    }
}
