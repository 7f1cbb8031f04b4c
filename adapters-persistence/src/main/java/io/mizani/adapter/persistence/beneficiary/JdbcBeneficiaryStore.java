package io.mizani.adapter.persistence.beneficiary;

import static io.mizani.adapter.persistence.common.Times.utc;

import io.mizani.domain.beneficiary.Tier0Envelope;
import io.mizani.domain.common.Money;
import io.mizani.adapter.persistence.common.PhoneKey;
import io.mizani.adapter.persistence.common.SealedText;
import io.mizani.application.beneficiary.BeneficiaryQuery;
import io.mizani.application.beneficiary.BeneficiaryStore;
import io.mizani.application.beneficiary.Page;
import io.mizani.domain.beneficiary.Beneficiary;
import io.mizani.domain.beneficiary.BeneficiaryId;
import io.mizani.domain.beneficiary.BeneficiaryProfile;
import io.mizani.domain.tenancy.AccountId;
import io.mizani.domain.beneficiary.Field;
import io.mizani.domain.beneficiary.KycLevel;
import jakarta.inject.Singleton;
import jakarta.inject.Inject;

import io.mizani.adapter.persistence.common.Sql;
import org.jdbi.v3.core.HandleCallback;
import org.jdbi.v3.core.JdbiException;
import org.jdbi.v3.core.mapper.RowMapper;
import org.jdbi.v3.core.statement.Query;
import org.jdbi.v3.core.statement.SqlStatement;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * The beneficiary book in PostgreSQL, Jdbi with named parameters (a handle taken inside the caller's JTA transaction
 * uses the connection enlisted in it). Every
 * statement is scoped by account and skips soft-deleted rows. {@code term} is a substring match ({@code LIKE}, with
 * {@code %}, {@code _} and {@code \} escaped) over a generated, lower-cased search column with a trigram GIN index
 * (names, email, external reference), or an exact match of a whole phone number through its keyed hash.
 *
 * <p>Identifiers (phone, ID number, additional ID number, account number) are stored sealed ({@link SealedText});
 * the ID number's uniqueness and the phone search go through keyed hashes ({@code national_id_hash},
 * {@code phone_hash}).
 */
@Singleton
public class JdbcBeneficiaryStore implements BeneficiaryStore {

    static final String COLUMNS = "id, uuid, account_id, first_name, last_name, surname, email, phone_number, country, "
            + "address, date_of_birth, national_id, id_type, additional_id_type, additional_id_number, gender, "
            + "marital_status, account_name, account_number, account_type, external_reference, customer_type, "
            + "kyc_level, tier_0_lifetime_usd, is_active, created_at, updated_at";

    /** Purposes of the keyed hashes (they keep the hashes of different fields apart). */
    public static final String ID_NUMBER_HASH = "beneficiary.id_number";
    public static final String PHONE_HASH = "beneficiary.phone";

    private static final String PROFILE_SET = "first_name = :first_name, last_name = :last_name, surname = :surname, "
            + "email = :email, phone_number = :phone_number, country = :country, address = :address, "
            + "date_of_birth = :date_of_birth, national_id = :national_id, id_type = :id_type, "
            + "additional_id_type = :additional_id_type, additional_id_number = :additional_id_number, "
            + "gender = :gender, marital_status = :marital_status, account_name = :account_name, "
            + "account_number = :account_number, account_type = :account_type, "
            + "external_reference = :external_reference, customer_type = :customer_type, "
            + "national_id_hash = :national_id_hash, phone_hash = :phone_hash";

    /** A Tier 0 standing, read under the row's lock. */
    private static final RowMapper<Tier0Standing> TIER0 = (rs, ctx) -> new Tier0Standing(rs.getLong("id"),
            level(rs.getString("kyc_level")), rs.getBoolean("is_active"),
            Money.of(rs.getBigDecimal("tier_0_lifetime_usd"), Tier0Envelope.USD));

    private final Sql sql;
    private final SealedText sealed;

    /** A beneficiary's row (it opens the sealed identifiers, so it belongs to this store's {@link SealedText}). */
    private final RowMapper<Beneficiary> beneficiaryRow = (rs, ctx) -> map(rs);

    @Inject
    public JdbcBeneficiaryStore(Sql sql, SealedText sealed) {
        this.sql = sql;
        this.sealed = sealed;
    }

