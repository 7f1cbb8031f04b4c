package io.mizani.application.verification;

import io.mizani.application.billing.ServiceWallet;
import io.mizani.application.billing.WalletCharges;
import io.mizani.application.common.UnitOfWork;
import io.mizani.domain.common.Money;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/** Tiny in-memory fakes of the verification ports. */
final class Fakes {

    private Fakes() {
    }

    static final class Wallet implements WalletCharges {
        BigDecimal balance;
        boolean refundsFail;
        final List<String> ledger = new ArrayList<>();

        Wallet(String balance) {
            this.balance = new BigDecimal(balance);
        }

        @Override
        public synchronized boolean debit(long accountId, Money charge, String reference) {
            BigDecimal amount = charge.amount();
            if (balance.compareTo(amount) < 0) {
                return false;
            }
            balance = balance.subtract(amount);
            ledger.add("charge " + amount + " " + reference);
            return true;
        }

        @Override
        public synchronized void refund(long accountId, Money refund, String reference) {
            BigDecimal amount = refund.amount();
            if (refundsFail) {
                throw new IllegalStateException("wallet unavailable");
            }
            balance = balance.add(amount);
            ledger.add("refund " + amount + " " + reference);
        }

        @Override
        public synchronized Money balance(long accountId) {
            return Money.of(balance, ServiceWallet.CURRENCY);
        }
    }

    static class Lookups implements LookupStore {
        final Map<String, LookupRecord> rows = new HashMap<>();
        final Map<String, Instant> retryAt = new HashMap<>();

        @Override
        public void insert(LookupRecord lookup) {
            rows.put(lookup.id().value(), lookup);
        }

        @Override
        public boolean settle(LookupRecord lookup) {
            LookupRecord current = rows.get(lookup.id().value());
            if (current == null || current.settled()) {
                return false;
            }
            rows.put(lookup.id().value(), lookup);
            return true;
        }

        @Override
        public Optional<LookupRecord> findReplayable(long accountId, String check, String cacheKey, Instant now) {
            return rows.values().stream()
                    .filter(r -> r.accountId().value() == accountId && r.subject().check().equals(check) && r.subject().cacheKey().equals(cacheKey))
                    .filter(r -> r.settled() && !r.routing().cached() && r.outcome().status() == io.mizani.domain.verification.CheckStatus.VERIFIED)
                    .filter(r -> r.outcome().expiresAt().isAfter(now))
                    .max(Comparator.comparing(r -> r.outcome().fetchedAt()));
        }

        @Override
        public Optional<LookupRecord> findToken(long accountId, String lookupId) {
            return Optional.ofNullable(rows.get(lookupId)).filter(r -> r.accountId().value() == accountId && r.tokenIssued());
        }

        @Override
        public List<LookupRecord> history(long accountId, int limit) {
            return rows.values().stream().filter(r -> r.accountId().value() == accountId && r.settled())
                    .sorted(Comparator.comparing(LookupRecord::createdAt).reversed()).limit(limit).toList();
        }

        @Override
        public Optional<LookupRecord> claimForSweep(Instant strandedBefore, Instant now) {
            return rows.values().stream().filter(r ->
                    (!r.settled() && r.createdAt().isBefore(strandedBefore))
                            || (r.charge().status() == io.mizani.domain.billing.ChargeStatus.REFUND_FAILED
                            && !retryAt.getOrDefault(r.id().value(), Instant.MIN).isAfter(now))).findFirst();
        }

        @Override
        public void updateSettlement(LookupRecord lookup) {
            rows.put(lookup.id().value(), lookup);
        }

        @Override
        public void recordRefundFailure(LookupRecord lookup, Instant at) {
            retryAt.put(lookup.id().value(), at);
        }

        /** Runs once just before the next conditional failure record: another replica's move in between. */
        Runnable beforeFailureRecord = () -> { };

        @Override
        public boolean recordRefundFailureIfStill(io.mizani.domain.billing.ChargeStatus claimedAs, LookupRecord failed,
                                                  Instant at) {
            beforeFailureRecord.run();
            beforeFailureRecord = () -> { };
            LookupRecord current = rows.get(failed.id().value());
            if (current == null || current.charge().status() != claimedAs) {
                return false;
            }
            rows.put(failed.id().value(), failed);
            retryAt.put(failed.id().value(), at);
            return true;
        }
    }

    static final class Pii implements PiiProtection {
        @Override
        public byte[] seal(String plaintext) {
            return ("sealed:" + plaintext).getBytes(StandardCharsets.UTF_8);
        }

        @Override
        public String open(byte[] sealed) {
            return new String(sealed, StandardCharsets.UTF_8).substring("sealed:".length());
        }

        @Override
        public String keyedHash(String value) {
            return "h(" + value + ")";
        }
    }

    static final class Settings implements VerificationSettingsStore {
        final Map<Long, VerificationSettings> rows = new HashMap<>();

        @Override
        public Optional<VerificationSettings> find(long accountId) {
            return Optional.ofNullable(rows.get(accountId));
        }

        @Override
        public void save(long accountId, VerificationSettings settings) {
            rows.put(accountId, settings);
        }
    }

    /** Rolls the fakes back when the work throws, like a database transaction would. */
    static final class RollbackUnitOfWork implements UnitOfWork {
        private final Lookups lookups;
        private final Wallet wallet;

        RollbackUnitOfWork(Lookups lookups, Wallet wallet) {
            this.lookups = lookups;
            this.wallet = wallet;
        }

        @Override
        public <T> T inTransaction(Supplier<T> work) {
            var rows = new HashMap<>(lookups.rows);
            var balance = wallet.balance;
            try {
                return work.get();
            } catch (RuntimeException e) {
                lookups.rows.clear();
                lookups.rows.putAll(rows);
                wallet.balance = balance;
                throw e;
            }
        }

        @Override
        public <T> T inNewTransaction(Supplier<T> work) {
            return inTransaction(work);
        }
    }

    /** Knows Kenyan numbers only. */
    static final class KenyanPhones implements io.mizani.application.common.PhoneRegions {

        @Override
        public java.util.Optional<String> mobileNumber(String number, String country) {
            String d = number == null ? "" : number.replaceAll("[\\s+-]", "");
            d = d.startsWith("0") ? "254" + d.substring(1) : d;
            return "KE".equals(country) && d.matches("2547\\d{8}") ? java.util.Optional.of(d) : java.util.Optional.empty();
        }

        @Override
        public java.util.Optional<String> regionOf(String dialCode, String number) {
            return regionOf("+" + dialCode.replace("+", "") + (number == null ? "" : number));
        }

        @Override
        public java.util.Optional<String> regionOf(String internationalNumber) {
            return internationalNumber != null && internationalNumber.startsWith("+254")
                    ? java.util.Optional.of("KE") : java.util.Optional.empty();
        }
    }
}
