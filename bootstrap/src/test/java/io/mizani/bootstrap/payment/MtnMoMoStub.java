package io.mizani.bootstrap.payment;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder;
import com.github.tomakehurst.wiremock.extension.ResponseDefinitionTransformerV2;
import com.github.tomakehurst.wiremock.http.Fault;
import com.github.tomakehurst.wiremock.http.RequestMethod;
import com.github.tomakehurst.wiremock.http.ResponseDefinition;
import com.github.tomakehurst.wiremock.stubbing.ServeEvent;
import io.restassured.path.json.JsonPath;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching;

/**
 * A stateful stand-in for MTN's MoMo Open API (a WireMock response transformer), for tests that must count what MTN
 * would have done: Request to Pay and Transfer take a request under its {@code X-Reference-Id} once; a second POST of
 * a taken id answers {@code 409 RESOURCE_ALREADY_EXIST} ("Duplicated reference id", as MTN's Common Error Codes say)
 * and takes nothing; {@code GET .../{X-Reference-Id}} answers 404 {@code RESOURCE_NOT_FOUND} for an id it never took,
 * else 200 with the transfer and its {@code status} (MTN answers 200 for a FAILED one too, with {@code reason}).
 * <p>
 * How the first POST of a new id is answered is the test's choice ({@link #firstAnswer}): at once, slowly (taken, the
 * 202 arriving after the caller gave up), 500 (not taken: the caller must find it missing and send it again), or the
 * connection dropped after taking it (no answer at all).
 */
final class MtnMoMoStub implements ResponseDefinitionTransformerV2 {

    static final String RTP = "/collection/v1_0/requesttopay";
    static final String TRANSFER = "/disbursement/v1_0/transfer";
    private static final Pattern PATH = Pattern.compile("(/collection/v1_0/requesttopay|/disbursement/v1_0/transfer)(?:/([^/?]+))?");

    /** How MTN answers the first POST of an X-Reference-Id it has not taken yet. */
    enum Answer {
        /** Taken, 202 at once. */
        ACCEPT,
        /** Taken, 202 only after {@link #slowMs} (longer than the service waits). */
        SLOW,
        /** Not taken, 500: the service must find it missing (404) and send it again under the same id. */
        ERROR_500,
        /**
         * Taken, then the connection is reset: no answer at all; and the first lookup does not see it yet (404), so a
         * right service sends it again under the same id and is told 409, already submitted.
         */
        TAKE_AND_DROP
    }

    /** One request MTN took: its resource (RTP or TRANSFER), X-Reference-Id, body fields and callback URL. */
    record Taken(String resource, String referenceId, String externalId, String amount, String currency,
                 String party, String callbackUrl) {
    }

    /** What MTN holds about a payment's requests, counted as they arrived. */
    record Counts(int posts, int accepted, int conflicts, int refused, int lookups, int notFound) {
    }

    volatile BiFunction<String, Integer, Answer> firstAnswer = (resource, n) -> Answer.ACCEPT;
    volatile int slowMs = 4000;

    private final Map<String, Taken> taken = new LinkedHashMap<>();
    /** externalId → every X-Reference-Id MTN took a new request under for it (one, if the service is right). */
    private final Map<String, List<String>> acceptedByExternalId = new HashMap<>();
    private final Set<String> notVisibleYet = new HashSet<>();
    private final Map<String, Set<String>> postedByExternalId = new HashMap<>();
    private final List<Long> slowSince = new ArrayList<>();
    private final Map<String, int[]> counts = new HashMap<>();
    private final Map<String, Integer> seenIds = new HashMap<>();
    private final Map<String, Integer> newIdsPerResource = new HashMap<>();
    /** externalId → {status, reason} a lookup answers once taken; PENDING when not set. */
    private final Map<String, String[]> outcomes = new HashMap<>();

    @Override
    public String getName() {
        return "mtn-momo";
    }

    /** Only the stubs naming it (the token endpoints are plain stubs). */
    @Override
    public boolean applyGlobally() {
        return false;
    }

    /** Starts a WireMock server with the token endpoints of both products and this model behind the payment resources. */
    static WireMockServer start(MtnMoMoStub model) {
        WireMockServer mtn = new WireMockServer(com.github.tomakehurst.wiremock.core.WireMockConfiguration.options()
                .dynamicPort().extensions(model));
        mtn.start();
        ProviderStubs.mtnTokens(mtn);
        mtn.stubFor(com.github.tomakehurst.wiremock.client.WireMock.any(urlPathMatching(PATH.pattern()))
                .willReturn(aResponse().withTransformers(model.getName())));
        return mtn;
    }

    /** From now on a lookup of this payment's request says {@code status} (and {@code reason} when FAILED). */
    synchronized void settle(String externalId, String status, String reason) {
        outcomes.put(externalId, new String[]{status, reason});
    }

    synchronized List<Taken> taken(String resource) {
        return taken.values().stream().filter(t -> t.resource().equals(resource)).toList();
    }

    synchronized Taken taken(String resource, String externalId) {
        return taken.values().stream().filter(t -> t.resource().equals(resource) && t.externalId().equals(externalId))
                .findFirst().orElse(null);
    }

