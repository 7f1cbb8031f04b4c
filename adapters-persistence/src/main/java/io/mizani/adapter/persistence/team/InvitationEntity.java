package io.mizani.adapter.persistence.team;

import java.time.Instant;

import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

@Entity
@Table(name = "invitations")
public class InvitationEntity extends PanacheEntityBase {
    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;
    @Column(name = "token_hash")
    public byte[] tokenHash;
    @Column(name = "organization_id")
    public long organizationId;
    @Column(name = "account_id")
    public long accountId;
    public String email;
    @Column(name = "phone_number")
    public String phoneNumber;
    @Column(name = "role_id")
    public int roleId;
    @JdbcTypeCode(SqlTypes.ARRAY)
    @Column(name = "assigned_account_ids")
    public Long[] assignedAccountIds;
    @Column(name = "invited_by")
    public long invitedBy;
    public String status = "pending";
    @Column(name = "expires_at")
    public Instant expiresAt;
    @Column(name = "accepted_user_id")
    public Long acceptedUserId;
    @Column(name = "accepted_at")
    public Instant acceptedAt;
    @Column(name = "created_at", insertable = false, updatable = false)
    public Instant createdAt;
}
