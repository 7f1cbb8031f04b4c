package io.mizani.adapter.persistence.team;

import io.mizani.domain.team.UserStatus;
import java.time.Instant;
import java.util.Optional;

import io.mizani.adapter.persistence.common.SealedText;
import io.mizani.application.team.UserStore;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

@ApplicationScoped
class JpaUserStore implements UserStore {

    /** A user's phone number is stored sealed (platform.md section 11). */
    @Inject
    SealedText sealed;

    @Override
    public long create(NewUser u) {
        UserEntity e = new UserEntity();
        e.organizationId = u.organizationId();
        e.firstName = u.person().firstName();
        e.lastName = u.person().lastName();
        e.email = u.person().email();
        e.phoneNumber = sealed.seal(u.person().phoneNumber());
        e.username = u.username();
        e.admin = u.admin();
        e.updatedAt = Instant.now().truncatedTo(java.time.temporal.ChronoUnit.MICROS);
        e.persist();
        return e.id;
    }

    @Override
    public Optional<User> find(long id) {
        return UserEntity.<UserEntity>findByIdOptional(id).map(this::toUser);
    }

    @Override
    public Optional<User> findByEmail(long organizationId, String email) {
        return UserEntity.<UserEntity>find("organizationId = ?1 and lower(email) = lower(?2)", organizationId, email)
                .firstResultOptional().map(this::toUser);
    }

    @Override
    public void lockEmail(long organizationId, String email) {
        UserEntity.getEntityManager()
                .createNativeQuery("SELECT 1 FROM pg_advisory_xact_lock(hashtextextended(?1 || ':' || lower(?2), 0))")
                .setParameter(1, Long.toString(organizationId)).setParameter(2, email).getSingleResult();
    }

    User toUser(UserEntity e) {
        return new User(e.id, e.organizationId,
                new Person(e.firstName, e.lastName, e.email, sealed.open(e.phoneNumber)),
                new Login(e.username, e.admin, UserStatus.fromWire(e.status), e.pinSet));
    }
}