    /** Every X-Reference-Id a new request was taken under for this payment (its externalId). */
    synchronized List<String> acceptedFor(String externalId) {
        return List.copyOf(acceptedByExternalId.getOrDefault(externalId, List.of()));
    }

    synchronized Counts counts(String referenceId) {
        int[] c = counts.getOrDefault(referenceId, new int[6]);
        return new Counts(c[0], c[1], c[2], c[3], c[4], c[5]);
    }

    /** Every X-Reference-Id a POST for this payment (its externalId) carried, taken or not. */
    synchronized Set<String> postedIdsFor(String externalId) {
        return Set.copyOf(postedByExternalId.getOrDefault(externalId, Set.of()));
    }

    /** How many slow answers MTN is still holding back. */
    synchronized int slowHeld() {
        long now = System.nanoTime();
        return (int) slowSince.stream().filter(t -> now - t < slowMs * 1_000_000L).count();
    }

    @Override
    public synchronized ResponseDefinition transform(ServeEvent event) {
        var request = event.getRequest();
        Matcher m = PATH.matcher(request.getUrl());
        if (!m.matches()) {
            return error(404, "RESOURCE_NOT_FOUND", "Requested resource was not found.").build();
        }
        String resource = m.group(1);
        if (RequestMethod.GET.equals(request.getMethod()) && m.group(2) != null) {
            String id = m.group(2);
            int[] c = counts.computeIfAbsent(id, k -> new int[6]);
            c[4]++;
            Taken t = taken.get(id);
            if (t == null || !t.resource().equals(resource) || notVisibleYet.remove(id)) {
                c[5]++;
                return error(404, "RESOURCE_NOT_FOUND", "Requested resource was not found.").build();
            }
            return aResponse().withStatus(200).withHeader("Content-Type", "application/json").withBody(lookup(t)).build();
        }
        if (!RequestMethod.POST.equals(request.getMethod()) || m.group(2) != null) {
            return error(404, "RESOURCE_NOT_FOUND", "Requested resource was not found.").build();
        }
        String id = request.getHeader("X-Reference-Id");
        if (id == null || !id.matches("[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}")) {
            return error(400, "INVALID_REFERENCE_ID", "Reference ID must be a UUID version 4.").build();
        }
        int[] c = counts.computeIfAbsent(id, k -> new int[6]);
        c[0]++;
        JsonPath body = new JsonPath(request.getBodyAsString());
        postedByExternalId.computeIfAbsent(body.getString("externalId"), k -> new HashSet<>()).add(id);
        if (taken.containsKey(id)) {
            c[2]++;
            return error(409, "RESOURCE_ALREADY_EXIST", "Duplicated reference id. Creation of resource failed.").build();
        }
        Answer answer = Answer.ACCEPT;
        if (!seenIds.containsKey(id)) {
            int n = newIdsPerResource.merge(resource, 1, Integer::sum) - 1;
            seenIds.put(id, n);
            answer = firstAnswer.apply(resource, n);
        }
        if (answer == Answer.ERROR_500) {
            c[3]++;
            return error(500, "INTERNAL_PROCESSING_ERROR", "An internal error occured while processing.").build();
        }
        String party = RTP.equals(resource) ? "payer" : "payee";
        Taken t = new Taken(resource, id, body.getString("externalId"), body.getString("amount"), body.getString("currency"),
                body.getString(party + ".partyId"), request.getHeader("X-Callback-Url"));
        taken.put(id, t);
        c[1]++;
        acceptedByExternalId.computeIfAbsent(t.externalId(), k -> new ArrayList<>()).add(id);
        return switch (answer) {
            case SLOW -> {
                slowSince.add(System.nanoTime());
                yield aResponse().withStatus(202).withFixedDelay(slowMs).build();
            }
            case TAKE_AND_DROP -> {
                notVisibleYet.add(id);
                yield aResponse().withFault(Fault.CONNECTION_RESET_BY_PEER).build();
            }
            default -> aResponse().withStatus(202).build();
        };
    }

    private String lookup(Taken t) {
        String[] o = outcomes.getOrDefault(t.externalId(), new String[]{"PENDING", null});
        String party = RTP.equals(t.resource()) ? "payer" : "payee";
        return "{\"amount\":\"" + t.amount() + "\",\"currency\":\"" + t.currency() + "\",\"financialTransactionId\":\""
                + Math.abs(t.referenceId().hashCode()) + "\",\"externalId\":\"" + t.externalId() + "\",\"" + party
                + "\":{\"partyIdType\":\"MSISDN\",\"partyId\":\"" + t.party() + "\"},\"status\":\"" + o[0] + "\""
                + (o[1] == null ? "" : ",\"reason\":\"" + o[1] + "\"") + "}";
    }

    private static ResponseDefinitionBuilder error(int status, String code, String message) {
        return aResponse().withStatus(status).withHeader("Content-Type", "application/json")
                .withBody("{\"code\":\"" + code + "\",\"message\":\"" + message + "\"}");
    }
}
