package io.mizani.adapter.rest.payment;

import io.mizani.adapter.rest.common.JsonNumberOnly;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import io.mizani.application.payment.PaymentAcceptance;
import io.mizani.application.payment.RailDiscovery;
import io.mizani.application.payment.RouteOption;
import io.mizani.application.payment.StartPaymentCommand;
import io.mizani.domain.common.Choice;
import io.mizani.domain.payment.Network;
import io.mizani.domain.payment.RequestType;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * Request and response bodies of the payments surface (global SNAKE_CASE naming). Their flat shape is the contract
 * (docs/openapi.yaml), so they stay flat; code never fills them by position: a request body maps itself into the
 * command's named parts ({@link StartPaymentBody#toCommand}), a response body is made from the application's values
 * by its one named factory ({@code of}).
 */
public final class PaymentDtos {

    private PaymentDtos() {
    }

    public record AddressBody(@JsonProperty("line_1") String line1, String country) {

        public StartPaymentCommand.Address toCommand() {
            return new StartPaymentCommand.Address(line1, country);
        }
    }

    public record CustomerBody(String customerUuid, String customerUid, String firstName, String lastName, String email,
                        String phone, String dob, String country, String idType, String idNumber,
                        String additionalIdType, String additionalIdNumber, AddressBody address) {

        /** The customer object in the command's parts, each field read by name. */
        public StartPaymentCommand.Customer toCommand() {
            return new StartPaymentCommand.Customer(
                    new StartPaymentCommand.BeneficiaryRef(customerUuid, customerUid),
                    new StartPaymentCommand.Person(firstName, lastName, email, phone, dob, country),
                    new StartPaymentCommand.IdDocuments(idType, idNumber, additionalIdType, additionalIdNumber),
                    address == null ? null : address.toCommand());
        }
    }

    public record ProviderConfigBody(
            @Schema(required = true) String networkId,
            @Schema(required = true) String providerId,
            @Schema(required = true) String networkName,
            @Schema(required = true) String networkCode,
            @Schema(required = true) String accountType,
            String channelId) {

        public StartPaymentCommand.ProviderConfig toCommand() {
            return new StartPaymentCommand.ProviderConfig(networkId, providerId, networkName, networkCode,
                    accountType, channelId);
        }
    }

    public record PaymentConfigBody(
            @Schema(required = true) String reference,
            String accountNumber,
            String remark,
            String paymentCategory,
            @Schema(required = true) String callbackUrl,
            String redirectUrl,
            String payeeCheck) {

        public StartPaymentCommand.PaymentConfig toCommand() {
            return new StartPaymentCommand.PaymentConfig(reference, accountNumber, remark, paymentCategory,
                    callbackUrl, redirectUrl, payeeCheck);
        }
    }

    /** {@code source} is read and ignored (assigned by the server); vendor_config and payment_split are accepted as sent. */
    record StartPaymentBody(
            @Schema(required = true) String requestType,
            @Schema(required = true) String transactionChannel,
            @Schema(required = true) String provider,
            @Schema(required = true) @JsonDeserialize(using = JsonNumberOnly.class) BigDecimal amount,
            @Schema(required = true) String currency,
            @Schema(required = true) String country,
            String reason,
            JsonNode source,
            @Schema(required = true) CustomerBody customer,
            JsonNode vendorConfig,
            @Schema(required = true) ProviderConfigBody providerConfig,
            @Schema(required = true) PaymentConfigBody paymentConfig,
            JsonNode paymentSplit) {

        /** The one place the body becomes the command (its parts named; absent objects stay null for validation). */
        StartPaymentCommand toCommand(long accountId) {
            return new StartPaymentCommand(accountId,
                    new StartPaymentCommand.Order(Choice.parse(requestType, RequestType::parse), transactionChannel,
                            provider, amount, currency, country, reason),
                    customer == null ? null : customer.toCommand(),
                    providerConfig == null ? null : providerConfig.toCommand(),
                    paymentConfig == null ? null : paymentConfig.toCommand());
        }
    }

    /** A payment's acceptance on the wire: flat JSON from named parts, in wire order. */
    @com.fasterxml.jackson.annotation.JsonPropertyOrder({"status_code", "merchant_reference", "transaction_type",
            "success", "message", "checkout_request_id", "gateway", "conversation_id", "provider_response",
            "manual_payment", "bank_info", "provider_extra", "checkout_url"})
    record AcceptanceBody(@com.fasterxml.jackson.annotation.JsonUnwrapped AcceptanceOutcome outcome,
                          @com.fasterxml.jackson.annotation.JsonUnwrapped AcceptanceProvider provider,
                          @com.fasterxml.jackson.annotation.JsonUnwrapped AcceptanceGuidance guidance) {

        /** The acceptance on the wire; {@code checkoutUrl} is null unless the payment has a hosted checkout. */
        static AcceptanceBody of(PaymentAcceptance a, String checkoutUrl) {
            var g = a.guidance();
            return new AcceptanceBody(
                    new AcceptanceOutcome(a.statusCode(), a.merchantReference(), a.transactionType(), a.success(),
                            a.message()),
                    new AcceptanceProvider(a.checkoutRequestId(), a.gateway(), a.conversationId(), a.providerResponse()),
                    new AcceptanceGuidance(g.manualPayment(), g.bankInfo(), g.providerExtra(), checkoutUrl));
        }
    }

