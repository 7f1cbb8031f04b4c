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
import jakarta.inject.Singleton;
import io.mizani.adapter.persistence.common.Sql;
import io.mizani.adapter.persistence.common.Times;
import jakarta.inject.Inject;
import java.sql.ResultSet;
import java.sql.SQLException;
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
@Singleton
public class JdbcAccountKycStore implements AccountKycStore {

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

    /** The row's columns, in the order of {@link #row(ResultSet)}. */
    private static final String COLUMNS = "id, account_id, entity_type, status, country_code, country, kyc_tier, notes, "
            + "contact_information, entity_information, account_information, upgrade_information, upgrade_status, "
            + "verification_information, review_information, created_at, updated_at";

    private final Sql sql;
    private final SealedJsonFields sealed;

    @Inject
    public JdbcAccountKycStore(Sql sql, SealedText sealed) {
        this.sql = sql;
        this.sealed = new SealedJsonFields(sealed);
    }

    @Override
    public Optional<AccountKyc> find(long id) {
        return one("WHERE id = :key", id);
    }

    @Override
    public Optional<AccountKyc> findForUpdate(long id) {
        return one("WHERE id = :key FOR UPDATE", id);
    }

    @Override
    public Optional<AccountKyc> findByAccount(long accountId) {
        return one("WHERE account_id = :key", accountId);
    }

    @Override
    public Optional<AccountKyc> findByAccountForUpdate(long accountId) {
        return one("WHERE account_id = :key FOR UPDATE", accountId);
    }

    private Optional<AccountKyc> one(String where, long key) {
        return sql.with(h -> h.createQuery("SELECT " + COLUMNS + " FROM account_kycs " + where)
                .bind("key", key).map((rs, ctx) -> toDomain(row(rs))).findOne());
    }

    @Override
    public Optional<AccountKyc> insert(AccountKyc kyc, long submittedBy) {
        AccountKycRow row = toRow(kyc);
        Optional<Long> id = sql.with(h -> bindColumns(h.createQuery("""
                INSERT INTO account_kycs (account_id, entity_type, status, country_code, country, kyc_tier, notes,
                    contact_information, entity_information, account_information, upgrade_information, upgrade_status,
                    verification_information, review_information, created_at, updated_at, submitted_by_account_id)
                VALUES (:account, :entity_type, :status, :country_code, :country, :kyc_tier, :notes,
                    CAST(:contact AS jsonb), CAST(:entity AS jsonb), CAST(:account_info AS jsonb),
                    CAST(:upgrade AS jsonb), :upgrade_status, CAST(:verification AS jsonb), CAST(:review AS jsonb),
                    :created_at, :updated_at, :submitted_by)
                ON CONFLICT (account_id) DO NOTHING
                RETURNING id
                """), row).bind("submitted_by", submittedBy).mapTo(Long.class).findOne());
        return id.map(kyc::withId);
    }

    /** Binds every column of {@code row} but its id to the parameters the insert and the update share. */
    private static <S extends org.jdbi.v3.core.statement.SqlStatement<S>> S bindColumns(S statement, AccountKycRow row) {
        return statement
                .bind("account", row.accountId)
                .bind("entity_type", row.entityType)
                .bind("status", row.status)
                .bind("country_code", row.countryCode)
                .bind("country", row.country)
                .bind("kyc_tier", row.kycTier)
                .bind("notes", row.notes)
                .bind("contact", row.contactInformation)
                .bind("entity", row.entityInformation)
                .bind("account_info", row.accountInformation)
                .bind("upgrade", row.upgradeInformation)
                .bind("upgrade_status", row.upgradeStatus)
                .bind("verification", row.verificationInformation)
                .bind("review", row.reviewInformation)
                .bind("created_at", Times.utc(row.createdAt))
                .bind("updated_at", Times.utc(row.updatedAt));
    }

    @Override
    public long submitter(long id) {
        return sql.with(h -> h.createQuery("SELECT COALESCE(submitted_by_account_id, account_id) FROM account_kycs "
                + "WHERE id = :id").bind("id", id).mapTo(Long.class).one());
    }

    @Override
    public void update(AccountKyc kyc) {
        AccountKycRow row = toRow(kyc);
        int changed = sql.with(h -> bindColumns(h.createUpdate("""
                UPDATE account_kycs SET account_id = :account, entity_type = :entity_type, status = :status,
                    country_code = :country_code, country = :country, kyc_tier = :kyc_tier, notes = :notes,
                    contact_information = CAST(:contact AS jsonb), entity_information = CAST(:entity AS jsonb),
                    account_information = CAST(:account_info AS jsonb), upgrade_information = CAST(:upgrade AS jsonb),
                    upgrade_status = :upgrade_status, verification_information = CAST(:verification AS jsonb),
                    review_information = CAST(:review AS jsonb), created_at = :created_at, updated_at = :updated_at
                WHERE id = :id
                """), row).bind("id", kyc.id()).execute());
        if (changed == 0) {
            throw new IllegalStateException("account kyc " + kyc.id() + " vanished");
        }
    }

    @Override
    public List<AccountKyc> list(KycStatus status, UpgradeStatus upgradeStatus, int limit) {
        StringBuilder where = new StringBuilder(" WHERE 1 = 1");
        if (status != null) {
            where.append(" AND status = :status");
        }
        if (upgradeStatus != null) {
            where.append(" AND upgrade_status = :upgrade_status");
        }
        return sql.with(h -> {
            var q = h.createQuery("SELECT " + COLUMNS + " FROM account_kycs" + where
                    + " ORDER BY created_at, id LIMIT :limit").bind("limit", limit);
            if (status != null) {
                q.bind("status", status.wire());
            }
            if (upgradeStatus != null) {
                q.bind("upgrade_status", upgradeStatus.wire());
            }
            return q.map((rs, ctx) -> toDomain(row(rs))).list();
        });
    }

    private static AccountKycRow row(ResultSet rs) throws SQLException {
        AccountKycRow row = new AccountKycRow();
        row.id = rs.getLong("id");
        row.accountId = rs.getLong("account_id");
        row.entityType = rs.getString("entity_type");
        row.status = rs.getString("status");
        row.countryCode = rs.getString("country_code");
        row.country = rs.getString("country");
        row.kycTier = rs.getObject("kyc_tier", Integer.class);
        row.notes = rs.getString("notes");
        row.contactInformation = rs.getString("contact_information");
        row.entityInformation = rs.getString("entity_information");
        row.accountInformation = rs.getString("account_information");
        row.upgradeInformation = rs.getString("upgrade_information");
        row.upgradeStatus = rs.getString("upgrade_status");
        row.verificationInformation = rs.getString("verification_information");
        row.reviewInformation = rs.getString("review_information");
        row.createdAt = Times.instant(rs, "created_at");
        row.updatedAt = Times.instant(rs, "updated_at");
        return row;
    }

    AccountKycRow toRow(AccountKyc kyc) {
        AccountKycRow row = new AccountKycRow();
        row.id = kyc.id();
        copy(kyc, row);
        return row;
    }

    private void copy(AccountKyc kyc, AccountKycRow row) {
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

    AccountKyc toDomain(AccountKycRow row) {
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
