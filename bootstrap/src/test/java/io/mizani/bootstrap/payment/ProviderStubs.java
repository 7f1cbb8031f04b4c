package io.mizani.bootstrap.payment;

import com.github.tomakehurst.wiremock.WireMockServer;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;

import static com.github.tomakehurst.wiremock.client.WireMock.*;

/**
 * WireMock stubs of the rails' documented request and answer shapes (docs/rails.md quotes the providers' docs), shared
 * by the in-process API tests and the packaged end-to-end test ({@link RailsPackagedIT}).
 */
final class ProviderStubs {

    static final String MTN_API_USER = "0b1e2c1e-7a5b-4c2e-9a0e-2f1d3c4b5a69";
    static final String MTN_API_KEY = "mtn-api-key";
    static final String MTN_COLLECTION_KEY = "col-key";
    static final String MTN_DISBURSEMENT_KEY = "dis-key";
    static final String AIRTEL_CLIENT_ID = "airtel-client";
    static final String AIRTEL_CLIENT_SECRET = "airtel-secret";
    static final String AIRTEL_COLLECT = "/merchant/v1/payments/";
    static final String AIRTEL_ENQUIRY = "/standard/v1/payments/";
    static final String AIRTEL_DISBURSE = "/standard/v1/disbursements/";

    private ProviderStubs() {
    }

    /** MTN's token endpoint of each product: Basic api user:api key and the product's own subscription key. */
    static void mtnTokens(WireMockServer mtn) {
        for (String[] product : new String[][]{{"collection", MTN_COLLECTION_KEY},
                {"disbursement", MTN_DISBURSEMENT_KEY}}) {
            mtn.stubFor(post(urlEqualTo("/" + product[0] + "/token/"))
                    .withBasicAuth(MTN_API_USER, MTN_API_KEY)
                    .withHeader("Ocp-Apim-Subscription-Key", equalTo(product[1]))
                    .willReturn(okJson("{\"access_token\":\"tok-" + product[0]
                            + "\",\"token_type\":\"access_token\",\"expires_in\":3600}")));
        }
    }

    /**
     * Airtel's OAuth2 token, USSD push and disbursement taking the request (in progress), and enquiries answering
     * in progress (TIP) until a test stubs a verdict for one transaction at a higher priority.
     */
    static void airtel(WireMockServer airtel) {
        airtel.stubFor(post(urlEqualTo("/auth/oauth2/token"))
                .withRequestBody(equalToJson("{\"client_id\":\"" + AIRTEL_CLIENT_ID + "\",\"client_secret\":\""
                        + AIRTEL_CLIENT_SECRET + "\",\"grant_type\":\"client_credentials\"}"))
                .willReturn(okJson("{\"access_token\":\"tok-airtel\",\"expires_in\":\"180\",\"token_type\":\"bearer\"}")));
        airtel.stubFor(post(urlEqualTo(AIRTEL_COLLECT)).willReturn(okJson("{\"data\":{\"transaction\":{\"id\":false,"
                + "\"status\":\"SUCCESS\"}},\"status\":{\"code\":\"200\",\"message\":\"SUCCESS\",\"result_code\":\"ESB000010\","
                + "\"response_code\":\"DP00800001006\",\"success\":true}}")));
        airtel.stubFor(post(urlEqualTo(AIRTEL_DISBURSE)).willReturn(okJson("{\"data\":{\"transaction\":{\"reference_id\":\"18354\","
                + "\"airtel_money_id\":\"product-partner-41\",\"id\":\"x\",\"status\":\"TIP\",\"message\":\"In progress\"}},"
                + "\"status\":{\"response_code\":\"DP00900001006\",\"code\":\"200\",\"success\":true,\"message\":\"SUCCESS\"}}")));
        airtel.stubFor(get(urlPathMatching(AIRTEL_ENQUIRY + "MZA.*")).atPriority(10)
                .willReturn(okJson(airtelEnquiry("TIP", "DP00800001006"))));
        airtel.stubFor(get(urlPathMatching(AIRTEL_DISBURSE + "MZA.*")).atPriority(10)
                .willReturn(okJson(airtelEnquiry("TIP", "DP00900001006"))));
    }

    /** Airtel's enquiry answer with this transaction status (TS, TF, TIP, ...) and response code. */
    static String airtelEnquiry(String status, String code) {
        return "{\"data\":{\"transaction\":{\"airtel_money_id\":\"MP210603.1234.L06941\",\"id\":\"x\",\"message\":\"m\","
                + "\"status\":\"" + status + "\"}},\"status\":{\"code\":\"200\",\"message\":\"SUCCESS\",\"result_code\":"
                + "\"ESB000010\",\"response_code\":\"" + code + "\",\"success\":true}}";
    }

