package io.mizani.adapter.persistence.billing;

import java.math.BigDecimal;
import java.util.List;

import io.mizani.application.billing.ServiceWallet;
import io.mizani.domain.error.DomainError;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;

/**
 * The service wallet ledger in SQL. A credit inserts its ledger row first: the partial unique index on
 * (account_id, reference) for credits makes a concurrent or later repeat wait and then insert nothing, so a
 * reference credits once on any number of replicas. The balance moves by one UPDATE ... RETURNING.
 */
@ApplicationScoped
class SqlServiceWallet implements ServiceWallet {

    private final EntityManager em;

    SqlServiceWallet(EntityManager em) {
        this.em = em;
    }

    @Override
    public void open(long accountId) {
        em.createNativeQuery("INSERT INTO service_wallets (account_id, currency, balance) VALUES (?1, ?2, 0) "
                + "ON CONFLICT (account_id) DO NOTHING").setParameter(1, accountId).setParameter(2, CURRENCY)
                .executeUpdate();
    }

    @Override
    public BigDecimal credit(long accountId, BigDecimal amount, String reference) {
        @SuppressWarnings("unchecked")
        List<Object> inserted = em.createNativeQuery("INSERT INTO wallet_entries "
                        + "(account_id, kind, amount, reference, balance_after) VALUES (?1, 'credit', ?2, ?3, 0) "
                        + "ON CONFLICT (account_id, reference) WHERE kind = 'credit' DO NOTHING RETURNING id")
                .setParameter(1, accountId).setParameter(2, amount).setParameter(3, reference).getResultList();
        if (inserted.isEmpty()) {
            Object[] earlier = (Object[]) em.createNativeQuery("SELECT amount, balance_after FROM wallet_entries "
                            + "WHERE account_id = ?1 AND reference = ?2 AND kind = 'credit'", Object[].class)
                    .setParameter(1, accountId).setParameter(2, reference).getSingleResult();
            if (((BigDecimal) earlier[0]).compareTo(amount) != 0) {
                throw DomainError.invalidArgument("reference " + reference + " was already used for a credit of "
                        + ((BigDecimal) earlier[0]).toPlainString());
            }
            return (BigDecimal) earlier[1];
        }
        long entryId = ((Number) inserted.get(0)).longValue();
        BigDecimal balance = (BigDecimal) em.createNativeQuery("UPDATE service_wallets SET balance = balance + ?2, "
                        + "updated_at = now() WHERE account_id = ?1 RETURNING balance")
                .setParameter(1, accountId).setParameter(2, amount).getSingleResult();
        em.createNativeQuery("UPDATE wallet_entries SET balance_after = ?2 WHERE id = ?1")
                .setParameter(1, entryId).setParameter(2, balance).executeUpdate();
        return balance;
    }

    @Override
    public BigDecimal balance(long accountId) {
        return (BigDecimal) em.createNativeQuery("SELECT balance FROM service_wallets WHERE account_id = ?1")
                .setParameter(1, accountId).getResultStream().findFirst().orElse(BigDecimal.ZERO.setScale(2));
    }
}
