package io.mizani.adapter.rest.payment;

import io.mizani.adapter.rest.idempotency.Idempotent;
import io.mizani.adapter.rest.tenancy.CurrentMerchant;
import io.mizani.application.payment.BrowseCountries;
import io.mizani.application.payment.CountryInfo;
import io.mizani.application.payment.DiscoverRails;
import io.mizani.application.payment.FindRoutes;
import io.mizani.application.payment.ManageWebhookSecret;
import io.mizani.application.payment.PaymentAcceptance;
import io.mizani.application.payment.RouteOption;
import io.mizani.application.payment.StartPayment;
import io.mizani.application.payment.TransactionStatus;
import io.mizani.domain.common.Money;
import io.mizani.domain.error.DomainError;
import io.mizani.domain.payment.Network;
import jakarta.annotation.security.RolesAllowed;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.UriInfo;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** The payments part of {base_url}: payments, transaction status, discovery, webhook secret. */
@Tag(name = "Payments")
@Path("/api/global")
@RolesAllowed("merchant")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class PaymentResource {

    @Inject
    CurrentMerchant currentMerchant;
    @Inject
    StartPayment startPayment;
    @Inject
    TransactionStatus transactionStatus;
    @Inject
    DiscoverRails discoverRails;
    @Inject
    BrowseCountries browseCountries;
    @Inject
    FindRoutes findRoutes;
    @Inject
    ManageWebhookSecret webhookSecrets;

    /**
     * Where payers' browsers reach the service: MIZANI_CHECKOUT_BASE_URL, else MIZANI_PUBLIC_URL when set in the
     * environment, else the base URI of the merchant's request.
     */
    @ConfigProperty(name = "mizani.payments.checkout-base-url")
    Optional<String> checkoutBaseUrl;
    @ConfigProperty(name = "MIZANI_PUBLIC_URL")
    Optional<String> publicUrl;

    @Context
    UriInfo uriInfo;

    @Operation(operationId = "startPayment", summary = "Start a payment (collection or payout)")
    @APIResponse(responseCode = "200")
    @APIResponse(responseCode = "404")
    @APIResponse(responseCode = "409")
    @APIResponse(responseCode = "422")
    @APIResponse(responseCode = "502")
    @RequestBody(content = @Content(mediaType = MediaType.APPLICATION_JSON,
                example = "{\"request_type\":\"payment\",\"transaction_channel\":\"momo\","
                        + "\"provider\":\"mpesa_ke\",\"amount\":100,\"currency\":\"KES\",\"country\":\"KE\","
                        + "\"customer\":{\"first_name\":\"Ada\",\"last_name\":\"Obi\","
                        + "\"email\":\"ada@example.com\",\"phone\":\"+254700000123\"},"
                        + "\"provider_config\":{\"network_id\":\"net_ke_mpesa\",\"provider_id\":\"mpesa_ke\","
                        + "\"network_name\":\"M-Pesa\",\"network_code\":\"MPESA\",\"account_type\":\"momo\"},"
                        + "\"payment_config\":{\"reference\":\"order-1001\",\"account_number\":\"+254700000123\","
                        + "\"remark\":\"Order 1001\",\"payment_category\":\"goods\","
                        + "\"callback_url\":\"https://merchant.example/callbacks/mizani\"}}"))
    @POST
    @Path("/payments")
    @Idempotent
    public PaymentDtos.AcceptanceBody start(PaymentDtos.StartPaymentBody body) {
        long accountId = currentMerchant.merchant().accountId();
        if (body == null) {
            throw DomainError.invalidArgument("request body is required");
        }
        PaymentAcceptance a = startPayment.start(body.toCommand(accountId));
        String checkoutUrl = a.checkoutToken() == null ? null : baseUrl() + "checkout/" + a.checkoutToken();
        return PaymentDtos.AcceptanceBody.of(a, checkoutUrl);
    }

    @Operation(operationId = "getTransactionStatus", summary = "Read a payment's status")
    @APIResponse(responseCode = "200",
                content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = "TransactionEnvelope")))
    @APIResponse(responseCode = "404")
    @RequestBody(content = @Content(mediaType = MediaType.APPLICATION_JSON,
                example = "{\"merchant_reference\":\"order-1001\"}"))
    @POST
    @Path("/transaction-status")
    public Map<String, Object> status(PaymentDtos.StatusQueryBody body) {
        long accountId = currentMerchant.merchant().accountId();
        return Map.of("transaction", transactionStatus.find(accountId, body == null ? null : body.merchantReference()).asMap());
    }

    @Operation(operationId = "discoverRails", summary = "Discover the rails and networks of a country")
    @APIResponse(responseCode = "200")
    @GET
    @Path("/discovery/discover-rails")
    public PaymentDtos.DiscoveryBody discoverRails(
            @Parameter(description = "Country code (ISO 3166-1 alpha-2), e.g. `KE`", required = true)
            @QueryParam("country") String country) {
        return PaymentDtos.DiscoveryBody.of(discoverRails.discoverRails(currentMerchant.merchant().accountId(), country));
    }

    @Operation(operationId = "listPaymentCountries", summary = "List the countries and rails open to the Team")
    @APIResponse(responseCode = "200")
    @GET
    @Path("/discovery/payment-world/country")
    public PaymentDtos.CountriesBody countries() {
        long accountId = currentMerchant.merchant().accountId();
        var out = new ArrayList<PaymentDtos.CountryBody>();
        for (Map.Entry<CountryInfo, Boolean> e : browseCountries.countries(accountId)) {
            CountryInfo c = e.getKey();
            List<Network> networks = browseCountries.networksOf(c.code());
            var rails = new LinkedHashMap<String, Boolean>();
            for (String rail : List.of("bank", "card", "momo")) {
                rails.put(rail, networks.stream().anyMatch(n -> n.channel().rail().wire().equals(rail)));
            }
            rails.put("crypto", false);
            List<String> providers = networks.stream().map(n -> n.identity().provider()).distinct()
                    .collect(Collectors.toList());
            out.add(new PaymentDtos.CountryBody(c.code(), c.name(), c.currency(), rails, providers, e.getValue()));
        }
        return new PaymentDtos.CountriesBody(out);
    }

    @Operation(operationId = "listTransactionProviders", summary = "List the providers that can carry a payment")
    @APIResponse(responseCode = "200")
    @RequestBody(content = @Content(mediaType = MediaType.APPLICATION_JSON,
                example = "{\"country\":\"KE\",\"transaction_channel\":\"momo\",\"request_type\":\"payment\","
                        + "\"amount\":100,\"currency\":\"KES\"}"))
    @POST
    @Path("/transaction-providers")
    public PaymentDtos.TransactionProvidersBody transactionProviders(PaymentDtos.TransactionProvidersQuery q) {
        long accountId = currentMerchant.merchant().accountId();
        if (q == null) {
            throw DomainError.invalidArgument("country is required");
        }
        String country = FindRoutes.normaliseCountry(q.country());
        String currency = browseCountries.servedCountries().stream().filter(c -> c.code().equals(country))
                .map(CountryInfo::currency).findFirst().orElse(null);
        if (q.currency() != null && currency != null && !currency.equalsIgnoreCase(q.currency().trim())) {
            throw DomainError.invalidArgument("currency \"" + q.currency().trim() + "\" is not accepted in " + country
                    + ": use " + currency);
        }
        // the amount in the country's currency, as sent; a country not served has no networks to judge it against
        Money amount = q.amount() == null || currency == null ? null : Money.of(q.amount(), currency);
        List<RouteOption> options = findRoutes.routeOptions(accountId, country, q.transactionChannel(), q.requestType(),
                q.provider(), amount);
        var out = options.stream().map(PaymentDtos.RouteOptionBody::of).toList();
        return new PaymentDtos.TransactionProvidersBody(country, currency, out);
    }

    @Operation(operationId = "getWebhookSecret", summary = "Read the webhook signing secret")
    @APIResponse(responseCode = "200")
    @GET
    @Path("/webhooks/secret")
    public PaymentDtos.WebhookSecretBody webhookSecret() {
        return new PaymentDtos.WebhookSecretBody(webhookSecrets.current(currentMerchant.merchant().accountId()));
    }

    @Operation(operationId = "rotateWebhookSecret", summary = "Rotate the webhook signing secret")
    @APIResponse(responseCode = "200")
    @POST
    @Path("/webhooks/secret/rotate")
    @io.mizani.adapter.rest.audit.Audited(action = "webhook_secret.rotate", target = "account")
    @Consumes(MediaType.WILDCARD) // no body: a plain `curl -X POST` (no Content-Type) is not a 415
    public PaymentDtos.WebhookSecretBody rotateWebhookSecret() {
        return new PaymentDtos.WebhookSecretBody(webhookSecrets.rotate(currentMerchant.merchant().accountId()));
    }

    private String baseUrl() {
        String base = checkoutBaseUrl.filter(s -> !s.isBlank())
                .or(() -> publicUrl.filter(s -> !s.isBlank()))
                .orElseGet(() -> uriInfo.getBaseUri().toString());
        return base.endsWith("/") ? base : base + "/";
    }
}