    /** Airtel's callback for a transaction (its status_code: TS, TF). */
    static String airtelCallback(String id, String statusCode) {
        return "{\"transaction\":{\"id\":\"" + id + "\",\"message\":\"Paid KES 500 to MIZANI\",\"status_code\":\""
                + statusCode + "\",\"airtel_money_id\":\"MP210603.1234.L06941\"}}";
    }

    static final String PAYSTACK_BANKS = """
            {"status":true,"message":"Banks retrieved","data":[
            {"name":"Access Bank","slug":"access-bank","code":"044","longcode":"044150149","gateway":"emandate",
             "pay_with_bank":false,"supports_transfer":true,"active":true,"is_deleted":false,"country":"Nigeria",
             "currency":"NGN","type":"nuban","id":1,"createdAt":"2016-07-14T10:04:29.000Z","updatedAt":"2020-02-18T08:06:44.000Z"},
            {"name":"Guaranty Trust Bank","slug":"guaranty-trust-bank","code":"058","longcode":"058152036","gateway":"ibank",
             "pay_with_bank":true,"supports_transfer":true,"active":true,"is_deleted":null,"country":"Nigeria",
             "currency":"NGN","type":"nuban","id":9,"createdAt":"2016-07-14T10:04:29.000Z","updatedAt":"2020-02-18T20:24:02.000Z"}],
            "meta":{"next":null,"previous":null,"perPage":100}}""";

    /**
     * Paystack's bank list, Transaction Initialize, Transfer Recipient and Transfer taking the request, and lookups
     * answering "not paid yet" (abandoned) and "pending" until a test stubs a verdict at a higher priority.
     */
    static void paystack(WireMockServer paystack) {
        paystack.stubFor(get(urlPathEqualTo("/bank")).willReturn(okJson(PAYSTACK_BANKS)));
        paystack.stubFor(post(urlEqualTo("/transaction/initialize")).willReturn(okJson(
                "{\"status\":true,\"message\":\"Authorization URL created\",\"data\":{\"authorization_url\":"
                        + "\"https://checkout.paystack.com/0peioxfhpn\",\"access_code\":\"0peioxfhpn\",\"reference\":\"x\"}}")));
        paystack.stubFor(get(urlPathMatching("/transaction/verify/.*")).atPriority(10)
                .willReturn(okJson(paystackVerify("abandoned", 0, "The transaction was not completed"))));
        paystack.stubFor(post(urlEqualTo("/transferrecipient")).willReturn(aResponse().withStatus(201)
                .withHeader("Content-Type", "application/json").withBody("""
                        {"status":true,"message":"Transfer recipient created successfully","data":{"active":true,
                        "createdAt":"2026-03-01T09:30:06.000Z","currency":"NGN","domain":"test","id":6788170,
                        "integration":428626,"name":"Ada Obi","recipient_code":"RCP_t0ya41mp35flk40","type":"nuban",
                        "updatedAt":"2026-03-01T09:30:06.000Z","is_deleted":false,"details":{"authorization_code":null,
                        "account_number":"0001234567","account_name":null,"bank_code":"058","bank_name":"Guaranty Trust Bank"}}}""")));
        paystack.stubFor(post(urlEqualTo("/transfer")).willReturn(okJson(paystackTransfer("pending"))));
        paystack.stubFor(get(urlPathMatching("/transfer/verify/.*")).atPriority(10).willReturn(okJson(paystackTransfer("pending"))));
    }

    /** Paystack's Verify Transaction answer. */
    static String paystackVerify(String status, long amount, String gatewayResponse) {
        return "{\"status\":true,\"message\":\"Verification successful\",\"data\":{\"id\":4099260516,\"domain\":\"test\","
                + "\"status\":\"" + status + "\",\"reference\":\"r\",\"amount\":" + amount + ",\"gateway_response\":\""
                + gatewayResponse + "\",\"channel\":\"card\",\"currency\":\"NGN\"}}";
    }

    /** Paystack's Initiate / Verify Transfer answer. */
    static String paystackTransfer(String status) {
        return "{\"status\":true,\"message\":\"Transfer has been queued\",\"data\":{\"domain\":\"test\",\"amount\":1500000,"
                + "\"currency\":\"NGN\",\"reference\":\"r\",\"source\":\"balance\",\"reason\":\"test\",\"status\":\"" + status
                + "\",\"transfer_code\":\"TRF_1ptvuv321ahaa7q\",\"id\":29473457,\"recipient\":6788170}}";
    }

    /** x-paystack-signature of a body: signed here with the JDK's HMAC-SHA512, independently of the service's check. */
    static String paystackSignature(String secretKey, String body) {
        try {
            Mac mac = Mac.getInstance("HmacSHA512");
            mac.init(new SecretKeySpec(secretKey.getBytes(StandardCharsets.UTF_8), "HmacSHA512"));
            return HexFormat.of().formatHex(mac.doFinal(body.getBytes(StandardCharsets.UTF_8)));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
