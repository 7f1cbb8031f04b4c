package io.mizani.adapter.persistence.team;

import java.time.Instant;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

@Entity
@Table(name = "users")
public class UserEntity extends PanacheEntityBase {
    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;
    @Column(name = "organization_id")
    public Long organizationId;
    @Column(name = "first_name")
    public String firstName;
    @Column(name = "last_name")
    public String lastName;
    public String email;
    @Column(name = "phone_number")
    public String phoneNumber;
    public String username;
    @Column(name = "is_admin")
    public boolean admin;
    public String status = "active";
    @Column(name = "is_pin_set")
    public boolean pinSet;
    @Column(name = "created_at", insertable = false, updatable = false)
    public Instant createdAt;
    @Column(name = "updated_at")
    public Instant updatedAt;
}
