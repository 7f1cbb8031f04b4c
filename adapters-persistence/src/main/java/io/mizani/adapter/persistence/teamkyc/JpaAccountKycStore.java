package io.mizani.adapter.persistence.teamkyc;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import io.mizani.adapter.persistence.common.SealedJsonFields;
import io.mizani.adapter.persistence.common.SealedText;
import io.mizani.application.teamkyc.AccountKycStore;
import io.mizani.domain.teamkyc.AccountInformation;
import io.mizani.domain.teamkyc.AccountKyc;
import io.mizani.domain.teamkyc.ContactInformation;
import io.mizani.domain.teamkyc.EntityInformation;
import io.mizani.domain.teamkyc.KycStatus;
import io.mizani.domain.teamkyc.ReviewInformation;
import io.mizani.domain.teamkyc.UpgradeInformation;
import io.mizani.domain.teamkyc.UpgradeStatus;
import io.mizani.domain.teamkyc.VerificationInformation;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import java.sql.Timestamp;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * {@link AccountKycStore} on PostgreSQL. One row per Team ({@code UNIQUE (account_id)}); a new submission is
 * inserted with {@code ON CONFLICT DO NOTHING} so two concurrent first submissions for one Team cannot both
 * succeed. The nested objects are stored as jsonb with a mapper of the adapter's own (the storage format does not
 * follow the REST configuration). Identifiers inside them (ID, tax and certificate numbers, phone numbers) are stored
 * sealed ({@link SealedJsonFields}).
 */
@ApplicationScoped
public class JpaAccountKycStore implements AccountKycStore {

    static final ObjectMapper JSON = new ObjectMapper()
            .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
            .registerModule(new JavaTimeModule())
            .registerModule(FlatTokenSnapshots.module())
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    /** The identifiers sealed in each jsonb column (platform.md section 11). */
    public static final Set<String> CONTACT_IDENTIFIERS =
            Set.of("identification_number", "secondary_identification_number", "phone_number");
    public static final Set<String> ENTITY_IDENTIFIERS = Set.of("tax_document_number", "entity_certificate_number");
    public static final Set<String> ACCOUNT_IDENTIFIERS = Set.of("phone_number");

    private final EntityManager em;
    private final SealedJsonFields sealed;

    @Inject
    public JpaAccountKycStore(EntityManager em, SealedText sealed) {
        this.em = em;
        this.sealed = new SealedJsonFields(sealed);
    }

    @Override
    public Optional<AccountKyc> find(long id) {
        return Optional.ofNullable(em.find(AccountKycEntity.class, id)).map(this::toDomain);
    }

    @Override
    public Optional<AccountKyc> findForUpdate(long id) {
        return Optional.ofNullable(em.find(AccountKycEntity.class, id, LockModeType.PESSIMISTIC_WRITE))
                .map(this::toDomain);
    }

    @Override
    public Optional<AccountKyc> findByAccount(long accountId) {
        return byAccount(accountId, LockModeType.NONE);
    }

    @Override
    public Optional<AccountKyc> findByAccountForUpdate(long accountId) {
        return byAccount(accountId, LockModeType.PESSIMISTIC_WRITE);
    }

    private Optional<AccountKyc> byAccount(long accountId, LockModeType lock) {
        return em.createQuery("from AccountKycEntity where accountId = :account", AccountKycEntity.class)
                .setParameter("account", accountId)
                .setLockMode(lock)
                .getResultStream().findFirst().map(this::toDomain);
    }

    @Override
    public Optional<AccountKyc> insert(AccountKyc kyc, long submittedBy) {
        AccountKycEntity row = toEntity(kyc);
        @SuppressWarnings("unchecked")
        List<Number> ids = em.createNativeQuery("""
                INSERT INTO account_kycs (account_id, entity_type, status, country_code, country, kyc_tier, notes,
                    contact_information, entity_information, account_information, upgrade_information, upgrade_status,
                    verification_information, review_information, created_at, updated_at, submitted_by_account_id)
                VALUES (:account, :entityType, :status, :countryCode, :country, :kycTier, :notes,
                    CAST(:contact AS jsonb), CAST(:entity AS jsonb), CAST(:accountInfo AS jsonb),
                    CAST(:upgrade AS jsonb), :upgradeStatus, CAST(:verification AS jsonb), CAST(:review AS jsonb),
                    :createdAt, :updatedAt, :submittedBy)
                ON CONFLICT (account_id) DO NOTHING
                RETURNING id
                """)
                .setParameter("account", row.accountId)
                .setParameter("entityType", row.entityType)
                .setParameter("status", row.status)
                .setParameter("countryCode", row.countryCode)
                .setParameter("country", row.country)
                .setParameter("kycTier", row.kycTier)
                .setParameter("notes", row.notes)
                .setParameter("contact", row.contactInformation)
                .setParameter("entity", row.entityInformation)
                .setParameter("accountInfo", row.accountInformation)
                .setParameter("upgrade", row.upgradeInformation)
                .setParameter("upgradeStatus", row.upgradeStatus)
                .setParameter("verification", row.verificationInformation)
                .setParameter("review", row.reviewInformation)
                .setParameter("createdAt", Timestamp.from(row.createdAt))
                .setParameter("updatedAt", Timestamp.from(row.updatedAt))
                .setParameter("submittedBy", submittedBy)
                .getResultList();
        return ids.isEmpty() ? Optional.empty() : Optional.of(kyc.withId(ids.get(0).longValue()));
    }

