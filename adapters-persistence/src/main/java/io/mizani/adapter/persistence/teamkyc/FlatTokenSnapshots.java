package io.mizani.adapter.persistence.teamkyc;

import io.mizani.domain.verification.CheckStatus;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.util.NameTransformer;
import io.mizani.domain.teamkyc.KycSlot;
import io.mizani.domain.teamkyc.TokenSnapshot;
import io.mizani.domain.verification.LookupId;
import io.mizani.domain.verification.VerificationToken;
import java.io.IOException;
import java.time.Instant;

/**
 * How a {@link TokenSnapshot} is stored inside {@code verification_information.verifications[]}: one flat object,
 * the storage format rows already have ({@code kind} as the slot's name, {@code token}, the fields of
 * {@link VerificationToken.Checked} and {@link VerificationToken.Finding} inline, {@code verified_at},
 * {@code expires_at}). No field list of its own: the parts are written and read by their own names (the domain
 * {@link VerificationToken} is the one definition of a token's fields), so nothing here can put a value in the
 * wrong field.
 */
final class FlatTokenSnapshots {

    private FlatTokenSnapshots() {
    }

    /** Registers the flat form for {@link TokenSnapshot} on a mapper. */
    static SimpleModule module() {
        SimpleModule module = new SimpleModule("flat-token-snapshot");
        // the finding's status as its wire word ("verified", "not_verified"), the form rows already hold
        module.addSerializer(CheckStatus.class, new JsonSerializer<>() {
            @Override
            public void serialize(CheckStatus value, JsonGenerator gen, SerializerProvider provider)
                    throws IOException {
                gen.writeString(value.wire());
            }
        });
        module.addDeserializer(CheckStatus.class, new JsonDeserializer<>() {
            @Override
            public CheckStatus deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
                return CheckStatus.fromWire(p.getValueAsString());
            }
        });
        module.addSerializer(TokenSnapshot.class, new JsonSerializer<>() {
            @Override
            public void serialize(TokenSnapshot value, JsonGenerator gen, SerializerProvider provider)
                    throws IOException {
                VerificationToken t = value.token();
                gen.writeStartObject();
                gen.writeStringField("kind", value.kind().name());
                gen.writeStringField("token", t.token().value());
                inline(t.checked(), VerificationToken.Checked.class, gen, provider);
                inline(t.finding(), VerificationToken.Finding.class, gen, provider);
                provider.defaultSerializeField("verified_at", t.verifiedAt(), gen);
                provider.defaultSerializeField("expires_at", t.expiresAt(), gen);
                gen.writeEndObject();
            }
        });
        module.addDeserializer(TokenSnapshot.class, new JsonDeserializer<>() {
            @Override
            public TokenSnapshot deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
                JsonNode node = ctxt.readTree(p);
                VerificationToken token = new VerificationToken(LookupId.of(node.path("token").asText()),
                        ctxt.readTreeAsValue(node, VerificationToken.Checked.class),
                        ctxt.readTreeAsValue(node, VerificationToken.Finding.class),
                        instant(node, "verified_at", ctxt), instant(node, "expires_at", ctxt));
                return new TokenSnapshot(KycSlot.valueOf(node.path("kind").asText()), token);
            }
        });
        return module;
    }

    /** Writes {@code part}'s fields, by their own names, into the object being written. */
    private static <T> void inline(T part, Class<T> type, JsonGenerator gen, SerializerProvider provider)
            throws IOException {
        provider.findValueSerializer(type).unwrappingSerializer(NameTransformer.NOP).serialize(part, gen, provider);
    }

    private static Instant instant(JsonNode node, String field, DeserializationContext ctxt) throws IOException {
        JsonNode value = node.get(field);
        return value == null || value.isNull() ? null : ctxt.readTreeAsValue(value, Instant.class);
    }
}
