package io.mizani.bootstrap.openapi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import io.mizani.client.ApiClient;
import io.mizani.client.ApiException;
import io.mizani.client.api.BeneficiariesApi;
import io.mizani.client.api.EventsApi;
import io.mizani.client.api.OperatorApi;
import io.mizani.client.api.PaymentsApi;
import io.mizani.client.api.TeamKycApi;
import io.mizani.client.api.TeamsApi;
import io.mizani.client.api.VerificationApi;
import io.mizani.client.model.AccountInput;
import io.mizani.client.model.CheckNationalIdKe;
import io.mizani.client.model.ContactInformation;
import io.mizani.client.model.CreditRequest;
import io.mizani.client.model.CustomerBody;
import io.mizani.client.model.EndpointBody;
import io.mizani.client.model.OnboardRequest;
import io.mizani.client.model.OnboardedMerchant;
import io.mizani.client.model.PaymentConfigBody;
import io.mizani.client.model.ProviderConfigBody;
import io.mizani.client.model.ProvidersRequest;
import io.mizani.client.model.StartPaymentBody;
import io.mizani.client.model.StatusQueryBody;
import io.mizani.client.model.SubmitBody;
import io.mizani.client.model.TokensBody;
import io.mizani.client.model.UserInput;
import io.mizani.client.model.VerificationSettingsInput;
import io.mizani.client.model.VerifyRequest;
import io.mizani.bootstrap.support.TestMerchants;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;

/**
 * The main flows through the Java client generated from docs/openapi.yaml at build time (no hand edits): onboard,
 * verify and resolve the token, submit Team KYC with it, add a beneficiary, start a payment and read its status,
 * list events; and another merchant's records answer 404 through the client too.
 */
@QuarkusTest
class ClientFlowTest {

    @TestHTTPResource("/")
    String base;

    private ApiClient client(String username, String password) {
        ApiClient c = new ApiClient();
        c.updateBaseUri(base.endsWith("/") ? base.substring(0, base.length() - 1) : base);
        String basic = Base64.getEncoder().encodeToString((username + ":" + password).getBytes(StandardCharsets.UTF_8));
        c.setRequestInterceptor(b -> b.header("Authorization", "Basic " + basic));
        return c;
    }

    private OnboardedMerchant onboard(OperatorApi operator) throws ApiException {
        String n = UUID.randomUUID().toString().substring(0, 8);
        return operator.onboardMerchant(new OnboardRequest().organizationName("Client Org " + n)
                .user(new UserInput().firstName("Ada").lastName("Client").email("client" + n + "@example.com")
                        .phoneNumber("+254700" + (100000 + Math.abs(n.hashCode()) % 900000)))
                .account(new AccountInput().name("Client Team " + n).email("team" + n + "@example.com").dialCode("+254")
                        .number("713" + (100000 + Math.abs(n.hashCode()) % 900000))));
    }

