package io.mizani.adapter.rest.teamkyc;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mizani.application.teamkyc.AccountKycRenderer;
import io.mizani.domain.teamkyc.AccountKyc;
import jakarta.inject.Singleton;
import jakarta.inject.Inject;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The account_kyc of account_kyc.* events: the very view the Team KYC API answers with, through the application's
 * ObjectMapper (snake_case, the same absent fields), turned into plain maps. {@code created_at} and
 * {@code updated_at} are timestamptz columns, which PostgreSQL rounds to the microsecond (half to even), so they are
 * rounded the same way here: the event shows exactly what {@code GET /api/v2/account_kycs/{id}} reads back.
 */
@Singleton
public class JacksonAccountKycRenderer implements AccountKycRenderer {

    private static final TypeReference<LinkedHashMap<String, Object>> MAP = new TypeReference<>() {
    };

    @Inject
    ObjectMapper mapper;

    @Override
    public Map<String, Object> render(AccountKyc kyc) {
        LinkedHashMap<String, Object> view = mapper.convertValue(AccountKycJson.AccountKycView.of(kyc), MAP);
        view.computeIfPresent("created_at", (k, v) -> stored(kyc.createdAt(), v));
        view.computeIfPresent("updated_at", (k, v) -> stored(kyc.updatedAt(), v));
        return view;
    }

    private static Object stored(Instant t, Object rendered) {
        return t == null ? rendered : DateTimeFormatter.ISO_INSTANT.format(roundedToMicros(t));
    }

    static Instant roundedToMicros(Instant t) {
        Instant down = t.truncatedTo(ChronoUnit.MICROS);
        long rest = t.getNano() % 1000;
        boolean odd = (down.getNano() / 1000) % 2 == 1;
        return rest > 500 || (rest == 500 && odd) ? down.plusNanos(1000) : down;
    }
}
