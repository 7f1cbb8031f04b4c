package io.mizani.adapter.rest.beneficiary;

import com.fasterxml.jackson.databind.JsonNode;
import io.mizani.adapter.rest.idempotency.Idempotent;
import io.mizani.adapter.rest.tenancy.CurrentMerchant;
import io.mizani.application.beneficiary.BeneficiaryBook;
import io.mizani.application.beneficiary.BeneficiaryCommands;
import io.mizani.application.beneficiary.BeneficiaryQuery;
import io.mizani.application.beneficiary.BeneficiaryUseCases;
import io.mizani.domain.beneficiary.BeneficiaryProfile;
import io.mizani.domain.beneficiary.KycLevel;
import io.mizani.domain.error.DomainError;
import jakarta.annotation.security.RolesAllowed;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Pattern;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import io.mizani.adapter.rest.common.ParameterText;

/**
 * {@code /api/global/beneficiaries}: the merchant's beneficiary book. Single-record answers are the bare beneficiary
 * (the contract's "Returns the beneficiary"); DELETE answers {@code {beneficiary, deleted: true}} and the dry run
 * {@code {beneficiary, currency, amount_usd, eligible, reason}}. An unknown, malformed or another merchant's uuid is
 * 404 {@code beneficiary "<uuid>" does not exist}.
 */
@Tag(name = "Beneficiaries")
@Path("/api/global/beneficiaries")
@RolesAllowed("merchant")
@Produces(MediaType.APPLICATION_JSON)
public class BeneficiaryResource {

    private static final Pattern INTEGER = Pattern.compile("^[0-9]{1,9}$");
    private static final Pattern DAY = Pattern.compile("^\\d{4}-\\d{2}-\\d{2}$");

    private final CurrentMerchant currentMerchant;
    private final BeneficiaryUseCases.CreateBeneficiary create;
    private final BeneficiaryUseCases.UpdateBeneficiary update;
    private final BeneficiaryUseCases.FetchBeneficiary fetch;
    private final BeneficiaryUseCases.DeleteBeneficiary delete;
    private final BeneficiaryUseCases.ListBeneficiaries list;
    private final BeneficiaryUseCases.CheckKycEligibility eligibility;

    @Inject
    public BeneficiaryResource(CurrentMerchant currentMerchant, BeneficiaryUseCases.CreateBeneficiary create,
                               BeneficiaryUseCases.UpdateBeneficiary update, BeneficiaryUseCases.FetchBeneficiary fetch,
                               BeneficiaryUseCases.DeleteBeneficiary delete, BeneficiaryUseCases.ListBeneficiaries list,
                               BeneficiaryUseCases.CheckKycEligibility eligibility) {
        this.currentMerchant = currentMerchant;
        this.create = create;
        this.update = update;
        this.fetch = fetch;
        this.delete = delete;
        this.list = list;
        this.eligibility = eligibility;
    }

    private long account() {
        return currentMerchant.accountId();
    }

    /**
     * 200 with the new beneficiary, or with the existing one when external_reference was already used (merchant-API
     * creates answer 200). Accepts {@code Idempotency-Key} (platform.md section 8).
     */
    @Operation(operationId = "createBeneficiary", summary = "Add a beneficiary")
    @APIResponse(responseCode = "200")
    @APIResponse(responseCode = "409")
    @APIResponse(responseCode = "422")
    @RequestBody(content = @Content(mediaType = MediaType.APPLICATION_JSON,
                schema = @Schema(ref = "BeneficiaryInput"),
                example = "{\"first_name\":\"Wanjiru\",\"last_name\":\"Kamau\",\"email\":\"wanjiru@example.com\","
                        + "\"country\":\"KE\",\"account_number\":\"+254722000123\",\"account_type\":\"momo\"}"))
    @POST
    @Idempotent
    @Consumes(MediaType.APPLICATION_JSON)
    public BeneficiaryJson.Record create(JsonNode body) {
        var parsed = BeneficiaryInput.parse(body);
        return BeneficiaryJson.of(create.create(new BeneficiaryCommands.Create(account(), parsed.fields())).beneficiary());
    }

