package io.mizani.adapter.persistence.beneficiary;

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
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import javax.sql.DataSource;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
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
 * The beneficiary book in PostgreSQL over plain JDBC (the connection joins the caller's JTA transaction). Every
 * statement is scoped by account and skips soft-deleted rows. {@code term} is a substring match ({@code LIKE}, with
 * {@code %}, {@code _} and {@code \} escaped) over a generated, lower-cased search column with a trigram GIN index
 * (names, email, external reference), or an exact match of a whole phone number through its keyed hash.
 *
 * <p>Identifiers (phone, ID number, additional ID number, account number) are stored sealed ({@link SealedText});
 * the ID number's uniqueness and the phone search go through keyed hashes ({@code national_id_hash},
 * {@code phone_hash}).
 */
@ApplicationScoped
public class JdbcBeneficiaryStore implements BeneficiaryStore {

    static final String COLUMNS = "id, uuid, account_id, first_name, last_name, surname, email, phone_number, country, "
            + "address, date_of_birth, national_id, id_type, additional_id_type, additional_id_number, gender, "
            + "marital_status, account_name, account_number, account_type, external_reference, customer_type, "
            + "kyc_level, tier_0_lifetime_usd, is_active, created_at, updated_at";

    /** Purposes of the keyed hashes (they keep the hashes of different fields apart). */
    public static final String ID_NUMBER_HASH = "beneficiary.id_number";
    public static final String PHONE_HASH = "beneficiary.phone";

    private static final String PROFILE_SET = "first_name = ?, last_name = ?, surname = ?, email = ?, "
            + "phone_number = ?, country = ?, address = ?, date_of_birth = ?, national_id = ?, id_type = ?, "
            + "additional_id_type = ?, additional_id_number = ?, gender = ?, marital_status = ?, account_name = ?, "
            + "account_number = ?, account_type = ?, external_reference = ?, customer_type = ?, national_id_hash = ?, "
            + "phone_hash = ?";

    private final DataSource dataSource;
    private final SealedText sealed;

    @Inject
    public JdbcBeneficiaryStore(DataSource dataSource, SealedText sealed) {
        this.dataSource = dataSource;
        this.sealed = sealed;
    }

