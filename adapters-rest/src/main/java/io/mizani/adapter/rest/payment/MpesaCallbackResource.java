package io.mizani.adapter.rest.payment;

import io.mizani.application.payment.RailOutcome;
import jakarta.annotation.security.PermitAll;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * Where Safaricom Daraja posts STK Push callbacks, B2C results, Transaction Status results, Reversal results and
 * the Transaction Status results about reversals ({@code /providers/mpesa/<token>/...}).
 * Daraja signs nothing, so the path carries a secret token ({@code mizani.payments.mpesa.callback-token}); a wrong token
 * answers 404. The body is parsed by the provider adapter and settles the payment through
 * {@link io.mizani.application.payment.ProviderSettlement}. Daraja is always answered with its own
 * acknowledgement shape.
 */
@PermitAll
@Path("/providers/mpesa/{token}")
@Consumes(MediaType.WILDCARD)
@Produces(MediaType.APPLICATION_JSON)
public class MpesaCallbackResource {

    /** Parses a notice into (provider reference, outcome); bound in bootstrap to the Daraja adapter's readers. */
    public interface NoticeReader extends Function<String, Map.Entry<String, RailOutcome>> {
    }

    @Inject
    @Named("mpesa-stk")
    NoticeReader stkReader;
    @Inject
    @Named("mpesa-b2c")
    NoticeReader b2cReader;
    @Inject
    @Named("mpesa-settle")
    BiFunction<String, RailOutcome, Boolean> settle;
    @Inject
    @Named("mpesa-status")
    Function<String, RailOutcome> statusReader;
    @Inject
    @Named("mpesa-settle-reference")
    BiFunction<String, RailOutcome, Boolean> settleReference;

    @Inject
    @Named("mpesa-reversal")
    NoticeReader reversalReader;
    /** Reads the Transaction Status result about a reversal (bound to the Daraja adapter's reader). */
    @Inject
    @Named("mpesa-reversal-status")
    Function<String, RailOutcome> reversalStatusReader;
    /** Settles the refund a reversal result names ({@code R<number>}); false when nothing moved. */
    @Inject
    @Named("mpesa-refund-settle")
    BiFunction<String, RailOutcome, Boolean> settleRefund;

    @ConfigProperty(name = "mizani.payments.mpesa.callback-token")
    Optional<String> callbackToken;

    @POST
    @Path("/stk-callback")
    public Response stk(@PathParam("token") String token, String body) {
        return handle(token, body, stkReader);
    }

    /** STK callback addressed to our reference: settles the payment even when its CheckoutRequestID was never seen. */
    @POST
    @Path("/stk-callback/{reference}")
    public Response stkFor(@PathParam("token") String token, @PathParam("reference") String reference, String body) {
        if (!tokenMatches(token)) {
            return Response.status(404).build();
        }
        Map.Entry<String, RailOutcome> notice;
        try {
            notice = stkReader.apply(body);
        } catch (IllegalArgumentException malformed) {
            return Response.status(400).entity(Map.of("ResultCode", 1, "ResultDesc", "Rejected")).build();
        }
        if (!settle.apply(notice.getKey(), notice.getValue())) {
            settleReference.apply(reference, notice.getValue());
        }
        return ack();
    }

    /** Result of a Transaction Status query about the payment with this reference. */
    @POST
    @Path("/status-result/{reference}")
    public Response statusResult(@PathParam("token") String token, @PathParam("reference") String reference, String body) {
        if (!tokenMatches(token)) {
            return Response.status(404).build();
        }
        RailOutcome outcome;
        try {
            outcome = statusReader.apply(body);
        } catch (IllegalArgumentException malformed) {
            return Response.status(400).entity(Map.of("ResultCode", 1, "ResultDesc", "Rejected")).build();
        }
        settleReference.apply(reference, outcome);
        return ack();
    }

    /** Result of a Daraja Reversal made for a refund ({@code R<number>}): settles that refund. */
    @POST
    @Path("/reversal-result/{refund}")
    public Response reversalResult(@PathParam("token") String token, @PathParam("refund") String refund, String body) {
        if (!tokenMatches(token)) {
            return Response.status(404).build();
        }
        Map.Entry<String, RailOutcome> notice;
        try {
            notice = reversalReader.apply(body);
        } catch (IllegalArgumentException malformed) {
            return Response.status(400).entity(Map.of("ResultCode", 1, "ResultDesc", "Rejected")).build();
        }
        settleRefund.apply(refund, notice.getValue());
        return ack();
    }

    /**
     * Result of the Transaction Status query about a reversal whose own result never arrived ({@code R<number>}):
     * settles that refund, never a payment; no verdict (the query failed, the reversal still in progress) changes
     * nothing.
     */
    @POST
    @Path("/reversal-status-result/{refund}")
    public Response reversalStatusResult(@PathParam("token") String token, @PathParam("refund") String refund,
                                         String body) {
        if (!tokenMatches(token)) {
            return Response.status(404).build();
        }
        RailOutcome outcome;
        try {
            outcome = reversalStatusReader.apply(body);
        } catch (IllegalArgumentException malformed) {
            return Response.status(400).entity(Map.of("ResultCode", 1, "ResultDesc", "Rejected")).build();
        }
        settleRefund.apply(refund, outcome);
        return ack();
    }

    @POST
    @Path("/b2c-result")
    public Response b2c(@PathParam("token") String token, String body) {
        return handle(token, body, b2cReader);
    }

    /** Daraja queued the request past its timeout: no verdict; the payment stays pending. */
    @POST
    @Path("/b2c-timeout")
    public Response timeout(@PathParam("token") String token, String body) {
        if (!tokenMatches(token)) {
            return Response.status(404).build();
        }
        return ack();
    }

    private Response handle(String token, String body, NoticeReader reader) {
        if (!tokenMatches(token)) {
            return Response.status(404).build();
        }
        Map.Entry<String, RailOutcome> notice;
        try {
            notice = reader.apply(body);
        } catch (IllegalArgumentException malformed) {
            return Response.status(400).entity(Map.of("ResultCode", 1, "ResultDesc", "Rejected")).build();
        }
        settle.apply(notice.getKey(), notice.getValue());
        return ack();
    }

    private static Response ack() {
        return Response.ok(Map.of("ResultCode", 0, "ResultDesc", "Accepted")).build();
    }

    private boolean tokenMatches(String token) {
        return callbackToken.filter(t -> !t.isBlank()).map(t -> MessageDigest.isEqual(
                t.getBytes(StandardCharsets.UTF_8), String.valueOf(token).getBytes(StandardCharsets.UTF_8))).orElse(false);
    }
}
