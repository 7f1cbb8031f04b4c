package io.mizani.bootstrap.common;

import io.mizani.domain.teamkyc.AccountInformation;
import io.mizani.domain.teamkyc.ContactInformation;
import io.mizani.domain.teamkyc.EntityInformation;
import io.mizani.domain.teamkyc.ReviewInformation;
import io.mizani.domain.teamkyc.TokenSnapshot;
import io.mizani.domain.teamkyc.UpgradeInformation;
import io.mizani.domain.teamkyc.UploadInformation;
import io.mizani.domain.teamkyc.VerificationInformation;
import io.mizani.domain.verification.VerificationToken;
import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * Native image: classes Jackson reads or writes by reflection that Quarkus cannot discover by itself (bodies
 * handed to {@code Response.entity(..)}, request records, the idempotency replay, the Team KYC JSON columns).
 * The JVM build ignores this. {@code NativeReflectionTest} fails when a JSON record is added outside these holders.
 */
@RegisterForReflection(ignoreNested = false, classNames = {
        "io.mizani.adapter.rest.admin.AdminResource",
        "io.mizani.adapter.rest.beneficiary.BeneficiaryInput",
        "io.mizani.adapter.rest.common.MerchantRateLimiter",
        "io.mizani.adapter.rest.common.Contrast",
        "io.mizani.adapter.rest.console.ConsoleViews",
        "io.mizani.adapter.rest.console.ConsolePages",
        "io.mizani.adapter.rest.console.ConsoleOperationsViews",
        "io.mizani.adapter.rest.balance.AdminBalanceResource",
        "io.mizani.adapter.rest.beneficiary.BeneficiaryJson",
        "io.mizani.adapter.rest.events.EventJson",
        "io.mizani.adapter.rest.operator.OperatorResource",
        "io.mizani.adapter.rest.operator.ApprovalResource",
        "io.mizani.application.audit.AuditService",
        "io.mizani.adapter.rest.payment.PaymentDtos",
        "io.mizani.adapter.rest.payment.CheckoutViews",
        "io.mizani.adapter.rest.refund.RefundResource",
        "io.mizani.adapter.rest.payout.PayeeResource",
        "io.mizani.adapter.rest.payout.PayoutBatchResource",
        "io.mizani.adapter.rest.statement.StatementResource",
        "io.mizani.adapter.rest.screening.ScreeningDtos",
        "io.mizani.adapter.rest.payment.PaymentChannelsResource",
        "io.mizani.adapter.rest.tenancy.ApiKeyJson",
        "io.mizani.adapter.rest.tenancy.EndpointScopes",
        "io.mizani.adapter.rest.tenancy.ScopeFilter",
        "io.mizani.adapter.rest.audit.AuditedInterceptor",
        "io.mizani.adapter.rest.team.TeamJson",
        "io.mizani.adapter.rest.team.TeamResource",
        "io.mizani.adapter.rest.team.InvitePage",
        "io.mizani.adapter.rest.teamkyc.AccountKycJson",
        "io.mizani.adapter.rest.verification.VerificationDtos",
        "io.mizani.adapter.rest.verification.VerificationRoutingResource" })
public final class NativeReflection {

    private NativeReflection() {
    }

    /** Team KYC sections stored as JSON columns by the persistence adapter (a token snapshot flat: its parts inline). */
    @RegisterForReflection(registerFullHierarchy = true, targets = {
            ContactInformation.class, EntityInformation.class, AccountInformation.class, UpgradeInformation.class,
            VerificationInformation.class, ReviewInformation.class, TokenSnapshot.class, UploadInformation.class,
            VerificationToken.Checked.class, VerificationToken.Finding.class })
    public static final class StoredJson {
        private StoredJson() {
        }
    }
}