    @Override
    public Beneficiary insert(NewBeneficiary n) {
        String sql = "INSERT INTO beneficiaries (uuid, account_id, first_name, last_name, surname, email, phone_number, "
                + "country, address, date_of_birth, national_id, id_type, additional_id_type, additional_id_number, "
                + "gender, marital_status, account_name, account_number, account_type, external_reference, "
                + "customer_type, national_id_hash, phone_hash, kyc_level, tier_0_lifetime_usd, is_active, created_at, "
                + "updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, true, ?, ?) "
                + "RETURNING " + COLUMNS;
        try (Connection c = dataSource.getConnection(); PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setObject(1, n.uuid());
            ps.setLong(2, n.accountId());
            int i = bindProfile(ps, 3, n.profile());
            ps.setString(i++, n.kycLevel().wire());
            ps.setObject(i++, utc(n.at()));
            ps.setObject(i, utc(n.at()));
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return map(rs);
            }
        } catch (SQLException e) {
            throw translate(e);
        }
    }

    @Override
    public Optional<Beneficiary> find(long accountId, UUID uuid) {
        return one("SELECT " + COLUMNS + " FROM beneficiaries WHERE account_id = ? AND uuid = ? AND deleted_at IS NULL",
                accountId, uuid);
    }

    @Override
    public Optional<Beneficiary> lock(long accountId, UUID uuid) {
        return one("SELECT " + COLUMNS + " FROM beneficiaries WHERE account_id = ? AND uuid = ? AND deleted_at IS NULL "
                + "FOR UPDATE", accountId, uuid);
    }

    @Override
    public Optional<Beneficiary> findByExternalReference(long accountId, String externalReference) {
        return one("SELECT " + COLUMNS + " FROM beneficiaries WHERE account_id = ? AND external_reference = ? "
                + "AND deleted_at IS NULL", accountId, externalReference);
    }

    @Override
    public Optional<UUID> idNumberHolder(long accountId, String idNumber) {
        if (idNumber == null) {
            return Optional.empty();
        }
        List<String> hashes = sealed.hashes(ID_NUMBER_HASH, idNumber);
        List<Object> args = new ArrayList<>();
        args.add(accountId);
        args.addAll(hashes);
        return one("SELECT " + COLUMNS + " FROM beneficiaries WHERE account_id = ? AND national_id_hash IN ("
                + placeholders(hashes.size()) + ") AND deleted_at IS NULL LIMIT 1", args.toArray())
                .map(Beneficiary::uuid);
    }

    @Override
    public Beneficiary update(Beneficiary b) {
        String sql = "UPDATE beneficiaries SET " + PROFILE_SET + ", kyc_level = ?, is_active = ?, updated_at = ? "
                + "WHERE id = ? AND account_id = ? AND deleted_at IS NULL RETURNING " + COLUMNS;
        try (Connection c = dataSource.getConnection(); PreparedStatement ps = c.prepareStatement(sql)) {
            int i = bindProfile(ps, 1, b.profile());
            ps.setString(i++, b.kycLevel().wire());
            ps.setBoolean(i++, b.active());
            ps.setObject(i++, utc(b.updatedAt()));
            ps.setLong(i++, b.id());
            ps.setLong(i, b.accountId().value());
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    throw new IllegalStateException("beneficiary " + b.id() + " vanished during an update");
                }
                return map(rs);
            }
        } catch (SQLException e) {
            throw translate(e);
        }
    }

    @Override
    public boolean delete(long accountId, UUID uuid, Instant at) {
        String sql = "UPDATE beneficiaries SET deleted_at = ? WHERE account_id = ? AND uuid = ? AND deleted_at IS NULL";
        try (Connection c = dataSource.getConnection(); PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setObject(1, utc(at));
            ps.setLong(2, accountId);
            ps.setObject(3, uuid);
            return ps.executeUpdate() == 1;
        } catch (SQLException e) {
            throw translate(e);
        }
    }

    @Override
    public Page<Beneficiary> search(long accountId, BeneficiaryQuery q) {
        StringBuilder where = new StringBuilder(" FROM beneficiaries WHERE account_id = ? AND deleted_at IS NULL");
        List<Object> args = new ArrayList<>();
        args.add(accountId);
        if (q.filter().term() != null) {
            String phone = PhoneKey.of(q.filter().term());
            if (phone == null) {
                where.append(" AND search_text LIKE lower(?)");
                args.add("%" + escapeLike(q.filter().term()) + "%");
            } else {
                List<String> hashes = sealed.hashes(PHONE_HASH, phone);
                where.append(" AND (search_text LIKE lower(?) OR phone_hash IN (").append(placeholders(hashes.size()))
                        .append("))");
                args.add("%" + escapeLike(q.filter().term()) + "%");
                args.addAll(hashes);
            }
        }
        if (q.filter().kycLevel() != null) {
            where.append(" AND kyc_level = ?");
            args.add(q.filter().kycLevel().wire());
        }
        if (q.filter().active() != null) {
            where.append(" AND is_active = ?");
            args.add(q.filter().active());
        }
        if (q.filter().uuid() != null) {
            where.append(" AND uuid = ?");
            args.add(q.filter().uuid());
        }
        if (q.filter().from() != null) {
            where.append(" AND created_at >= ? AND created_at < ?");
            args.add(utc(q.filter().from()));
            args.add(utc(q.filter().to()));
        }
        try (Connection c = dataSource.getConnection()) {
            long count;
            try (PreparedStatement ps = c.prepareStatement("SELECT count(*)" + where)) {
                bind(ps, args);
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    count = rs.getLong(1);
                }
            }
            List<Beneficiary> items = new ArrayList<>();
            if (count > q.offset()) {
                try (PreparedStatement ps = c.prepareStatement("SELECT " + COLUMNS + where
                        + " ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?")) {
                    List<Object> pageArgs = new ArrayList<>(args);
                    pageArgs.add(q.per());
                    pageArgs.add(q.offset());
                    bind(ps, pageArgs);
                    try (ResultSet rs = ps.executeQuery()) {
                        while (rs.next()) {
                            items.add(map(rs));
                        }
                    }
                }
            }
            return new Page<>(items, count, q.page(), q.per());
        } catch (SQLException e) {
            throw translate(e);
        }
    }

    @Override
    public Optional<Tier0Standing> lockTier0(AccountId accountId, BeneficiaryId beneficiaryId) {
        String sql = "SELECT id, kyc_level, is_active, tier_0_lifetime_usd FROM beneficiaries "
                + "WHERE id = ? AND account_id = ? AND deleted_at IS NULL FOR UPDATE";
        try (Connection c = dataSource.getConnection(); PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setLong(1, beneficiaryId.value());
            ps.setLong(2, accountId.value());
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    return Optional.empty();
                }
                return Optional.of(new Tier0Standing(rs.getLong(1), level(rs.getString(2)), rs.getBoolean(3),
                        Money.of(rs.getBigDecimal(4), Tier0Envelope.USD)));
            }
        } catch (SQLException e) {
            throw translate(e);
        }
    }

    @Override
    public void setTier0Lifetime(long beneficiaryId, Money lifetimeUsd, Instant at) {
        String sql = "UPDATE beneficiaries SET tier_0_lifetime_usd = ?, updated_at = ? WHERE id = ?";
        try (Connection c = dataSource.getConnection(); PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setBigDecimal(1, lifetimeUsd.amount());
            ps.setObject(2, utc(at));
            ps.setLong(3, beneficiaryId);
            ps.executeUpdate();
        } catch (SQLException e) {
            throw translate(e);
        }
    }

    private static String placeholders(int n) {
        return String.join(", ", java.util.Collections.nCopies(n, "?"));
    }

    /** Escapes LIKE's wildcards and its escape character so the term matches literally. */
    static String escapeLike(String term) {
        return term.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_");
    }

    private Optional<Beneficiary> one(String sql, Object... args) {
        try (Connection c = dataSource.getConnection(); PreparedStatement ps = c.prepareStatement(sql)) {
            bind(ps, List.of(args));
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(map(rs)) : Optional.empty();
            }
        } catch (SQLException e) {
            throw translate(e);
        }
    }

    private static void bind(PreparedStatement ps, List<Object> args) throws SQLException {
        for (int i = 0; i < args.size(); i++) {
            Object a = args.get(i);
            if (a instanceof Long l) {
                ps.setLong(i + 1, l);
            } else if (a instanceof Integer n) {
                ps.setInt(i + 1, n);
            } else if (a instanceof Boolean b) {
                ps.setBoolean(i + 1, b);
            } else if (a instanceof String s) {
                ps.setString(i + 1, s);
            } else {
                ps.setObject(i + 1, a);
            }
        }
    }

    /** Binds the profile's columns in the order of the INSERT and UPDATE statements, each from its named part. */
    private int bindProfile(PreparedStatement ps, int start, BeneficiaryProfile p) throws SQLException {
        BeneficiaryProfile.Person person = p.person();
        BeneficiaryProfile.Contact contact = p.contact();
        BeneficiaryProfile.IdDocument id = p.identification().primary();
        BeneficiaryProfile.IdDocument additional = p.identification().additional();
        BeneficiaryProfile.PayoutAccount payout = p.payoutAccount();
        int i = start;
        ps.setString(i++, person.firstName());
        ps.setString(i++, person.lastName());
        ps.setString(i++, person.surname());
        ps.setString(i++, contact.email());
        ps.setString(i++, sealed.seal(contact.phone()));
        ps.setString(i++, contact.country());
        ps.setString(i++, contact.address());
        ps.setObject(i++, person.dateOfBirth());
        ps.setString(i++, sealed.seal(id.number()));
        ps.setString(i++, id.type());
        ps.setString(i++, additional.type());
        ps.setString(i++, sealed.seal(additional.number()));
        ps.setString(i++, person.gender());
        ps.setString(i++, person.maritalStatus());
        ps.setString(i++, payout.accountName());
        ps.setString(i++, sealed.seal(payout.accountNumber()));
        ps.setString(i++, payout.accountType());
        ps.setString(i++, p.externalReference());
        ps.setString(i++, p.customerType());
        ps.setString(i++, sealed.hash(ID_NUMBER_HASH, id.number()));
        String phone = PhoneKey.of(contact.phone());
        ps.setString(i++, phone == null ? null : sealed.hash(PHONE_HASH, phone));
        return i;
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

    private static OffsetDateTime utc(Instant at) {
        return at.atOffset(ZoneOffset.UTC);
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
