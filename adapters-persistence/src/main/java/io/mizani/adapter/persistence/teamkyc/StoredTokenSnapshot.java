package io.mizani.adapter.persistence.teamkyc;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.module.SimpleModule;
import io.mizani.domain.teamkyc.KycSlot;
import io.mizani.domain.teamkyc.TokenSnapshot;
import io.mizani.domain.verification.LookupId;
import io.mizani.domain.verification.VerificationToken;
import java.io.IOException;
import java.time.Instant;

/**
 * How a {@link TokenSnapshot} is stored inside {@code verification_information.verifications[]}: one flat object,
 * the storage format rows already have (the domain type nests its parts; the rows do not).
 */
record StoredTokenSnapshot(
        KycSlot kind,
        String token,
        String check,
        String category,
        String country,
        String status,
        String verificationStatus,
        boolean verified,
        String actorType,
        String subjectName,
        String identifierMasked,
        String reference,
        String source,
        Instant verifiedAt,
        Instant expiresAt) {

    static StoredTokenSnapshot of(TokenSnapshot s) {
        VerificationToken t = s.token();
        VerificationToken.Checked c = t.checked();
        VerificationToken.Finding f = t.finding();
        return new StoredTokenSnapshot(s.kind(), t.token().value(), c.check(), c.category(), c.country(), f.status(),
                f.verificationStatus(), f.verified(), f.actorType(), f.subjectName(), f.identifierMasked(),
                f.reference(), f.source(), t.verifiedAt(), t.expiresAt());
    }

    TokenSnapshot toDomain() {
        return new TokenSnapshot(kind, new VerificationToken(LookupId.of(token),
                new VerificationToken.Checked(check, category, country),
                new VerificationToken.Finding(status, verificationStatus, verified, actorType, subjectName,
                        identifierMasked, reference, source),
                verifiedAt, expiresAt));
    }

    /** Registers the flat form for {@link TokenSnapshot} on a mapper. */
    static SimpleModule module() {
        SimpleModule module = new SimpleModule("stored-token-snapshot");
        module.addSerializer(TokenSnapshot.class, new JsonSerializer<>() {
            @Override
            public void serialize(TokenSnapshot value, JsonGenerator gen, SerializerProvider provider)
                    throws IOException {
                provider.defaultSerializeValue(of(value), gen);
            }
        });
        module.addDeserializer(TokenSnapshot.class, new JsonDeserializer<>() {
            @Override
            public TokenSnapshot deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
                return ctxt.readValue(p, StoredTokenSnapshot.class).toDomain();
            }
        });
        return module;
    }
}
