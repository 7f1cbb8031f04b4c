package io.mizani.adapter.provider.verification;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mizani.application.verification.ProviderRequest;
import io.mizani.application.verification.VerificationProvider;
import io.mizani.domain.verification.Category;
import io.mizani.domain.verification.CheckOutcome;
import io.mizani.domain.verification.ProviderAnswer;
import io.mizani.domain.verification.ProviderReply;
import io.mizani.domain.verification.match.RegistryIdentity;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.List;
import java.util.zip.CRC32;

/**
 * The built-in deterministic provider of sandbox mode (platform.md section 5). The outcome is chosen by the last
 * two characters of the identifier: {@code 00} not verified (charged), {@code 01} not verified (fee waived),
 * {@code 99} unavailable, {@code 98} answers only after the provider timeout plus one second, anything else
 * verified. Names are derived from the identifier, so the same identifier always gives the same subject.
 *
 * <p>Two instances run in sandbox mode, {@code sandbox} and {@code sandbox_backup} (platform.md section 13): an
 * identifier ending in {@code 97} makes {@code sandbox} unavailable while {@code sandbox_backup} answers it
 * verified with the same subject; {@code 98} and {@code 99} fail on both. Both return the subject's
 * {@code date_of_birth}, {@code 1990-01-DD} with DD = (the identifier's last two digits mod 28) + 1.
 */
public final class SandboxVerificationProvider implements VerificationProvider {

    public static final String NAME = "sandbox";
    public static final String BACKUP = "sandbox_backup";

    private static final List<String> FIRST = List.of("Amani", "Wanjiru", "Chinedu", "Kwame", "Ama", "Tendai",
            "Zanele", "Kofi", "Aisha", "Baraka", "Ngozi", "Thabo", "Fatou", "Juma", "Imani", "Sipho");
    private static final List<String> LAST = List.of("Otieno", "Mwangi", "Okafor", "Mensah", "Boateng", "Moyo",
            "Dlamini", "Adeyemi", "Kamau", "Diallo", "Nkosi", "Achieng", "Eze", "Owusu", "Banda", "Kariuki");
    private static final List<String> FIRM_A = List.of("Savanna", "Baobab", "Kilima", "Sahel", "Zambezi", "Acacia",
            "Rift", "Delta");
    private static final List<String> FIRM_B = List.of("Traders", "Logistics", "Holdings", "Ventures", "Foods",
            "Technologies", "Agencies", "Partners");

    private final ObjectMapper json = new ObjectMapper();
    private final long timeoutMs;
    private final String name;

    public SandboxVerificationProvider(long timeoutMs) {
        this(NAME, timeoutMs);
    }

    /** @param name {@link #NAME} or {@link #BACKUP} */
    public SandboxVerificationProvider(String name, long timeoutMs) {
        this.name = name;
        this.timeoutMs = timeoutMs;
    }

    @Override
    public String name(ProviderRequest request) {
        return name;
    }

    /** 1990-01-DD, DD = (the identifier's last two digits mod 28) + 1; null when it does not end in two digits. */
    static LocalDate dateOfBirth(String id) {
        if (id.length() < 2 || !Character.isDigit(id.charAt(id.length() - 1))
                || !Character.isDigit(id.charAt(id.length() - 2))) {
            return null;
        }
        int lastTwo = Integer.parseInt(id.substring(id.length() - 2));
        return LocalDate.of(1990, 1, lastTwo % 28 + 1);
    }

    @Override
    public CheckOutcome run(ProviderRequest request) {
        String id = request.inputs().identifier();
        String reference = "sbx_" + request.lookupId().substring(request.lookupId().indexOf('_') + 1);
        if (id.endsWith("97") && NAME.equals(name)) {
            return new CheckOutcome.ProviderUnavailable(CheckOutcome.Cause.DOWN, "provider unavailable", "1015");
        }
        if (id.endsWith("99")) {
            return new CheckOutcome.ProviderUnavailable(CheckOutcome.Cause.DOWN,
                    "ID authority unavailable", "1015");
        }
        if (id.endsWith("98")) {
            try {
                Thread.sleep(timeoutMs + 1000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return new CheckOutcome.ProviderUnavailable(CheckOutcome.Cause.TIMEOUT, "interrupted", null);
            }
        }
        boolean company = request.check().category() == Category.COMPANY;
        String[] subject = company ? firm(id) : person(id);
        String full = company ? subject[0] : subject[0] + " " + subject[1];
        String taxpayerClass = taxpayerClass(request.check().key(), id);
        String verdict;
        String code;
        String text;
        if (id.endsWith("00")) {
            verdict = "NOT_VERIFIED";
            code = "1013";
            text = "ID number not found";
        } else if (id.endsWith("01")) {
            verdict = "NOT_VERIFIED";
            code = "1023";
            text = "ID number not found; no charge applied";
        } else {
            verdict = "VERIFIED";
            code = "1012";
            text = request.check().key().equals("phone_status_global") ? "Line is active" : "ID number validated";
        }
        boolean verified = "VERIFIED".equals(verdict);
        LocalDate dob = company ? null : dateOfBirth(id);
        ObjectNode data = json.createObjectNode();
        data.put("result_code", code);
        data.put("result_text", text);
        data.put("check", request.check().key());
        data.put("country", request.country());
        data.put("id_number", id);
        if (verified) {
            data.put("full_name", full);
            if (!company) {
                data.put("first_name", subject[0]);
                data.put("last_name", subject[1]);
                if (dob != null) {
                    data.put("date_of_birth", dob.toString());
                }
            }
            if (taxpayerClass != null) {
                data.put("taxpayer_class", taxpayerClass);
            }
            if (request.check().key().equals("phone_status_global")) {
                data.put("line_status", "active");
            }
        }
        data.put("reference", reference);
        RegistryIdentity identity = verified && !company ? new RegistryIdentity(subject[0], null, subject[1], dob) : null;
        ProviderAnswer answer = new ProviderAnswer(verdict, verified ? full : null, verified ? taxpayerClass : null,
                new ProviderReply(reference, text, code), data.toString(), identity);
        if (verified) {
            return new CheckOutcome.Verified(answer);
        }
        return new CheckOutcome.NotVerified(answer, !id.endsWith("01"));
    }

    /** The class a sandbox registry states: KRA PIN by its letter, TINs by their first digit. */
    static String taxpayerClass(String check, String id) {
        return switch (check) {
            case "kra_pin" -> id.startsWith("P") ? "Non-Individual" : id.startsWith("A") ? "Individual" : null;
            case "tin_global", "tin_ng" -> id.startsWith("1") ? "Non-Individual"
                    : id.startsWith("2") ? "Sole Proprietor" : null;
            case "kra_pin_from_id_ke", "tin_from_nin_ng" -> "Individual";
            default -> null;
        };
    }

    /**
     * The deterministic person of section 5 for an identifier: {first name, last name}. Also the account holder's
     * name of the sandbox payee directory (section 16), for the account number as identifier.
     */
    public static String[] person(String id) {
        long h = hash(id);
        return new String[]{FIRST.get((int) (h % FIRST.size())), LAST.get((int) ((h / 31) % LAST.size()))};
    }

    private static String[] firm(String id) {
        long h = hash(id);
        return new String[]{FIRM_A.get((int) (h % FIRM_A.size())) + " " + FIRM_B.get((int) ((h / 31) % FIRM_B.size()))
                + " Limited"};
    }

    private static long hash(String id) {
        CRC32 crc = new CRC32();
        crc.update(id.getBytes(StandardCharsets.UTF_8));
        return crc.getValue();
    }
}
