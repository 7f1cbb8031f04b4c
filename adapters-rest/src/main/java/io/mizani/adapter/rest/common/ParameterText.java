package io.mizani.adapter.rest.common;

/**
 * The wording of a parameter that recurs with one meaning across resources ({@code @Parameter(description = ...)}):
 * one text wherever the name means the same thing. A parameter that appears once carries its text on its resource
 * method (docs/openapi.md).
 */
public final class ParameterText {

    public static final String ACCOUNT_ID = "The Team's id (`account.id`)";
    public static final String USER_ID = "The user's id";
    public static final String USERNAME = "The API username of the credentials";
    public static final String BENEFICIARY_UUID = "The beneficiary's `uuid`";
    public static final String CURRENCY = "Currency code (ISO 4217), e.g. `KES`";
    public static final String BATCH_REFERENCE = "The payout batch's reference (`batch_reference`), unique per Team";
    public static final String EVENT_ID = "The event's id (`evt_...`), also its webhook-id";
    public static final String KYC_SUBMISSION_ID = "The KYC submission's id (`account_kyc.id`)";
    public static final String LIMIT = "How many items per page (newest first)";
    public static final String STARTING_AFTER =
            "Cursor: the last item of the previous page (its id or reference); the page starts after it";
    public static final String FROM = "Only items created at or after this time (RFC 3339) or date (`YYYY-MM-DD`)";
    public static final String TO = "Only items created at or before this time (RFC 3339) or date (`YYYY-MM-DD`)";
    public static final String STATUS = "Only items with this status";

    private ParameterText() {
    }
}
