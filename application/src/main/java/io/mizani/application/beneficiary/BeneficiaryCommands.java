package io.mizani.application.beneficiary;

import io.mizani.domain.beneficiary.Field;

import java.math.BigDecimal;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;

/** Commands of the beneficiary use cases. A field map holds what was sent: a null value clears the field. */
public final class BeneficiaryCommands {

    private BeneficiaryCommands() {
    }

    private static Map<Field, String> copy(Map<Field, String> fields) {
        var copy = new EnumMap<Field, String>(Field.class);
        copy.putAll(fields);
        return Collections.unmodifiableMap(copy);
    }

    public record Create(long accountId, Map<Field, String> fields) {
        public Create {
            fields = copy(Objects.requireNonNull(fields));
        }
    }

    /** {@code active} null leaves is_active unchanged. */
    public record Update(long accountId, UUID uuid, Map<Field, String> fields, Boolean active) {
        public Update {
            Objects.requireNonNull(uuid);
            fields = copy(Objects.requireNonNull(fields));
        }
    }

    /** {@code amount} (in {@code currency}) is converted with the rate table when {@code amountUsd} is absent. */
    public record Eligibility(long accountId, UUID uuid, String currency, BigDecimal amountUsd, BigDecimal amount) {
        public Eligibility {
            Objects.requireNonNull(uuid);
        }

        public Eligibility(long accountId, UUID uuid, String currency, BigDecimal amountUsd) {
            this(accountId, uuid, currency, amountUsd, null);
        }
    }
}
