package io.mizani.application.beneficiary;

import io.mizani.domain.beneficiary.Tier0Envelope;
import io.mizani.domain.common.Money;
import io.mizani.domain.beneficiary.Beneficiary;
import io.mizani.domain.beneficiary.BeneficiaryId;
import io.mizani.domain.tenancy.AccountId;
import io.mizani.domain.beneficiary.Field;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;

/** A tiny single-threaded fake of the store, enforcing the same per-account uniqueness as the database. */
final class InMemoryBeneficiaryStore implements BeneficiaryStore {

    final List<Beneficiary> rows = new ArrayList<>();
    final Set<Long> deleted = new HashSet<>();
    private final AtomicLong ids = new AtomicLong();

    private boolean live(Beneficiary b, long accountId) {
        return b.accountId().value() == accountId && !deleted.contains(b.id());
    }

    @Override
    public Beneficiary insert(NewBeneficiary n) {
        checkUnique(n.accountId(), -1, n.profile().externalReference(), n.profile().idNumber());
        var b = Beneficiary.added(ids.incrementAndGet(), n.uuid(), AccountId.of(n.accountId()), n.profile(),
                n.kycLevel(), n.at());
        rows.add(b);
        return b;
    }

    private void checkUnique(long accountId, long self, String ref, String idNumber) {
        for (var b : rows) {
            if (!live(b, accountId) || b.id() == self) {
                continue;
            }
            if (ref != null && ref.equals(b.profile().externalReference())) {
                throw new DuplicateValue(Field.EXTERNAL_REFERENCE);
            }
            if (idNumber != null && idNumber.equals(b.profile().idNumber())) {
                throw new DuplicateValue(Field.ID_NUMBER);
            }
        }
    }

    @Override
    public Optional<Beneficiary> find(long accountId, UUID uuid) {
        return rows.stream().filter(b -> live(b, accountId) && b.uuid().equals(uuid)).findFirst();
    }

    @Override
    public Optional<Beneficiary> lock(long accountId, UUID uuid) {
        return find(accountId, uuid);
    }

    @Override
    public Optional<Beneficiary> findByExternalReference(long accountId, String ref) {
        return rows.stream().filter(b -> live(b, accountId) && ref.equals(b.profile().externalReference())).findFirst();
    }

    @Override
    public Optional<UUID> idNumberHolder(long accountId, String idNumber) {
        return rows.stream().filter(b -> live(b, accountId) && idNumber.equals(b.profile().idNumber()))
                .map(Beneficiary::uuid).findFirst();
    }

    @Override
    public Beneficiary update(Beneficiary b) {
        checkUnique(b.accountId().value(), b.id(), b.profile().externalReference(), b.profile().idNumber());
        for (int i = 0; i < rows.size(); i++) {
            if (rows.get(i).id() == b.id()) {
                var old = rows.get(i);
                var saved = old.revised(b.profile(), b.kycLevel(), b.active(), b.updatedAt());
                rows.set(i, saved);
                return saved;
            }
        }
        throw new IllegalStateException();
    }

    @Override
    public boolean delete(long accountId, UUID uuid, Instant at) {
        return find(accountId, uuid).map(b -> deleted.add(b.id())).orElse(false);
    }

    @Override
    public Page<Beneficiary> search(long accountId, BeneficiaryQuery q) {
        var all = rows.stream().filter(b -> live(b, accountId))
                .sorted(Comparator.comparing(Beneficiary::createdAt).thenComparing(Beneficiary::id).reversed())
                .toList();
        var page = all.stream().skip(q.offset()).limit(q.per()).toList();
        return new Page<>(page, all.size(), q.page(), q.per());
    }

    @Override
    public Optional<Tier0Standing> lockTier0(AccountId accountId, BeneficiaryId id) {
        return rows.stream().filter(b -> live(b, accountId.value()) && b.id() == id.value()).findFirst()
                .map(b -> new Tier0Standing(b.id(), b.kycLevel(), b.active(),
                        Money.of(b.tier0LifetimeUsd(), Tier0Envelope.USD)));
    }

    @Override
    public void setTier0Lifetime(long id, Money lifetimeUsd, Instant at) {
        BigDecimal lifetime = lifetimeUsd.amount();
        for (int i = 0; i < rows.size(); i++) {
            var b = rows.get(i);
            if (b.id() == id) {
                rows.set(i, b.withTier0Lifetime(lifetime, at));
            }
        }
    }
}