    @Operation(operationId = "listBeneficiaries", summary = "List beneficiaries")
    @APIResponse(responseCode = "200")
    @GET
    public BeneficiaryJson.List_ list(
            @Parameter(description = "Page number, from 1") @QueryParam("page") String page,
            @Parameter(description = "Items per page") @QueryParam("per") String per,
            @Parameter(description = "Free text matched against names, email, phone and account number")
            @QueryParam("term") String term,
            @Parameter(description = "Only beneficiaries at this KYC level") @QueryParam("kyc_level") String kycLevel,
            @Parameter(description = "`true`: only active beneficiaries; `false`: only deactivated ones")
            @QueryParam("is_active") String isActive,
            @Parameter(description = "Only the beneficiary with this `uuid`") @QueryParam("uuid") String uuid,
            @Parameter(description = ParameterText.FROM) @QueryParam("from") String from,
            @Parameter(description = ParameterText.TO) @QueryParam("to") String to) {
        // every parameter is parsed before the query's own rules run (a malformed value is reported first)
        int pageNumber = integer("page", page, BeneficiaryQuery.DEFAULT_PAGE);
        int perPage = integer("per", per, BeneficiaryQuery.DEFAULT_PER);
        KycLevel level = blank(kycLevel) ? null : KycLevel.fromWire(kycLevel.strip())
                .orElseThrow(() -> invalid("kyc_level must be tier_0 or full", "kyc_level"));
        Boolean active = bool(isActive);
        UUID only = blank(uuid) ? null : uuidFilter(uuid.strip());
        Instant createdFrom = blank(from) ? null : instant("from", from, false);
        Instant createdTo = blank(to) ? null : instant("to", to, true);
        var query = new BeneficiaryQuery(pageNumber, perPage,
                new BeneficiaryQuery.Filter(term, level, active, only, createdFrom, createdTo));
        return BeneficiaryJson.of(list.list(account(), query));
    }

    @Operation(operationId = "getBeneficiary", summary = "Read a beneficiary")
    @APIResponse(responseCode = "200")
    @APIResponse(responseCode = "404")
    @GET
    @Path("/{uuid}")
    public BeneficiaryJson.Record fetch(
            @Parameter(description = ParameterText.BENEFICIARY_UUID) @PathParam("uuid") String uuid) {
        return BeneficiaryJson.of(fetch.fetch(account(), pathUuid(uuid)));
    }

    @Operation(operationId = "updateBeneficiary", summary = "Change some of a beneficiary's details")
    @APIResponse(responseCode = "200")
    @APIResponse(responseCode = "404")
    @RequestBody(content = @Content(mediaType = MediaType.APPLICATION_JSON,
                schema = @Schema(ref = "BeneficiaryChanges"),
                example = "{\"email\":\"wanjiru.kamau@example.com\"}"))
    @PATCH
    @Path("/{uuid}")
    @Consumes(MediaType.APPLICATION_JSON)
    public BeneficiaryJson.Record patch(
            @Parameter(description = ParameterText.BENEFICIARY_UUID) @PathParam("uuid") String uuid,
            JsonNode body) {
        UUID id = pathUuid(uuid);
        var parsed = BeneficiaryInput.parse(body);
        return BeneficiaryJson.of(update.update(
                new BeneficiaryCommands.Update(account(), id, parsed.fields(), parsed.active())));
    }

    /** Identical to PATCH: merges, never replaces. */
    @Operation(operationId = "replaceBeneficiary", summary = "Replace a beneficiary's details")
    @APIResponse(responseCode = "200")
    @APIResponse(responseCode = "404")
    @RequestBody(content = @Content(mediaType = MediaType.APPLICATION_JSON,
                schema = @Schema(ref = "BeneficiaryChanges"),
                example = "{\"first_name\":\"Wanjiru\",\"last_name\":\"Kamau\",\"email\":\"wanjiru@example.com\","
                        + "\"country\":\"KE\",\"account_number\":\"+254722000123\",\"account_type\":\"momo\"}"))
    @PUT
    @Path("/{uuid}")
    @Consumes(MediaType.APPLICATION_JSON)
    public BeneficiaryJson.Record put(
            @Parameter(description = ParameterText.BENEFICIARY_UUID) @PathParam("uuid") String uuid,
            JsonNode body) {
        return patch(uuid, body);
    }

    @Operation(operationId = "deleteBeneficiary", summary = "Delete a beneficiary")
    @APIResponse(responseCode = "200")
    @APIResponse(responseCode = "404")
    @DELETE
    @Path("/{uuid}")
    public BeneficiaryJson.Deleted delete(
            @Parameter(description = ParameterText.BENEFICIARY_UUID) @PathParam("uuid") String uuid) {
        return new BeneficiaryJson.Deleted(BeneficiaryJson.of(delete.delete(account(), pathUuid(uuid))), true);
    }