    /**
     * Runs {@code work} on one handle (the caller's transaction's connection when there is one); a failure of the
     * database surfaces as it always has, through {@link #translate} (a duplicate external reference or ID number as
     * {@link DuplicateValue}).
     */
    private <T> T with(HandleCallback<T, RuntimeException> work) {
        try {
            return sql.with(work);
        } catch (JdbiException e) {
            if (e.getCause() instanceof SQLException s) {
                throw translate(s);
            }
            throw e;
        }
    }

    @Override
    public Beneficiary insert(NewBeneficiary n) {
        String insert = "INSERT INTO beneficiaries (uuid, account_id, first_name, last_name, surname, email, "
                + "phone_number, country, address, date_of_birth, national_id, id_type, additional_id_type, "
                + "additional_id_number, gender, marital_status, account_name, account_number, account_type, "
                + "external_reference, customer_type, national_id_hash, phone_hash, kyc_level, tier_0_lifetime_usd, "
                + "is_active, created_at, updated_at) VALUES (:uuid, :account, :first_name, :last_name, :surname, "
                + ":email, :phone_number, :country, :address, :date_of_birth, :national_id, :id_type, "
                + ":additional_id_type, :additional_id_number, :gender, :marital_status, :account_name, "
                + ":account_number, :account_type, :external_reference, :customer_type, :national_id_hash, "
                + ":phone_hash, :kyc_level, 0, true, :at, :at) RETURNING " + COLUMNS;
        return with(h -> bindProfile(h.createQuery(insert), n.profile())
                .bind("uuid", n.uuid())
                .bind("account", n.accountId())
                .bind("kyc_level", n.kycLevel().wire())
                .bind("at", utc(n.at()))
                .map(beneficiaryRow)
                .one());
    }

    @Override
    public Optional<Beneficiary> find(long accountId, UUID uuid) {
        return byUuid("SELECT " + COLUMNS + " FROM beneficiaries WHERE account_id = :account AND uuid = :uuid "
                + "AND deleted_at IS NULL", accountId, uuid);
    }

    @Override
    public Optional<Beneficiary> lock(long accountId, UUID uuid) {
        return byUuid("SELECT " + COLUMNS + " FROM beneficiaries WHERE account_id = :account AND uuid = :uuid "
                + "AND deleted_at IS NULL FOR UPDATE", accountId, uuid);
    }

    private Optional<Beneficiary> byUuid(String query, long accountId, UUID uuid) {
        return with(h -> h.createQuery(query).bind("account", accountId).bind("uuid", uuid)
                .map(beneficiaryRow).findFirst());
    }

    @Override
    public Optional<Beneficiary> findByExternalReference(long accountId, String externalReference) {
        return with(h -> h.createQuery("SELECT " + COLUMNS + " FROM beneficiaries WHERE account_id = :account "
                        + "AND external_reference = :reference AND deleted_at IS NULL")
                .bind("account", accountId).bind("reference", externalReference)
                .map(beneficiaryRow).findFirst());
    }

    @Override
    public Optional<UUID> idNumberHolder(long accountId, String idNumber) {
        if (idNumber == null) {
            return Optional.empty();
        }
        List<String> hashes = sealed.hashes(ID_NUMBER_HASH, idNumber);
        return with(h -> h.createQuery("SELECT " + COLUMNS + " FROM beneficiaries WHERE account_id = :account "
                        + "AND national_id_hash IN (<hashes>) AND deleted_at IS NULL LIMIT 1")
                .bind("account", accountId).bindList("hashes", hashes)
                .map(beneficiaryRow).findFirst())
                .map(Beneficiary::uuid);
    }

    @Override
    public Beneficiary update(Beneficiary b) {
        String update = "UPDATE beneficiaries SET " + PROFILE_SET + ", kyc_level = :kyc_level, "
                + "is_active = :is_active, updated_at = :updated_at "
                + "WHERE id = :id AND account_id = :account AND deleted_at IS NULL RETURNING " + COLUMNS;
        return with(h -> bindProfile(h.createQuery(update), b.profile())
                .bind("kyc_level", b.kycLevel().wire())
                .bind("is_active", b.active())
                .bind("updated_at", utc(b.updatedAt()))
                .bind("id", b.id())
                .bind("account", b.accountId().value())
                .map(beneficiaryRow)
                .findFirst()
                .orElseThrow(() -> new IllegalStateException("beneficiary " + b.id() + " vanished during an update")));
    }