    @Test
    void the_main_flows_run_through_the_generated_client() throws Exception {
        OperatorApi operator = new OperatorApi(client(TestMerchants.OPERATOR, TestMerchants.OPERATOR_PASSWORD));
        OnboardedMerchant m = onboard(operator);
        long accountId = m.getAccount().getId();
        ApiClient merchant = client(m.getCredentials().getUsername(), m.getCredentials().getPassword());
        operator.creditServiceWallet(String.valueOf(accountId), new CreditRequest().amount(new BigDecimal("1000"))
                .reference("client-" + UUID.randomUUID()));
        operator.setPaymentProviders(String.valueOf(accountId), new ProvidersRequest().providers(List.of("mpesa_ke")));

        // verify and resolve the token
        VerificationApi verification = new VerificationApi(merchant);
        verification.updateVerificationSettings(new VerificationSettingsInput().mode(VerificationSettingsInput.ModeEnum.PLATFORM));
        var result = verification.runCheck("national_id_ke", null, null,
                new VerifyRequest(new CheckNationalIdKe().number("12345678")));
        assertEquals("verified", result.getStatus().getValue());
        var token = verification.resolveToken(result.getLookupId(), null);
        assertEquals("national_id_ke", token.getCheck());
        assertTrue(token.getVerified());

        // a new Team, and its KYC with that token
        long teamId = new TeamsApi(merchant).createTeam(new io.mizani.client.model.CreateAccountRequest()
                .organizationId(m.getOrganization().getId()).name("Client KYC team " + UUID.randomUUID())
                .email("kyc-" + UUID.randomUUID().toString().substring(0, 8) + "@example.com").dialCode("+254")
                .number("74" + String.format("%07d", (System.nanoTime() / 1000) % 10_000_000))).getAccount().getId();
        var kyc = new TeamKycApi(merchant).submitTeamKyc(new SubmitBody().accountId(teamId).entityType("business")
                .countryCode("KE").country("Kenya")
                .contactInformation(new ContactInformation().firstName("Ada").lastName("Lovelace"))
                .kycTokens(new TokensBody().nationalId(result.getLookupId())), null);
        assertEquals(teamId, kyc.getAccountKyc().getAccountId());
        assertEquals(2, kyc.getAccountKyc().getKycTier());

        // a beneficiary
        var beneficiaries = new BeneficiariesApi(merchant);
        var created = beneficiaries.createBeneficiary(new io.mizani.client.model.BeneficiaryInput().firstName("Wanjiru")
                .lastName("Kamau").email("wanjiru@example.com").country("KE").accountNumber("+254722000123")
                .accountType("momo"), null);
        assertNotNull(created.getUuid());
        assertEquals("Wanjiru", beneficiaries.getBeneficiary(created.getUuid().toString()).getFirstName());

        // a payment and its status
        new EventsApi(merchant).setWebhookEndpoint(new EndpointBody().url("http://127.0.0.1:9/webhooks"));
        PaymentsApi payments = new PaymentsApi(merchant);
        String reference = "client-" + UUID.randomUUID().toString().substring(0, 8);
        var accepted = payments.startPayment(new StartPaymentBody().requestType(StartPaymentBody.RequestTypeEnum.PAYMENT)
                .transactionChannel(StartPaymentBody.TransactionChannelEnum.MOMO)
                .provider("mpesa_ke").amount(new BigDecimal("100")).currency("KES").country("KE")
                .customer(new CustomerBody().firstName("Ada").lastName("Obi").email("ada@example.com").phone("+254700000123"))
                .providerConfig(new ProviderConfigBody().networkId("net_ke_mpesa").providerId("mpesa_ke").networkName("M-Pesa")
                        .networkCode("MPESA").accountType("momo"))
                .paymentConfig(new PaymentConfigBody().reference(reference).accountNumber("+254700000123").remark("order")
                        .paymentCategory("goods").callbackUrl("http://127.0.0.1:9/callbacks")), null);
        assertEquals(reference, accepted.getMerchantReference());
        var status = payments.getTransactionStatus(new StatusQueryBody().merchantReference(reference));
        assertEquals(reference, status.getTransaction().getMerchantReference());
        assertNotNull(status.getTransaction().getStatus());
        assertFalse(payments.listTransactions(null, null, null, null, null, null, null).getTransactions().isEmpty());

        // events
        var events = new EventsApi(merchant).listEvents(null, null, null);
        assertNotNull(events.getHasMore());

        // another merchant sees none of it
        OnboardedMerchant other = onboard(operator);
        ApiClient otherClient = client(other.getCredentials().getUsername(), other.getCredentials().getPassword());
        ApiException e = org.junit.jupiter.api.Assertions.assertThrows(ApiException.class,
                () -> new BeneficiariesApi(otherClient).getBeneficiary(created.getUuid().toString()));
        assertEquals(404, e.getCode());
        ApiException t = org.junit.jupiter.api.Assertions.assertThrows(ApiException.class,
                () -> new VerificationApi(otherClient).resolveToken(result.getLookupId(), null));
        assertEquals(404, t.getCode());

        // every error body decodes into the model the document declares for its operation
        var mapper = merchant.getObjectMapper();
        var notFound = mapper.readValue(e.getResponseBody(), io.mizani.client.model.ErrorBody.class);
        assertEquals("not_found", notFound.getErrorCode());
        assertEquals(404, notFound.getStatusCode());
        var kycNotFound = mapper.readValue(t.getResponseBody(), io.mizani.client.model.KycError.class);
        assertEquals("not_found", kycNotFound.getReason());
        ApiException refused = org.junit.jupiter.api.Assertions.assertThrows(ApiException.class,
                () -> payments.startPayment(new StartPaymentBody().requestType(StartPaymentBody.RequestTypeEnum.PAYMENT)
                        .transactionChannel(StartPaymentBody.TransactionChannelEnum.MOMO)
                        .provider("mpesa_ke").amount(new BigDecimal("100.005")).currency("KES").country("KE")
                        .customer(new CustomerBody().firstName("Ada").lastName("Obi").email("ada@example.com")
                                .phone("+254700000123"))
                        .providerConfig(new ProviderConfigBody().networkId("net_ke_mpesa").providerId("mpesa_ke")
                                .networkName("M-Pesa").networkCode("MPESA").accountType("momo"))
                        .paymentConfig(new PaymentConfigBody().reference("client-bad-" + UUID.randomUUID())
                                .accountNumber("+254700000123").remark("order").paymentCategory("goods")
                                .callbackUrl("http://127.0.0.1:9/callbacks")), null));
        assertEquals(400, refused.getCode());
        var paymentError = mapper.readValue(refused.getResponseBody(), io.mizani.client.model.AnyErrorBody.class);
        assertEquals("invalid_argument", paymentError.getErrorCode());
        assertEquals("amount must have at most two decimal places", paymentError.getErrorMessage());
        assertEquals(400, paymentError.getStatusCode());
        // the compact shape decodes into the same model (a verification token the merchant never got)
        ApiException badToken = org.junit.jupiter.api.Assertions.assertThrows(ApiException.class,
                () -> new TeamKycApi(otherClient).submitTeamKyc(new SubmitBody().accountId(other.getAccount().getId())
                        .entityType("business").countryCode("KE").country("Kenya")
                        .contactInformation(new ContactInformation().firstName("Ada").lastName("Lovelace"))
                        .kycTokens(new TokensBody().nationalId(result.getLookupId())), null));
        assertEquals(400, badToken.getCode());
        var compact = mapper.readValue(badToken.getResponseBody(), io.mizani.client.model.AnyErrorBody.class);
        assertEquals("invalid_argument", compact.getErrorCode());
        assertNotNull(compact.getMessage(), badToken.getResponseBody());
    }
}
