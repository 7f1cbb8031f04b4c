package io.mizani.adapter.provider.verification;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mizani.application.verification.ProviderRequest;
import io.mizani.application.verification.VerificationProvider;
import io.mizani.domain.verification.Category;
import io.mizani.domain.verification.CheckOutcome;
import io.mizani.domain.verification.ProviderAnswer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.zip.CRC32;

/**
 * The built-in deterministic provider of sandbox mode (platform.md section 5). The outcome is chosen by the last
 * two characters of the identifier: {@code 00} not verified (charged), {@code 01} not verified (fee waived),
 * {@code 99} unavailable, {@code 98} answers only after the provider timeout plus one second, anything else
 * verified. Names are derived from the identifier, so the same identifier always gives the same subject.
 */
public final class SandboxVerificationProvider implements VerificationProvider {

    public static final String NAME = "sandbox";

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

    public SandboxVerificationProvider(long timeoutMs) {
        this.timeoutMs = timeoutMs;
    }

    @Override
    public String name(ProviderRequest request) {
        return NAME;
    }

    @Override
    public CheckOutcome run(ProviderRequest request) {
        String id = request.inputs().identifier();
        String reference = "sbx_" + request.lookupId().substring(request.lookupId().indexOf('_') + 1);
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
        String[] name = company ? firm(id) : person(id);
        String full = company ? name[0] : name[0] + " " + name[1];
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
        ObjectNode data = json.createObjectNode();
        data.put("result_code", code);
        data.put("result_text", text);
        data.put("check", request.check().key());
        data.put("country", request.country());
        data.put("id_number", id);
        if (verified) {
            data.put("full_name", full);
            if (!company) {
                data.put("first_name", name[0]);
                data.put("last_name", name[1]);
            }
            if (taxpayerClass != null) {
                data.put("taxpayer_class", taxpayerClass);
            }
            if (request.check().key().equals("phone_status_global")) {
                data.put("line_status", "active");
            }
        }
        data.put("reference", reference);
        ProviderAnswer answer = new ProviderAnswer(verdict, verified ? full : null, verified ? taxpayerClass : null,
                reference, text, code, data.toString());
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

    private static String[] person(String id) {
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