    @Override
    public boolean delete(long accountId, UUID uuid, Instant at) {
        return with(h -> h.createUpdate("UPDATE beneficiaries SET deleted_at = :at WHERE account_id = :account "
                        + "AND uuid = :uuid AND deleted_at IS NULL")
                .bind("at", utc(at)).bind("account", accountId).bind("uuid", uuid)
                .execute() == 1);
    }

    @Override
    public Page<Beneficiary> search(long accountId, BeneficiaryQuery q) {
        StringBuilder where = new StringBuilder(
                " FROM beneficiaries WHERE account_id = :account AND deleted_at IS NULL");
        String term = q.filter().term();
        String phone = term == null ? null : PhoneKey.of(term);
        List<String> phoneHashes = phone == null ? List.of() : sealed.hashes(PHONE_HASH, phone);
        if (term != null) {
            if (phone == null) {
                where.append(" AND search_text LIKE lower(:term)");
            } else {
                where.append(" AND (search_text LIKE lower(:term) OR phone_hash IN (<phoneHashes>))");
            }
        }
        if (q.filter().kycLevel() != null) {
            where.append(" AND kyc_level = :kyc_level");
        }
        if (q.filter().active() != null) {
            where.append(" AND is_active = :is_active");
        }
        if (q.filter().uuid() != null) {
            where.append(" AND uuid = :uuid");
        }
        if (q.filter().from() != null) {
            where.append(" AND created_at >= :from AND created_at < :to");
        }
        return with(h -> {
            long count = filtered(h.createQuery("SELECT count(*)" + where), q, accountId, phoneHashes)
                    .mapTo(Long.class).one();
            List<Beneficiary> items = count > q.offset()
                    ? filtered(h.createQuery("SELECT " + COLUMNS + where
                                    + " ORDER BY created_at DESC, id DESC LIMIT :limit OFFSET :offset"),
                            q, accountId, phoneHashes)
                            .bind("limit", q.per())
                            .bind("offset", q.offset())
                            .map(beneficiaryRow)
                            .list()
                    : new ArrayList<>();
            return new Page<>(items, count, q.page(), q.per());
        });
    }

    /** Binds the search's filter to the parameters {@link #search} wrote into its WHERE clause. */
    private static Query filtered(Query query, BeneficiaryQuery q, long accountId, List<String> phoneHashes) {
        query.bind("account", accountId);
        if (q.filter().term() != null) {
            query.bind("term", "%" + escapeLike(q.filter().term()) + "%");
            if (!phoneHashes.isEmpty()) {
                query.bindList("phoneHashes", phoneHashes);
            }
        }
        if (q.filter().kycLevel() != null) {
            query.bind("kyc_level", q.filter().kycLevel().wire());
        }
        if (q.filter().active() != null) {
            query.bind("is_active", q.filter().active());
        }
        if (q.filter().uuid() != null) {
            query.bind("uuid", q.filter().uuid());
        }
        if (q.filter().from() != null) {
            query.bind("from", utc(q.filter().from())).bind("to", utc(q.filter().to()));
        }
        return query;
    }

    @Override
    public Optional<Tier0Standing> lockTier0(AccountId accountId, BeneficiaryId beneficiaryId) {
        return with(h -> h.createQuery("SELECT id, kyc_level, is_active, tier_0_lifetime_usd FROM beneficiaries "
                        + "WHERE id = :id AND account_id = :account AND deleted_at IS NULL FOR UPDATE")
                .bind("id", beneficiaryId.value()).bind("account", accountId.value())
                .map(TIER0).findFirst());
    }

    @Override
    public void setTier0Lifetime(long beneficiaryId, Money lifetimeUsd, Instant at) {
        with(h -> h.createUpdate("UPDATE beneficiaries SET tier_0_lifetime_usd = :lifetime, updated_at = :at "
                        + "WHERE id = :id")
                .bind("lifetime", lifetimeUsd.amount()).bind("at", utc(at)).bind("id", beneficiaryId)
                .execute());
    }

