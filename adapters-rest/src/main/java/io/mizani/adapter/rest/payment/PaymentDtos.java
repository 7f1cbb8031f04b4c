package io.mizani.adapter.rest.payment;

import io.mizani.adapter.rest.common.JsonNumberOnly;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import io.mizani.domain.payment.Network;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;

/** Request and response bodies of the payments surface (global SNAKE_CASE naming). */
final class PaymentDtos {

    private PaymentDtos() {
    }

    record AddressBody(@JsonProperty("line_1") String line1, String country) {
    }

    record CustomerBody(String customerUuid, String customerUid, String firstName, String lastName, String email,
                        String phone, String dob, String country, String idType, String idNumber,
                        String additionalIdType, String additionalIdNumber, AddressBody address) {
    }

    record ProviderConfigBody(String networkId, String providerId, String networkName, String networkCode,
                              String accountType, String channelId) {
    }

    record PaymentConfigBody(String reference, String accountNumber, String remark, String paymentCategory,
                             String callbackUrl, String redirectUrl) {
    }

    /** {@code source} is read and ignored (assigned by the server); vendor_config and payment_split are accepted as sent. */
    record StartPaymentBody(String requestType, String transactionChannel, String provider,
                            @JsonDeserialize(using = JsonNumberOnly.class) BigDecimal amount,
                            String currency, String country, String reason, JsonNode source, CustomerBody customer,
                            JsonNode vendorConfig, ProviderConfigBody providerConfig, PaymentConfigBody paymentConfig,
                            JsonNode paymentSplit) {
    }

    record AcceptanceBody(String statusCode, String merchantReference, String transactionType, boolean success,
                          String message, String checkoutRequestId, String gateway, String conversationId,
                          Map<String, Object> providerResponse, String manualPayment, Map<String, String> bankInfo,
                          Map<String, Object> providerExtra, String checkoutUrl) {
    }

    record StatusQueryBody(String merchantReference) {
    }

    record NetworkBody(String networkId, String networkName, String networkCode, String channelId, String channelType,
                       String accountType, String rampType, BigDecimal minAmount, BigDecimal maxAmount,
                       BigDecimal fee, String currency, String provider, String status) {

        static NetworkBody of(Network n) {
            return new NetworkBody(n.networkId(), n.networkName(), n.networkCode(), n.channelId(),
                    n.channelType().wire(), n.accountType(), n.rampType().wire(), n.minAmount(), n.maxAmount(),
                    n.fee(), n.currency(), n.provider(), n.status());
        }
    }

    record DiscoveryBody(String country, String currency, Map<String, Boolean> rails, String merchantId,
                         boolean hasNetworks, Map<String, List<String>> availableProviders,
                         Map<String, List<NetworkBody>> providerNetworks,
                         Map<String, Map<String, Map<String, Boolean>>> requiredFields,
                         Map<String, Map<String, Boolean>> providerOperations) {
    }

    record CountryBody(String country, String name, String currency, Map<String, Boolean> rails,
                       List<String> providers, boolean available) {
    }

    record CountriesBody(List<CountryBody> countries) {
    }

    record TransactionProvidersQuery(String country, String transactionChannel, String requestType, String provider,
                                     BigDecimal amount, String currency) {
    }

    record RouteOptionBody(String provider, String transactionChannel, String requestType, String networkId,
                           String networkName, String networkCode, String channelId, String accountType,
                           String rampType, BigDecimal minAmount, BigDecimal maxAmount, BigDecimal fee,
                           String currency, String status, boolean eligible, String reason) {
    }

    record TransactionProvidersBody(String country, String currency, List<RouteOptionBody> transactionProviders) {
    }

    record WebhookSecretBody(String webhookSecret) {
    }
}
