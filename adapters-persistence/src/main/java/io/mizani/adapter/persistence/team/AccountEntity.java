package io.mizani.adapter.persistence.team;

import java.time.Instant;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** A Team. */
@Entity
@Table(name = "accounts")
public class AccountEntity extends PanacheEntityBase {
    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;
    @Column(name = "organization_id")
    public long organizationId;
    public String uuid;
    public String name;
    public String description;
    public String currency;
    @Column(name = "dial_code")
    public String dialCode;
    public String number;
    public String email;
    public String status = "active";
    @Column(name = "account_type")
    public String accountType = "merchant";
    @Column(name = "kyc_tier")
    public int kycTier;
    @Column(name = "kyc_verified")
    public boolean kycVerified;
    public String logo;
    @Column(name = "theme_color")
    public String themeColor;
    @Column(name = "payment_note")
    public String paymentNote;
    @Column(name = "notify_amount")
    public Long notifyAmount;
    @Column(name = "identity_checks_available")
    public boolean identityChecksAvailable = true;
    @Column(name = "webhook_secret")
    public String webhookSecret;
    @Column(name = "created_by")
    public Long createdBy;
    @Column(name = "deleted_at")
    public Instant deletedAt;
    @Column(name = "created_at")
    public Instant createdAt;
    @Column(name = "updated_at")
    public Instant updatedAt;
}
