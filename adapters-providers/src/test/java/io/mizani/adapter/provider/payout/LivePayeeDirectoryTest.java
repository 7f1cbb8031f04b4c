package io.mizani.adapter.provider.payout;

import com.github.tomakehurst.wiremock.WireMockServer;
import io.mizani.adapter.provider.payment.MtnConfig;
import io.mizani.adapter.provider.payment.MtnRail;
import io.mizani.adapter.provider.payment.PaystackApi;
import io.mizani.adapter.provider.payment.PaystackConfig;
import io.mizani.application.payout.PayeeDirectory;
import io.mizani.application.payout.PayeeDirectory.Account;
import io.mizani.application.payout.PayeeDirectory.Lookup;
import io.mizani.domain.payment.Rail;
import io.mizani.domain.payout.PayeeStatus;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.util.Map;

import static com.github.tomakehurst.wiremock.client.WireMock.*;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;
import static org.junit.jupiter.api.Assertions.*;

/** The live payee resolvers (MTN basicuserinfo, Paystack bank resolve) against WireMock stubs of their documented shapes. */
class LivePayeeDirectoryTest {

    static final String INFO = "/collection/v1_0/accountholder/msisdn/%s/basicuserinfo";
    static final String SECRET = "sk_test_payee";

    WireMockServer wm;
    PayeeDirectory directory;

    @BeforeEach
    void start() {
        wm = new WireMockServer(options().dynamicPort());
        wm.start();
        wm.stubFor(post(urlEqualTo("/collection/token/")).withBasicAuth("api-user", "api-key")
                .withHeader("Ocp-Apim-Subscription-Key", equalTo("col-key"))
                .willReturn(okJson("{\"access_token\":\"tok-c\",\"token_type\":\"access_token\",\"expires_in\":3600}")));
        MtnRail mtn = new MtnRail(new MtnConfig(
                new MtnConfig.Api(wm.baseUrl(), "https://mizani.example/api/providers/mtn/notify", "sandbox",
                        Duration.ofMillis(2500), Duration.ofSeconds(10)),
                new MtnConfig.ApiUser("api-user", "api-key"), new MtnConfig.Products("col-key", "dis-key")),
                Clock.systemUTC());
        PaystackApi paystack = new PaystackApi(new PaystackConfig(wm.baseUrl(), SECRET, "https://mizani.example",
                Duration.ofMinutes(30), Duration.ofMillis(2500), Duration.ofSeconds(10)));
        PayeeDirectory byMtn = new MtnPayeeResolver(mtn);
        directory = new LivePayeeDirectory(Map.of("mtn_gh", byMtn, "mtn_ug", byMtn,
                "nip_ng", new PaystackPayeeResolver(paystack)), LivePayeeDirectory.UNSUPPORTED);
    }

    @AfterEach
    void stop() {
        wm.stop();
    }

    static Account momo(String provider, String country, String number) {
        return new Account(country, provider, Rail.MOMO, number, null);
    }

    static Account bank(String number, String bankCode) {
        return new Account("NG", "nip_ng", Rail.BANK, number, bankCode);
    }

    @Test
    void mtn_basicuserinfo_names_the_holder_with_the_collection_token_and_msisdn_in_mtn_s_form() {
        wm.stubFor(get(urlEqualTo(INFO.formatted("233241234567"))).willReturn(okJson(
                "{\"given_name\":\"Ama\",\"family_name\":\"Mensah\",\"birthdate\":\"1990-01-01\",\"locale\":\"en\","
                        + "\"gender\":\"F\",\"status\":\"ACTIVE\"}")));
        assertEquals(new Lookup(PayeeStatus.RESOLVED, "Ama Mensah"), directory.resolve(momo("mtn_gh", "GH", "024 123 4567")));
        wm.verify(getRequestedFor(urlEqualTo(INFO.formatted("233241234567")))
                .withHeader("Authorization", equalTo("Bearer tok-c"))
                .withHeader("X-Target-Environment", equalTo("sandbox"))
                .withHeader("Ocp-Apim-Subscription-Key", equalTo("col-key")));
        // only `name` (the OpenID userinfo shape): that is the name
        wm.stubFor(get(urlEqualTo(INFO.formatted("256771234567"))).willReturn(okJson(
                "{\"sub\":\"0\",\"name\":\"Okello Peter\",\"status\":\"ACTIVE\"}")));
        assertEquals(new Lookup(PayeeStatus.RESOLVED, "Okello Peter"), directory.resolve(momo("mtn_ug", "UG", "+256771234567")));
    }

