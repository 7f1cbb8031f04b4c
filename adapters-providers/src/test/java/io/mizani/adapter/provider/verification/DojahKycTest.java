package io.mizani.adapter.provider.verification;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.http.Fault;
import io.mizani.application.verification.ProviderRequest;
import io.mizani.domain.verification.CheckCatalogue;
import io.mizani.domain.verification.CheckOutcome;
import io.mizani.domain.verification.InputValidator;
import io.mizani.domain.verification.match.RegistryIdentity;
import java.net.URI;
import java.time.Duration;
import java.time.LocalDate;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Dojah against a WireMock stub of its documented request and response shapes, success and failure. */
class DojahKycTest {

    static WireMockServer wiremock;
    DojahKyc dojah;

    @BeforeAll
    static void start() {
        wiremock = new WireMockServer(options().dynamicPort());
        wiremock.start();
    }

    @AfterAll
    static void stop() {
        wiremock.stop();
    }

    @BeforeEach
    void reset() {
        wiremock.resetAll();
        dojah = new DojahKyc(URI.create(wiremock.baseUrl()), "app-123", "test_sk_abc", Duration.ofMillis(5000));
    }

    static ProviderRequest request(String check, Map<String, String> body, Optional<String> ownKey) {
        var def = CheckCatalogue.standard().find(check).orElseThrow();
        return new ProviderRequest("vt_abc", def, InputValidator.validate(def, body), def.country(), ownKey);
    }

    void stub(String path, int status, String body) {
        wiremock.stubFor(get(urlPathEqualTo(path)).willReturn(aResponse().withStatus(status)
                .withHeader("Content-Type", "application/json").withBody(body)));
    }

    /** Dojah's documented NIN lookup sample. */
    static final String NIN_ENTITY = """
            {"entity": {"first_name": "John", "last_name": "Doe", "middle_name": "Chinwe", "gender": "M",
              "image": "/9j/4AAQScXJSgBBAgAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwg",
              "phone_number": "0812345678", "date_of_birth": "1993-05-06", "nin": "70123456789"}}""";

    /** Dojah's documented Kenya national ID lookup sample. */
    static final String KE_ENTITY = """
            {"entity": {"date_of_birth": "1996-02-21", "first_name": "John", "gender": "M", "id": "123456789",
              "is_date_of_birth_match": true, "is_first_name_match": true, "is_gender_match": true,
              "is_last_name_match": true, "is_middle_name_match": true, "last_name": "Doe", "middle_name": "Donald"}}""";

    @Test
    void nin_lookup_sends_the_documented_request_and_maps_the_entity() {
        stub("/api/v1/kyc/nin", 200, NIN_ENTITY);
        var v = assertInstanceOf(CheckOutcome.Verified.class,
                dojah.run(request("nin", Map.of("number_nin", "70123456789"), Optional.empty())));
        assertEquals("John Chinwe Doe", v.answer().subjectName());
        assertEquals(new RegistryIdentity("John", "Chinwe", "Doe", LocalDate.of(1993, 5, 6)), v.answer().identity());
        wiremock.verify(getRequestedFor(urlPathEqualTo("/api/v1/kyc/nin"))
                .withQueryParam("nin", equalTo("70123456789"))
                .withHeader("AppId", equalTo("app-123"))
                .withHeader("Authorization", equalTo("test_sk_abc")));
    }

    @Test
    void kenya_national_id_lookup() {
        stub("/api/v1/ke/kyc/id", 200, KE_ENTITY);
        var v = assertInstanceOf(CheckOutcome.Verified.class,
                dojah.run(request("national_id_ke", Map.of("number", "123456789"), Optional.empty())));
        assertEquals(new RegistryIdentity("John", "Donald", "Doe", LocalDate.of(1996, 2, 21)), v.answer().identity());
        wiremock.verify(getRequestedFor(urlPathEqualTo("/api/v1/ke/kyc/id")).withQueryParam("id", equalTo("123456789")));
    }

    @Test
    void bvn_lookup_reads_dates_in_dojahs_other_format() {
        stub("/api/v1/kyc/bvn/full", 200, """
                {"entity": {"bvn": "22222222222", "first_name": "JOHN", "middle_name": "", "last_name": "DOE",
                  "date_of_birth": "01-Jan-1990", "phone_number1": "08012345678", "gender": "Male"}}""");
        var v = assertInstanceOf(CheckOutcome.Verified.class,
                dojah.run(request("bvn", Map.of("number", "22222222222"), Optional.empty())));
        assertEquals(new RegistryIdentity("JOHN", null, "DOE", LocalDate.of(1990, 1, 1)), v.answer().identity());
    }

