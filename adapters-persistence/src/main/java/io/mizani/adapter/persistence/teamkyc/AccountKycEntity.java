package io.mizani.adapter.persistence.teamkyc;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import org.hibernate.annotations.ColumnTransformer;

/** Row of {@code account_kycs}. The jsonb columns are mapped as text and written through a cast. */
@Entity
@Table(name = "account_kycs")
public class AccountKycEntity {

    @Id
    public Long id;

    @Column(name = "account_id", nullable = false)
    public long accountId;

    @Column(name = "entity_type")
    public String entityType;

    @Column(nullable = false)
    public String status;

    @Column(name = "country_code")
    public String countryCode;

    public String country;

    @Column(name = "kyc_tier")
    public Integer kycTier;

    public String notes;

    @Column(name = "contact_information", columnDefinition = "jsonb")
    @ColumnTransformer(write = "?::jsonb")
    public String contactInformation;

    @Column(name = "entity_information", columnDefinition = "jsonb")
    @ColumnTransformer(write = "?::jsonb")
    public String entityInformation;

    @Column(name = "account_information", columnDefinition = "jsonb")
    @ColumnTransformer(write = "?::jsonb")
    public String accountInformation;

    @Column(name = "upgrade_information", columnDefinition = "jsonb", nullable = false)
    @ColumnTransformer(write = "?::jsonb")
    public String upgradeInformation;

    @Column(name = "upgrade_status")
    public String upgradeStatus;

    @Column(name = "verification_information", columnDefinition = "jsonb")
    @ColumnTransformer(write = "?::jsonb")
    public String verificationInformation;

    @Column(name = "review_information", columnDefinition = "jsonb")
    @ColumnTransformer(write = "?::jsonb")
    public String reviewInformation;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;

    @Column(name = "updated_at", nullable = false)
    public Instant updatedAt;
}
