package io.mizani.adapter.persistence.team;

import io.mizani.application.tenancy.OperatorDirectory;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;

@ApplicationScoped
class JpaOperatorDirectory implements OperatorDirectory {

    private final EntityManager em;

    JpaOperatorDirectory(EntityManager em) {
        this.em = em;
    }

    @Override
    public long operatorUserId(String username) {
        // One statement, safe under concurrent first logins: the unique username decides.
        return ((Number) em.createNativeQuery("INSERT INTO users (username, is_admin, first_name) VALUES (?1, true, ?1) "
                        + "ON CONFLICT (username) DO UPDATE SET is_admin = true RETURNING id")
                .setParameter(1, "operator:" + username).getSingleResult()).longValue();
    }
}