    /** Escapes LIKE's wildcards and its escape character so the term matches literally. */
    static String escapeLike(String term) {
        return term.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_");
    }

    /** Binds the profile's columns, each from its named part, to the parameters of the INSERT and UPDATE statements. */
    private <S extends SqlStatement<S>> S bindProfile(S statement, BeneficiaryProfile p) {
        BeneficiaryProfile.Person person = p.person();
        BeneficiaryProfile.Contact contact = p.contact();
        BeneficiaryProfile.IdDocument id = p.identification().primary();
        BeneficiaryProfile.IdDocument additional = p.identification().additional();
        BeneficiaryProfile.PayoutAccount payout = p.payoutAccount();
        String phone = PhoneKey.of(contact.phone());
        return statement
                .bind("first_name", person.firstName())
                .bind("last_name", person.lastName())
                .bind("surname", person.surname())
                .bind("email", contact.email())
                .bind("phone_number", sealed.seal(contact.phone()))
                .bind("country", contact.country())
                .bind("address", contact.address())
                .bind("date_of_birth", person.dateOfBirth())
                .bind("national_id", sealed.seal(id.number()))
                .bind("id_type", id.type())
                .bind("additional_id_type", additional.type())
                .bind("additional_id_number", sealed.seal(additional.number()))
                .bind("gender", person.gender())
                .bind("marital_status", person.maritalStatus())
                .bind("account_name", payout.accountName())
                .bind("account_number", sealed.seal(payout.accountNumber()))
                .bind("account_type", payout.accountType())
                .bind("external_reference", p.externalReference())
                .bind("customer_type", p.customerType())
                .bind("national_id_hash", sealed.hash(ID_NUMBER_HASH, id.number()))
                .bind("phone_hash", phone == null ? null : sealed.hash(PHONE_HASH, phone));
    }

    private Beneficiary map(ResultSet rs) throws SQLException {
        OffsetDateTime dob = rs.getObject("date_of_birth", OffsetDateTime.class);
        var person = new BeneficiaryProfile.Person(rs.getString("first_name"), rs.getString("last_name"),
                rs.getString("surname"), dob == null ? null : dob.withOffsetSameInstant(ZoneOffset.UTC),
                rs.getString("gender"), rs.getString("marital_status"));
        var contact = new BeneficiaryProfile.Contact(rs.getString("email"), sealed.open(rs.getString("phone_number")),
                rs.getString("country"), rs.getString("address"));
        var identification = new BeneficiaryProfile.Identification(
                new BeneficiaryProfile.IdDocument(rs.getString("id_type"), sealed.open(rs.getString("national_id"))),
                new BeneficiaryProfile.IdDocument(rs.getString("additional_id_type"),
                        sealed.open(rs.getString("additional_id_number"))));
        var payout = new BeneficiaryProfile.PayoutAccount(rs.getString("account_name"),
                sealed.open(rs.getString("account_number")), rs.getString("account_type"));
        var profile = new BeneficiaryProfile(person, contact, identification, payout,
                rs.getString("external_reference"), rs.getString("customer_type"));
        var standing = new Beneficiary.Standing(level(rs.getString("kyc_level")),
                rs.getBigDecimal("tier_0_lifetime_usd"), rs.getBoolean("is_active"));
        return new Beneficiary(rs.getLong("id"), rs.getObject("uuid", UUID.class), AccountId.of(rs.getLong("account_id")),
                profile, standing, rs.getObject("created_at", OffsetDateTime.class).toInstant(),
                rs.getObject("updated_at", OffsetDateTime.class).toInstant());
    }

    private static KycLevel level(String wire) {
        return KycLevel.fromWire(wire).orElseThrow(() -> new IllegalStateException("unknown kyc_level " + wire));
    }

    private static RuntimeException translate(SQLException e) {
        if ("23505".equals(e.getSQLState())) {
            String message = String.valueOf(e.getMessage());
            if (message.contains("beneficiaries_account_external_reference_key")) {
                return new DuplicateValue(Field.EXTERNAL_REFERENCE);
            }
            if (message.contains("beneficiaries_account_national_id_hash_key")) {
                return new DuplicateValue(Field.ID_NUMBER);
            }
        }
        return new IllegalStateException("beneficiary store failed: " + e.getSQLState(), e);
    }
}
