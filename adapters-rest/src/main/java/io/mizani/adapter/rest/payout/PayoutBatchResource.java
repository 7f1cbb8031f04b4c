package io.mizani.adapter.rest.payout;

import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import io.mizani.adapter.rest.common.JsonNumberOnly;
import io.mizani.adapter.rest.common.Requests;
import io.mizani.adapter.rest.payment.PaymentDtos;
import io.mizani.adapter.rest.tenancy.CurrentMerchant;
import io.mizani.application.payment.StartPaymentCommand;
import io.mizani.application.payment.TransactionView;
import io.mizani.application.payout.BatchView;
import io.mizani.application.payout.PayoutBatches;
import io.mizani.application.tenancy.MerchantContext;
import jakarta.annotation.security.RolesAllowed;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import io.mizani.adapter.rest.common.ParameterText;

/**
 * Payout batches (platform.md section 16): create (JSON or {@code text/csv}), read, approve, cancel, list items.
 * Another Team's batch answers 404.
 */
@Tag(name = "Payments")
@Path("/api/global/payout-batches")
@RolesAllowed("merchant")
@Produces(MediaType.APPLICATION_JSON)
public class PayoutBatchResource {

    @Inject
    CurrentMerchant currentMerchant;
    @Inject
    PayoutBatches batches;

    /**
     * One item: a withdrawal body without request_type and callback_url (sent ones are ignored; the batch's
     * callback_url is used).
     */
    public record PayoutItemBody(@Schema(required = true) String transactionChannel,
                                 @Schema(required = true) String provider,
                                 @Schema(required = true) @JsonDeserialize(using = JsonNumberOnly.class) BigDecimal amount,
                                 @Schema(required = true) String currency,
                                 @Schema(required = true) String country, String reason,
                                 @Schema(required = true) PaymentDtos.CustomerBody customer,
                                 @Schema(required = true) PaymentDtos.ProviderConfigBody providerConfig,
                                 @Schema(required = true) PayoutPaymentConfigBody paymentConfig) {

        PayoutBatches.Item toItem() {
            return new PayoutBatches.Item(
                    new StartPaymentCommand.Order(null, transactionChannel, provider, amount, currency, country, reason),
                    customer == null ? null : customer.toCommand(),
                    providerConfig == null ? null : providerConfig.toCommand(),
                    paymentConfig == null ? null : paymentConfig.toCommand(), List.of());
        }
    }

    /**
     * An item's payment_config: a withdrawal's without callback_url and redirect_url (the batch's callback_url is
     * used; a sent one is ignored). {@code account_number} may come from the beneficiary {@code customer.customer_uuid}
     * names.
     */
    public record PayoutPaymentConfigBody(@Schema(required = true) String reference, String accountNumber,
                                          String remark, String paymentCategory, String payeeCheck) {

        StartPaymentCommand.PaymentConfig toCommand() {
            return new StartPaymentCommand.PaymentConfig(reference, accountNumber, remark, paymentCategory, null, null,
                    payeeCheck);
        }
    }

    public record CreateBatchBody(@Schema(required = true) String batchReference,
                                  @Schema(required = true) String callbackUrl,
                                  @Schema(required = true) List<PayoutItemBody> items) {
    }