    @Operation(operationId = "checkBeneficiaryEligibility", summary = "Check whether a payment to a beneficiary would clear KYC")
    @APIResponse(responseCode = "200")
    @APIResponse(responseCode = "404")
    @GET
    @Path("/{uuid}/kyc-eligibility")
    public BeneficiaryJson.Eligibility kycEligibility(
            @Parameter(description = ParameterText.BENEFICIARY_UUID) @PathParam("uuid") String uuid,
            @Parameter(description = "Currency of the payment being considered (ISO 4217)", required = true)
            @QueryParam("currency") String currency,
            @Parameter(description = "USD value of the payment, checked against the tier-0 envelope and the "
                    + "per-payment maximum; may be left out when `amount` is given", required = true)
            @QueryParam("amount_usd") String amountUsd,
            @Parameter(description = "Amount of the payment in `currency`, converted to USD at the service's rate; "
                    + "used only when `amount_usd` is absent")
            @QueryParam("amount") String amount) {
        UUID id = pathUuid(uuid);
        return BeneficiaryJson.of(eligibility.check(new BeneficiaryCommands.Eligibility(account(), id, currency,
                decimal("amount_usd", amountUsd), decimal("amount", amount))));
    }

    private static BigDecimal decimal(String name, String raw) {
        if (blank(raw)) {
            return null;
        }
        try {
            return new BigDecimal(raw.strip());
        } catch (NumberFormatException e) {
            throw invalid(name + " must be a number", name);
        }
    }

    private static UUID pathUuid(String raw) {
        try {
            return UUID.fromString(raw);
        } catch (IllegalArgumentException e) {
            throw BeneficiaryBook.notFound(raw);
        }
    }

    private static UUID uuidFilter(String raw) {
        try {
            UUID parsed = UUID.fromString(raw);
            if (!parsed.toString().equalsIgnoreCase(raw)) {
                throw new IllegalArgumentException();
            }
            return parsed;
        } catch (IllegalArgumentException e) {
            throw invalid("uuid must be a UUID", "uuid");
        }
    }

    private static boolean blank(String value) {
        return value == null || value.isBlank();
    }

    private static int integer(String name, String raw, int fallback) {
        if (raw == null) {
            return fallback;
        }
        String value = raw.strip();
        if (!INTEGER.matcher(value).matches() || Integer.parseInt(value) < 1) {
            throw invalid(name + " must be an integer of at least 1", name);
        }
        return Integer.parseInt(value);
    }

    private static Boolean bool(String raw) {
        if (blank(raw)) {
            return null;
        }
        String value = raw.strip().toLowerCase(Locale.ROOT);
        return switch (value) {
            case "true", "1" -> true;
            case "false", "0" -> false;
            default -> throw invalid("is_active must be true or false", "is_active");
        };
    }

    /**
     * A bound of the created_at range: a day ({@code yyyy-mm-dd} or {@code mm/dd/yyyy}, UTC) or an RFC 3339
     * date-time. {@code to} is inclusive: a day covers the whole day; a date-time covers that instant.
     */
    private static Instant instant(String name, String raw, boolean upper) {
        String value = raw.strip();
        try {
            if (!value.contains("T") && !value.contains("t")) {
                LocalDate day = DAY.matcher(value).matches() ? LocalDate.parse(value) : BeneficiaryProfile.parseDate(value);
                if (day == null) {
                    throw new DateTimeParseException("not a date", value, 0);
                }
                return (upper ? day.plusDays(1) : day).atStartOfDay().toInstant(ZoneOffset.UTC);
            }
            Instant at = OffsetDateTime.parse(value).toInstant();
            return upper ? at.plus(1, ChronoUnit.MICROS) : at;
        } catch (DateTimeParseException e) {
            throw invalid(name + " must be a date (yyyy-mm-dd) or an RFC 3339 date-time", name);
        }
    }

    private static DomainError invalid(String message, String field) {
        return new DomainError(DomainError.Kind.INVALID_ARGUMENT, "invalid_argument", message,
                DomainError.Shape.DEFAULT, Map.of("invalid_arguments", List.of(field)));
    }
}
