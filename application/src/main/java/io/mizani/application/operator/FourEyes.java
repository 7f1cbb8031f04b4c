package io.mizani.application.operator;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.mizani.application.balance.AdjustBalance;
import io.mizani.application.billing.ServiceWallet;
import io.mizani.application.common.UnitOfWork;
import io.mizani.application.team.MerchantAdministration;
import io.mizani.domain.error.DomainError;
import io.mizani.domain.operator.ApprovalKind;
import io.mizani.domain.operator.ApprovalStatus;
import io.mizani.domain.operator.FourEyesRule;

/**
 * Four eyes (platform.md section 18): a balance adjustment or a service-wallet credit at or above the threshold is
 * stored as a pending approval instead of being applied; another admin or finance operator approves it (applied
 * then, exactly once: the decision is a conditional update of the approval row, in the transaction that applies it,
 * and the ledger's repeated-reference rule still holds) or rejects it.
 */
public final class FourEyes {

    /** What a request led to: applied at once (its answer), or an approval to wait for. */
    public sealed interface Outcome permits Applied, Pending {
    }

    public record Applied(Map<String, Object> result) implements Outcome {
    }

    public record Pending(ApprovalStore.Approval approval) implements Outcome {
    }

    private final FourEyesRule rule;
    private final ApprovalStore store;
    private final AdjustBalance adjust;
    private final MerchantAdministration admin;
    private final UnitOfWork uow;

    public FourEyes(FourEyesRule rule, ApprovalStore store, AdjustBalance adjust, MerchantAdministration admin,
                    UnitOfWork uow) {
        this.rule = rule;
        this.store = store;
        this.adjust = adjust;
        this.admin = admin;
        this.uow = uow;
    }

    public Outcome adjust(AdjustBalance.Command raw, OperatorContext by) {
        AdjustBalance.Command c = adjust.validated(raw);
        if (!rule.needsApproval(c.currency(), c.amount())) {
            return new Applied(adjustmentResult(adjust.adjust(c)));
        }
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("account_id", c.accountId());
        body.put("currency", c.currency());
        body.put("amount", c.amount());
        body.put("reference", c.reference());
        body.put("reason", c.reason());
        return new Pending(uow.inTransaction(() -> {
            adjust.requireAccount(c.accountId());
            return store.insertPending(new ApprovalStore.Request(ApprovalKind.BALANCE_ADJUSTMENT, c.accountId(),
                    c.currency() + ":" + c.reference(), body, by.username()));
        }));
    }

    public Outcome credit(long accountId, BigDecimal amount, String reference, OperatorContext by) {
        MerchantAdministration.validateCredit(amount, reference);
        if (!rule.needsApproval(ServiceWallet.CURRENCY, amount)) {
            return new Applied(creditResult(accountId, admin.credit(accountId, amount, reference)));
        }
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("account_id", accountId);
        body.put("amount", amount.setScale(2));
        body.put("reference", reference);
        return new Pending(uow.inTransaction(() -> {
            admin.requireAccount(accountId);
            return store.insertPending(new ApprovalStore.Request(ApprovalKind.SERVICE_WALLET_CREDIT, accountId,
                    reference, body, by.username()));
        }));
    }

    /** Applies a pending approval, decided by another admin or finance operator; 403 for the requester. */
    public ApprovalStore.Approval approve(long id, OperatorContext by) {
        return uow.inTransaction(() -> {
            ApprovalStore.Approval a = pending(id, by);
            store.decide(id, ApprovalStatus.decidableFrom(ApprovalStatus.APPROVED), ApprovalStatus.APPROVED,
                    by.username()).orElseThrow(() -> decided(id));
            store.recordResult(id, apply(a));
            return store.find(id).orElseThrow();
        });
    }

    public ApprovalStore.Approval reject(long id, OperatorContext by) {
        return uow.inTransaction(() -> {
            pending(id, by);
            return store.decide(id, ApprovalStatus.decidableFrom(ApprovalStatus.REJECTED), ApprovalStatus.REJECTED,
                    by.username()).orElseThrow(() -> decided(id));
        });
    }

    public List<ApprovalStore.Approval> list(String status) {
        ApprovalStatus s = status == null || status.isBlank() ? null : ApprovalStatus.parse(status);
        return uow.inTransaction(() -> store.list(s, 100));
    }

    public ApprovalStore.Approval get(long id) {
        return uow.inTransaction(() -> store.find(id)).orElseThrow(() -> notFound(id));
    }

    private ApprovalStore.Approval pending(long id, OperatorContext by) {
        ApprovalStore.Approval a = store.find(id).orElseThrow(() -> notFound(id));
        if (a.requestedBy().equals(by.username())) {
            throw new DomainError(DomainError.Kind.FORBIDDEN, "forbidden",
                    "an approval is decided by another operator than the one who asked for it");
        }
        if (a.status() != ApprovalStatus.PENDING) {
            throw decided(id);
        }
        return a;
    }

    private Map<String, Object> apply(ApprovalStore.Approval a) {
        Map<String, Object> r = a.request();
        long account = ((Number) r.get("account_id")).longValue();
        BigDecimal amount = new BigDecimal(r.get("amount").toString());
        String reference = (String) r.get("reference");
        return switch (a.kind()) {
            case BALANCE_ADJUSTMENT -> adjustmentResult(adjust.adjust(new AdjustBalance.Command(account,
                    (String) r.get("currency"), amount, reference, (String) r.get("reason"))));
            case SERVICE_WALLET_CREDIT -> creditResult(account, admin.credit(account, amount, reference));
        };
    }

    private static Map<String, Object> adjustmentResult(AdjustBalance.Adjusted a) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("account_id", a.accountId());
        out.put("currency", a.currency());
        out.put("available", a.available());
        return out;
    }

    private static Map<String, Object> creditResult(long accountId, BigDecimal balance) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("account_id", accountId);
        out.put("currency", ServiceWallet.CURRENCY);
        out.put("balance", balance);
        return out;
    }

    private static DomainError notFound(long id) {
        return DomainError.notFound("approval " + id + " not found");
    }

    private static DomainError decided(long id) {
        return DomainError.conflict("approval_decided", "approval " + id + " was already decided");
    }
}