    @Test
    void not_found_is_a_verdict_not_an_outage() {
        stub("/api/v1/ke/kyc/id", 404, "{\"message\": \"national_id not found\"}");
        var n = assertInstanceOf(CheckOutcome.NotVerified.class,
                dojah.run(request("national_id_ke", Map.of("number", "123456700"), Optional.empty())));
        assertEquals("national_id not found", n.answer().detail());
        stub("/api/v1/kyc/nin", 400, "{\"error\": \"NIN 70123456700 not found\"}");
        var echoed = assertInstanceOf(CheckOutcome.NotVerified.class,
                dojah.run(request("nin", Map.of("number_nin", "70123456700"), Optional.empty())));
        assertEquals("NIN 70\u2022\u2022\u2022\u2022\u2022\u2022\u202200 not found", echoed.answer().detail(),
                "the number is never stored in the clear");
    }

    @Test
    void bad_request_and_bad_credentials_are_rejected_before_the_check_ran() {
        stub("/api/v1/kyc/nin", 400, "{\"error\": \"Invalid NIN supplied\"}");
        assertEquals(CheckOutcome.Cause.REJECTED, cause(dojah.run(request("nin", Map.of("number_nin", "70123456789"), Optional.empty()))));
        stub("/api/v1/kyc/nin", 401, "{\"error\": \"Invalid Authorization\"}");
        var r = assertInstanceOf(CheckOutcome.ProviderUnavailable.class,
                dojah.run(request("nin", Map.of("number_nin", "70123456789"), Optional.empty())));
        assertEquals(CheckOutcome.Cause.REJECTED, r.cause());
        assertEquals("401", r.responseCode());
    }

    @Test
    void outages_timeouts_and_garbage_are_unavailable() {
        stub("/api/v1/kyc/nin", 503, "{\"error\": \"Service temporarily unavailable\"}");
        assertEquals(CheckOutcome.Cause.DOWN, cause(dojah.run(request("nin", Map.of("number_nin", "70123456789"), Optional.empty()))));
        stub("/api/v1/kyc/nin", 424, "{\"error\": \"NIMC is currently unavailable\"}");
        assertEquals(CheckOutcome.Cause.DOWN, cause(dojah.run(request("nin", Map.of("number_nin", "70123456789"), Optional.empty()))));
        stub("/api/v1/kyc/nin", 429, "{\"error\": \"Too many requests\"}");
        assertEquals(CheckOutcome.Cause.DOWN, cause(dojah.run(request("nin", Map.of("number_nin", "70123456789"), Optional.empty()))));
        wiremock.stubFor(get(urlPathEqualTo("/api/v1/kyc/nin"))
                .willReturn(aResponse().withStatus(200).withFixedDelay(8000).withBody(NIN_ENTITY)));
        assertEquals(CheckOutcome.Cause.TIMEOUT, cause(dojah.run(request("nin", Map.of("number_nin", "70123456789"), Optional.empty()))));
        wiremock.stubFor(get(urlPathEqualTo("/api/v1/kyc/nin")).willReturn(aResponse().withFault(Fault.CONNECTION_RESET_BY_PEER)));
        assertEquals(CheckOutcome.Cause.DOWN, cause(dojah.run(request("nin", Map.of("number_nin", "70123456789"), Optional.empty()))));
        stub("/api/v1/kyc/nin", 200, "{\"entity\": ");
        assertEquals(CheckOutcome.Cause.MALFORMED, cause(dojah.run(request("nin", Map.of("number_nin", "70123456789"), Optional.empty()))));
        stub("/api/v1/kyc/nin", 200, "{\"status\": true}");
        assertEquals(CheckOutcome.Cause.MALFORMED, cause(dojah.run(request("nin", Map.of("number_nin", "70123456789"), Optional.empty()))));
    }

    @Test
    void an_own_key_is_app_id_and_secret_and_unserved_checks_are_not_called() {
        stub("/api/v1/kyc/nin", 200, NIN_ENTITY);
        dojah.run(request("nin", Map.of("number_nin", "70123456789"), Optional.of("merchant-app:merchant_sk")));
        wiremock.verify(getRequestedFor(urlPathEqualTo("/api/v1/kyc/nin"))
                .withHeader("AppId", equalTo("merchant-app")).withHeader("Authorization", equalTo("merchant_sk")));
        assertEquals(CheckOutcome.Cause.REJECTED,
                cause(dojah.run(request("kra_pin", Map.of("number", "P051234567X"), Optional.empty()))));
        assertEquals(1, wiremock.getAllServeEvents().size());
        assertTrue(new DojahKyc(URI.create(wiremock.baseUrl()), "", "", Duration.ofMillis(5000))
                .run(request("nin", Map.of("number_nin", "70123456789"), Optional.empty()))
                instanceof CheckOutcome.ProviderUnavailable u && u.cause() == CheckOutcome.Cause.REJECTED);
    }

    static CheckOutcome.Cause cause(CheckOutcome outcome) {
        return assertInstanceOf(CheckOutcome.ProviderUnavailable.class, outcome).cause();
    }
}