    /** What the service says of the payment it accepted. */
    record AcceptanceOutcome(String statusCode, String merchantReference, String transactionType, boolean success,
                             String message) {
    }

    /** The provider's own ids and answer for the request. */
    record AcceptanceProvider(String checkoutRequestId, String gateway, String conversationId,
                              Map<String, Object> providerResponse) {
    }

    /** How the payer completes the payment, when the rail needs them to. */
    record AcceptanceGuidance(String manualPayment, Map<String, String> bankInfo, Map<String, Object> providerExtra,
                              String checkoutUrl) {
    }

    record StatusQueryBody(
            @Schema(required = true) String merchantReference) {
    }

    /** A network on the wire: flat JSON from named parts, in wire order. */
    @com.fasterxml.jackson.annotation.JsonPropertyOrder({"network_id", "network_name", "network_code", "channel_id",
            "channel_type", "account_type", "ramp_type", "min_amount", "max_amount", "fee", "currency", "provider",
            "status"})
    record NetworkBody(@com.fasterxml.jackson.annotation.JsonUnwrapped NetworkNames names,
                       @com.fasterxml.jackson.annotation.JsonUnwrapped NetworkChannel channel,
                       @com.fasterxml.jackson.annotation.JsonUnwrapped NetworkLimits limits) {

        static NetworkBody of(Network n) {
            Network.Identity id = n.identity();
            Network.Channel ch = n.channel();
            Network.Limits l = n.limits();
            return new NetworkBody(
                    new NetworkNames(id.networkId(), id.networkName(), id.networkCode(), id.provider(), n.status()),
                    new NetworkChannel(ch.channelId(), ch.rail().wire(), ch.accountType(), ch.ramp().wire()),
                    new NetworkLimits(l.min().amount(), l.max().amount(), l.fee().amount(), l.currency()));
        }
    }

    /** Which network, whose, and whether it is open. */
    record NetworkNames(String networkId, String networkName, String networkCode, String provider, String status) {
    }

    /** The channel it runs on and its direction. */
    record NetworkChannel(String channelId, String channelType, String accountType, String rampType) {
    }

    /** Its amounts, in its currency. */
    record NetworkLimits(BigDecimal minAmount, BigDecimal maxAmount, BigDecimal fee, String currency) {
    }

    record DiscoveryBody(String country, String currency, Map<String, Boolean> rails, String merchantId,
                         boolean hasNetworks, Map<String, List<String>> availableProviders,
                         Map<String, List<NetworkBody>> providerNetworks,
                         Map<String, Map<String, Map<String, Boolean>>> requiredFields,
                         Map<String, Map<String, Boolean>> providerOperations) {

        static DiscoveryBody of(RailDiscovery d) {
            var networks = new LinkedHashMap<String, List<NetworkBody>>();
            d.providerNetworks().forEach((provider, list) ->
                    networks.put(provider, list.stream().map(NetworkBody::of).toList()));
            return new DiscoveryBody(d.country(), d.currency(), d.rails(), d.merchantId(), d.hasNetworks(),
                    d.availableProviders(), networks, d.requiredFields(), d.providerOperations());
        }
    }

    record CountryBody(String country, String name, String currency, Map<String, Boolean> rails,
                       List<String> providers, boolean available) {
    }

    record CountriesBody(List<CountryBody> countries) {
    }

    record TransactionProvidersQuery(
            @Schema(required = true) String country,
            String transactionChannel,
            String requestType,
            String provider,
            BigDecimal amount,
            String currency) {
    }

    record RouteOptionBody(String provider, String transactionChannel, String requestType, String networkId,
                           String networkName, String networkCode, String channelId, String accountType,
                           String rampType, BigDecimal minAmount, BigDecimal maxAmount, BigDecimal fee,
                           String currency, String status, boolean eligible, String reason) {

        static RouteOptionBody of(RouteOption o) {
            Network n = o.network();
            Network.Identity id = n.identity();
            Network.Channel ch = n.channel();
            Network.Limits limits = n.limits();
            return new RouteOptionBody(id.provider(), ch.rail().wire(), o.requestType().wire(), id.networkId(),
                    id.networkName(), id.networkCode(), ch.channelId(), ch.accountType(), ch.ramp().wire(),
                    limits.min().amount(), limits.max().amount(), limits.fee().amount(), limits.currency(),
                    n.status(), o.eligible(), o.reason());
        }
    }

    record TransactionProvidersBody(String country, String currency, List<RouteOptionBody> transactionProviders) {
    }

    record WebhookSecretBody(String webhookSecret) {
    }
}