    @Override
    public long submitter(long id) {
        Object by = em.createNativeQuery("SELECT COALESCE(submitted_by_account_id, account_id) FROM account_kycs"
                + " WHERE id = :id").setParameter("id", id).getSingleResult();
        return ((Number) by).longValue();
    }

    @Override
    public void update(AccountKyc kyc) {
        AccountKycEntity row = em.find(AccountKycEntity.class, kyc.id());
        if (row == null) {
            throw new IllegalStateException("account kyc " + kyc.id() + " vanished");
        }
        copy(kyc, row);
        em.flush();
    }

    @Override
    public List<AccountKyc> list(KycStatus status, UpgradeStatus upgradeStatus, int limit) {
        StringBuilder jpql = new StringBuilder("from AccountKycEntity where 1 = 1");
        if (status != null) {
            jpql.append(" and status = :status");
        }
        if (upgradeStatus != null) {
            jpql.append(" and upgradeStatus = :upgradeStatus");
        }
        jpql.append(" order by createdAt, id");
        var query = em.createQuery(jpql.toString(), AccountKycEntity.class).setMaxResults(limit);
        if (status != null) {
            query.setParameter("status", status.wire());
        }
        if (upgradeStatus != null) {
            query.setParameter("upgradeStatus", upgradeStatus.wire());
        }
        return query.getResultList().stream().map(this::toDomain).toList();
    }

    AccountKycEntity toEntity(AccountKyc kyc) {
        AccountKycEntity row = new AccountKycEntity();
        row.id = kyc.id();
        copy(kyc, row);
        return row;
    }

    private void copy(AccountKyc kyc, AccountKycEntity row) {
        AccountKyc.Statement stated = kyc.statement();
        row.accountId = kyc.accountId();
        row.entityType = stated.entityType();
        row.status = kyc.status().wire();
        row.countryCode = stated.countryCode();
        row.country = stated.country();
        row.kycTier = kyc.kycTier();
        row.notes = stated.notes();
        row.contactInformation = sealed.seal(write(stated.contactInformation()), CONTACT_IDENTIFIERS);
        row.entityInformation = sealed.seal(write(stated.entityInformation()), ENTITY_IDENTIFIERS);
        row.accountInformation = sealed.seal(write(kyc.accountInformation()), ACCOUNT_IDENTIFIERS);
        row.upgradeInformation = write(kyc.upgradeInformation());
        row.upgradeStatus = kyc.upgradeInformation().upgradeStatus() == null ? null
                : kyc.upgradeInformation().upgradeStatus().wire();
        row.verificationInformation = write(kyc.verificationInformation());
        row.reviewInformation = write(kyc.reviewInformation());
        row.createdAt = kyc.createdAt();
        row.updatedAt = kyc.updatedAt();
    }

    AccountKyc toDomain(AccountKycEntity row) {
        var standing = new AccountKyc.Standing(KycStatus.fromWire(row.status).orElseThrow(), row.kycTier);
        var statement = new AccountKyc.Statement(row.entityType, row.countryCode, row.country, row.notes,
                read(sealed.open(row.contactInformation, CONTACT_IDENTIFIERS), ContactInformation.class),
                read(sealed.open(row.entityInformation, ENTITY_IDENTIFIERS), EntityInformation.class));
        var reviews = new AccountKyc.Reviews(read(row.reviewInformation, ReviewInformation.class),
                read(row.upgradeInformation, UpgradeInformation.class));
        return new AccountKyc(row.id, row.accountId, standing, statement,
                read(row.verificationInformation, VerificationInformation.class), reviews,
                read(sealed.open(row.accountInformation, ACCOUNT_IDENTIFIERS), AccountInformation.class),
                new AccountKyc.Times(row.createdAt, row.updatedAt));
    }

    private static String write(Object value) {
        if (value == null) {
            return null;
        }
        try {
            return JSON.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot store " + value.getClass().getSimpleName(), e);
        }
    }

    private static <T> T read(String json, Class<T> type) {
        if (json == null) {
            return null;
        }
        try {
            return JSON.readValue(json, type);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot read stored " + type.getSimpleName(), e);
        }
    }
}