    @Operation(operationId = "createPayoutBatch", summary = "Create a payout batch (JSON or text/csv); it awaits another user's approval")
    @APIResponse(responseCode = "200",
                content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = "PayoutBatchEnvelope")))
    @APIResponse(responseCode = "404")
    @RequestBody(content = @Content(mediaType = MediaType.APPLICATION_JSON,
                example = "{\"batch_reference\":\"payroll-2026-11\","
                        + "\"callback_url\":\"https://merchant.example/callbacks/mizani\","
                        + "\"items\":[{\"transaction_channel\":\"momo\",\"provider\":\"mpesa_ke\","
                        + "\"amount\":1500,\"currency\":\"KES\",\"country\":\"KE\","
                        + "\"customer\":{\"first_name\":\"Ada\",\"last_name\":\"Obi\","
                        + "\"email\":\"ada@example.com\",\"phone\":\"+254700000123\"},"
                        + "\"provider_config\":{\"network_id\":\"net_ke_mpesa\",\"provider_id\":\"mpesa_ke\","
                        + "\"network_name\":\"M-Pesa\",\"network_code\":\"MPESA\",\"account_type\":\"momo\"},"
                        + "\"payment_config\":{\"reference\":\"payroll-2026-11-0001\","
                        + "\"account_number\":\"+254700000123\",\"remark\":\"November pay\","
                        + "\"payment_category\":\"salary\"}}]}"))
    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    public Map<String, Object> create(CreateBatchBody body) {
        Requests.body(body);
        List<PayoutBatches.Item> items = body.items() == null ? null : new ArrayList<>();
        if (body.items() != null) {
            for (PayoutItemBody item : body.items()) {
                items.add(item == null ? new PayoutBatches.Item(null, null, null, null, List.of("item is null"))
                        : item.toItem());
            }
        }
        return envelope(batches.create(new PayoutBatches.CreateBatch(caller(), body.batchReference(),
                body.callbackUrl(), items)));
    }

    /** The same batch as CSV: batch_reference and callback_url as query parameters (see {@link PayoutCsv}). */
    @POST
    @Consumes("text/csv")
    public Map<String, Object> createFromCsv(
            @Parameter(description = ParameterText.BATCH_REFERENCE)
            @QueryParam("batch_reference") String batchReference,
            @Parameter(description = "Where each item's `transaction.*` callbacks are sent (the CSV form's query "
                    + "parameter; the JSON form carries it in the body)")
            @QueryParam("callback_url") String callbackUrl,
            String csv) {
        PayoutBatches.Caller caller = caller();
        // the batch's own fields first: a missing reference is said before the file is read
        if (batchReference == null || batchReference.isBlank() || callbackUrl == null || callbackUrl.isBlank()) {
            new PayoutBatches.CreateBatch(caller, batchReference, callbackUrl, List.of());
        }
        return envelope(batches.create(new PayoutBatches.CreateBatch(caller, batchReference, callbackUrl,
                PayoutCsv.items(csv))));
    }

    @Operation(operationId = "getPayoutBatch", summary = "Read a payout batch")
    @APIResponse(responseCode = "200",
                content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = "PayoutBatchEnvelope")))
    @APIResponse(responseCode = "404")
    @GET
    @Path("/{batch_reference}")
    public Map<String, Object> get(
            @Parameter(description = ParameterText.BATCH_REFERENCE)
            @PathParam("batch_reference") String batchReference) {
        return envelope(batches.get(caller(), batchReference));
    }

    @Operation(operationId = "approvePayoutBatch", summary = "Approve a payout batch: reserve every item and queue them as withdrawals")
    @APIResponse(responseCode = "200",
                content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = "PayoutBatchEnvelope")))
    @APIResponse(responseCode = "404")
    @POST
    @Path("/{batch_reference}/approve")
    public Map<String, Object> approve(
            @Parameter(description = ParameterText.BATCH_REFERENCE)
            @PathParam("batch_reference") String batchReference) {
        return envelope(batches.approve(caller(), batchReference));
    }

    @Operation(operationId = "cancelPayoutBatch", summary = "Cancel a payout batch awaiting approval")
    @APIResponse(responseCode = "200",
                content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = "PayoutBatchEnvelope")))
    @APIResponse(responseCode = "404")
    @POST
    @Path("/{batch_reference}/cancel")
    public Map<String, Object> cancel(
            @Parameter(description = ParameterText.BATCH_REFERENCE)
            @PathParam("batch_reference") String batchReference) {
        return envelope(batches.cancel(caller(), batchReference));
    }

    @Operation(operationId = "listPayoutBatchItems", summary = "List a payout batch's items (its withdrawals, in the batch's order)")
    @APIResponse(responseCode = "200",
                content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = "PayoutBatchItemsPage")))
    @APIResponse(responseCode = "404")
    @GET
    @Path("/{batch_reference}/items")
    public Map<String, Object> items(
            @Parameter(description = ParameterText.BATCH_REFERENCE) @PathParam("batch_reference") String batchReference,
            @Parameter(description = ParameterText.STATUS) @QueryParam("status") String status,
            @Parameter(description = ParameterText.LIMIT) @QueryParam("limit") String limit,
            @Parameter(description = ParameterText.STARTING_AFTER) @QueryParam("starting_after") String startingAfter) {
        var page = batches.items(new PayoutBatches.ItemQuery(caller(), batchReference,
                PayoutBatches.ItemQuery.status(status), limit, startingAfter));
        var out = new LinkedHashMap<String, Object>();
        out.put("items", page.items().stream().map(TransactionView::asMap).toList());
        out.put("has_more", page.hasMore());
        return out;
    }

    private PayoutBatches.Caller caller() {
        MerchantContext m = currentMerchant.merchant();
        return new PayoutBatches.Caller(m.accountId(), m.userId());
    }

    private static Map<String, Object> envelope(BatchView view) {
        return Map.of("batch", view.asMap());
    }
}
