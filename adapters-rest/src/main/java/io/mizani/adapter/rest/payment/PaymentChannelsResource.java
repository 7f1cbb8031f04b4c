package io.mizani.adapter.rest.payment;

import io.mizani.adapter.rest.tenancy.CurrentMerchant;
import io.mizani.application.payment.PaymentChannels;
import jakarta.annotation.security.RolesAllowed;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** The merchant's payment channels (platform.md section 14): what it can use, and whether each provider answers now. */
@Tag(name = "Payments")
@Path("/api/global/payment-channels")
@RolesAllowed("merchant")
@Produces(MediaType.APPLICATION_JSON)
public class PaymentChannelsResource {

    /** One channel on the wire. */
    public record PaymentChannel(String provider, String country, String currency, List<String> rails,
                                 List<String> ramps, String status, boolean available) {
        static PaymentChannel of(PaymentChannels.Channel c) {
            return new PaymentChannel(c.provider(), c.country(), c.currency(), c.rails(), c.ramps(), c.status().wire(),
                    c.available());
        }
    }

    public record PaymentChannelsBody(List<PaymentChannel> channels) {
    }

    @Inject
    CurrentMerchant currentMerchant;
    @Inject
    PaymentChannels channels;

    @Operation(operationId = "listPaymentChannels", summary = "List the Team's payment channels and whether each provider answers now")
    @APIResponse(responseCode = "200",
                content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = PaymentChannelsBody.class)))
    @GET
    public PaymentChannelsBody list() {
        return new PaymentChannelsBody(channels.list(currentMerchant.merchant().accountId()).stream()
                .map(PaymentChannel::of).toList());
    }
}
