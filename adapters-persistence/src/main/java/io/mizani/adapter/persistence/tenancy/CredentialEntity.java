package io.mizani.adapter.persistence.tenancy;

import java.time.Instant;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

@Entity
@Table(name = "credentials")
public class CredentialEntity extends PanacheEntityBase {
    @Id
    public String username;
    @Column(name = "secret_hash")
    public byte[] secretHash;
    @Column(name = "account_id")
    public long accountId;
    @Column(name = "user_id")
    public long userId;
    @Column(name = "revoked_at")
    public Instant revokedAt;
    @Column(name = "created_at", insertable = false, updatable = false)
    public Instant createdAt;
}