    @Test
    void mtn_not_found_and_no_answer() {
        wm.stubFor(get(urlEqualTo(INFO.formatted("233240000404"))).willReturn(aResponse().withStatus(404)
                .withHeader("Content-Type", "application/json")
                .withBody("{\"code\":\"RESOURCE_NOT_FOUND\",\"message\":\"Requested resource was not found.\"}")));
        assertEquals(Lookup.of(PayeeStatus.NOT_FOUND), directory.resolve(momo("mtn_gh", "GH", "0240000404")));
        wm.stubFor(get(urlEqualTo(INFO.formatted("233240000503"))).willReturn(aResponse().withStatus(500)));
        assertEquals(Lookup.of(PayeeStatus.UNAVAILABLE), directory.resolve(momo("mtn_gh", "GH", "0240000503")));
        wm.stubFor(get(urlEqualTo(INFO.formatted("233240000001"))).willReturn(okJson("{\"status\":\"ACTIVE\"}")));
        assertEquals(Lookup.of(PayeeStatus.UNAVAILABLE), directory.resolve(momo("mtn_gh", "GH", "0240000001")));
        wm.stubFor(get(urlEqualTo(INFO.formatted("233240000002"))).willReturn(okJson("{\"given_name\":\"A\"}").withFixedDelay(4000)));
        assertEquals(Lookup.of(PayeeStatus.UNAVAILABLE), directory.resolve(momo("mtn_gh", "GH", "0240000002")));
    }

    @Test
    void paystack_bank_resolve_names_the_account_holder() {
        wm.stubFor(get(urlPathEqualTo("/bank/resolve")).withQueryParam("account_number", equalTo("0001234567"))
                .withQueryParam("bank_code", equalTo("058")).withHeader("Authorization", equalTo("Bearer " + SECRET))
                .willReturn(okJson("{\"status\":true,\"message\":\"Account number resolved\",\"data\":"
                        + "{\"account_number\":\"0001234567\",\"account_name\":\"CHIDI OKEKE\",\"bank_id\":9}}")));
        assertEquals(new Lookup(PayeeStatus.RESOLVED, "CHIDI OKEKE"), directory.resolve(bank("0001234567", "058")));
    }

    @Test
    void paystack_refusal_is_not_found_its_outage_unavailable_and_no_bank_code_is_not_asked() {
        wm.stubFor(get(urlPathEqualTo("/bank/resolve")).withQueryParam("account_number", equalTo("0009999999"))
                .willReturn(aResponse().withStatus(422).withHeader("Content-Type", "application/json")
                        .withBody("{\"status\":false,\"message\":\"Could not resolve account name. Check parameters or try again.\"}")));
        assertEquals(Lookup.of(PayeeStatus.NOT_FOUND), directory.resolve(bank("0009999999", "058")));
        wm.stubFor(get(urlPathEqualTo("/bank/resolve")).withQueryParam("account_number", equalTo("0005555555"))
                .willReturn(aResponse().withStatus(502)));
        assertEquals(Lookup.of(PayeeStatus.UNAVAILABLE), directory.resolve(bank("0005555555", "058")));
        assertEquals(Lookup.of(PayeeStatus.NOT_FOUND), directory.resolve(bank("0001234567", null)));
        wm.verify(0, getRequestedFor(urlPathEqualTo("/bank/resolve")).withQueryParam("account_number", equalTo("0001234567")));
    }

    @Test
    void other_providers_are_unsupported_without_a_call() {
        assertEquals(Lookup.of(PayeeStatus.UNSUPPORTED), directory.resolve(momo("airtel_ke", "KE", "0712345678")));
        assertEquals(Lookup.of(PayeeStatus.UNSUPPORTED), new LivePayeeDirectory().resolve(momo("mtn_gh", "GH", "0241234567")));
        assertTrue(wm.getAllServeEvents().isEmpty());
    }
}
