package io.mizani.domain.verification;

import static io.mizani.domain.verification.CheckField.country;
import static io.mizani.domain.verification.CheckField.date;
import static io.mizani.domain.verification.CheckField.digits;
import static io.mizani.domain.verification.CheckField.identifier;
import static io.mizani.domain.verification.CheckField.name;
import static io.mizani.domain.verification.CheckField.option;
import static io.mizani.domain.verification.CheckField.phone;
import static io.mizani.domain.verification.CheckField.phoneNg;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The check catalogue: the single source of truth for which checks exist, what they ask for, what they prove and
 * what they cost on the platform key. Served as-is by {@code GET /api/v1/kyc/checks}; adding a check is adding an
 * entry here.
 */
public final class CheckCatalogue {

    /** Live price of a check the price list does not name (KES). */
    public static final BigDecimal DEFAULT_LIVE_PRICE = kes(50);
    /** Price of a cached replay, every check (KES). */
    public static final BigDecimal CACHED_PRICE = kes(20);
    public static final String CURRENCY = "KES";

    private static final List<FieldOption> CARD_TYPES = List.of(
            new FieldOption("new", "New (biometric) card"), new FieldOption("old", "Old card"));

    private static final List<FieldOption> TIN_CHANNELS = List.of(
            new FieldOption("TIN", "Tax identification number"),
            new FieldOption("CAC", "CAC registration number"),
            new FieldOption("PHONE", "Registered phone number"));

    /** Kenyan banks by Central Bank of Kenya bank code. */
    public static final List<FieldOption> KE_BANKS = List.of(
            new FieldOption("01", "KCB Bank Kenya"),
            new FieldOption("02", "Standard Chartered Bank Kenya"),
            new FieldOption("03", "Absa Bank Kenya"),
            new FieldOption("07", "NCBA Bank Kenya"),
            new FieldOption("10", "Prime Bank"),
            new FieldOption("11", "Co-operative Bank of Kenya"),
            new FieldOption("12", "National Bank of Kenya"),
            new FieldOption("16", "Citibank N.A. Kenya"),
            new FieldOption("19", "Bank of Africa Kenya"),
            new FieldOption("31", "Stanbic Bank Kenya"),
            new FieldOption("57", "I&M Bank"),
            new FieldOption("63", "Diamond Trust Bank Kenya"),
            new FieldOption("66", "Sidian Bank"),
            new FieldOption("68", "Equity Bank Kenya"),
            new FieldOption("70", "Family Bank"),
            new FieldOption("72", "Gulf African Bank"),
            new FieldOption("74", "First Community Bank"));

    /** Nigerian banks by CBN / NIBSS bank code. */
    public static final List<FieldOption> NG_BANKS = List.of(
            new FieldOption("044", "Access Bank"),
            new FieldOption("023", "Citibank Nigeria"),
            new FieldOption("050", "Ecobank Nigeria"),
            new FieldOption("070", "Fidelity Bank"),
            new FieldOption("011", "First Bank of Nigeria"),
            new FieldOption("214", "First City Monument Bank"),
            new FieldOption("058", "Guaranty Trust Bank"),
            new FieldOption("030", "Heritage Bank"),
            new FieldOption("301", "Jaiz Bank"),
            new FieldOption("082", "Keystone Bank"),
            new FieldOption("076", "Polaris Bank"),
            new FieldOption("101", "Providus Bank"),
            new FieldOption("221", "Stanbic IBTC Bank"),
            new FieldOption("068", "Standard Chartered Bank Nigeria"),
            new FieldOption("232", "Sterling Bank"),
            new FieldOption("032", "Union Bank of Nigeria"),
            new FieldOption("033", "United Bank for Africa"),
            new FieldOption("215", "Unity Bank"),
            new FieldOption("035", "Wema Bank"),
            new FieldOption("057", "Zenith Bank"),
            new FieldOption("50211", "Kuda Microfinance Bank"),
            new FieldOption("50515", "Moniepoint Microfinance Bank"),
            new FieldOption("999992", "OPay"),
            new FieldOption("999991", "PalmPay"));

    private static final CheckCatalogue STANDARD = new CheckCatalogue(List.of(
            // Person (KYC)
            check("national_id_ke", "Kenya National ID", "KE", Category.NATIONAL_ID, 40,
                    "Confirms a Kenyan national ID number against the national population register and returns the holder's name.",
                    identifier("number", "ID number", "Kenyan national ID number, e.g. 12345678")),
            check("passport_ke", "Kenya Passport", "KE", Category.PASSPORT, 50,
                    "Confirms a Kenyan passport number and returns the holder's name.",
                    identifier("number", "Passport number", "Kenyan passport number, e.g. AK0123456")),
            check("nin", "Nigeria NIN", "NG", Category.NATIONAL_ID, 55,
                    "Confirms a Nigerian National Identification Number with NIMC and returns the holder's name.",
                    digits("number_nin", "NIN", 11, "11-digit National Identification Number")),
            check("bvn_basic", "Nigeria BVN (basic)", "NG", Category.BANK_ID, 35,
                    "Confirms a Bank Verification Number; returns name, date of birth and phone.",
                    digits("number", "BVN", 11, "11-digit Bank Verification Number")),
            check("bvn", "Nigeria BVN (full)", "NG", Category.BANK_ID, 45,
                    "Confirms a Bank Verification Number; adds enrolment bank and branch, e-mail, gender and watch-list status.",
                    digits("number", "BVN", 11, "11-digit Bank Verification Number")),
            check("national_id_gh", "Ghana Card", "GH", Category.NATIONAL_ID, 148,
                    "Confirms a Ghana Card (national ID) number with the National Identification Authority.",
                    identifier("id_number", "Ghana Card number", "e.g. GHA-123456789-0")),
            check("national_id_ug", "Uganda National ID", "UG", Category.NATIONAL_ID, 50,
                    "Confirms a Ugandan national ID (NIN) with NIRA, matched against surname, date of birth and card number.",
                    identifier("national_id", "National ID number (NIN)", "14-character NIN, e.g. CM12345678ABCD"),
                    name("surname", "Surname", "Surname as printed on the card"),
                    date("dob", "Date of birth", "YYYY-MM-DD"),
                    identifier("document_id", "Card number", "Document (card) number printed on the ID")),
            check("national_id_ci", "Cote d'Ivoire National ID", "CI", Category.NATIONAL_ID, 100,
                    "Confirms an Ivorian national identity card number.",
                    identifier("id_number", "ID number", "National identity card number"),
                    option("card_type", "Card type", "new or old", CARD_TYPES)),
            check("national_id_sl", "Sierra Leone National ID", "SL", Category.NATIONAL_ID, 50,
                    "Confirms a Sierra Leone national ID number.",
                    identifier("id_number", "ID number", "National ID number (NIN)")),
            check("national_id_zm", "Zambia National ID", "ZM", Category.NATIONAL_ID, 50,
                    "Confirms a Zambian national registration card (NRC) number.",
                    identifier("number", "NRC number", "e.g. 123456/78/1")),
            check("national_id_za", "South Africa National ID", "ZA", Category.NATIONAL_ID, 50,
                    "Confirms a South African ID number with the Department of Home Affairs.",
                    digits("id_number", "ID number", 13, "13-digit South African ID number")),
            check("voter_id_tz", "Tanzania Voter ID", "TZ", Category.NATIONAL_ID, 70,
                    "Confirms a Tanzanian voter's card number with its issue date.",
                    identifier("id_number", "Voter ID number", "Voter's card number"),
                    date("issue_date", "Issue date", "YYYY-MM-DD")),
            check("resident_card_ci", "Cote d'Ivoire Resident Card", "CI", Category.NATIONAL_ID, 100,
                    "Confirms an Ivorian resident card number.",
                    identifier("id_number", "Resident card number", "Resident card number"),
                    option("card_type", "Card type", "new or old", CARD_TYPES)),
            check("passport_gh", "Ghana Passport", "GH", Category.PASSPORT, 128,
                    "Confirms a Ghanaian passport number and returns the holder's name.",
                    identifier("number", "Passport number", "e.g. G1234567")),
            check("passport_ng", "Nigeria Passport", "NG", Category.PASSPORT, 105,
                    "Confirms a Nigerian international passport against the holder's NIN and date of birth.",
                    identifier("number", "Passport number", "e.g. A12345678"),
                    digits("nin", "NIN", 11, "11-digit NIN of the passport holder"),
                    date("dob", "Date of birth", "YYYY-MM-DD")),
            // Business (KYB)
            check("kra_pin", "Kenya KRA PIN", "KE", Category.TAX_ID, 55,
                    "Confirms a Kenya Revenue Authority PIN is registered and active; returns the taxpayer name and company/individual class.",
                    identifier("number", "KRA PIN", "e.g. P051234567X (P: company, A: individual)")),
            check("tin_global", "Global TIN", CheckDefinition.GLOBAL, Category.TAX_ID, 45,
                    "Confirms a tax identification number in 120+ countries; returns the taxpayer name and class where the registry states it.",
                    identifier("tin", "TIN", "Tax identification number"),
                    country("country", "Country", "ISO 3166-1 alpha-2 code of the issuing country")),
            check("company_global", "Global Company Registry", CheckDefinition.GLOBAL, Category.COMPANY, 1305,
                    "Looks a company up in its national business registry; returns the registered name and status.",
                    identifier("company_number", "Company registration number", "Registration number in the national registry"),
                    country("country_code", "Country", "ISO 3166-1 alpha-2 code of the registry's country")),
            check("kra_pin_from_id_ke", "Kenya KRA PIN from National ID", "KE", Category.TAX_ID, 105,
                    "Returns the KRA PIN registered to a Kenyan national ID number.",
                    identifier("number", "National ID number", "Kenyan national ID number")),
            check("tin_ng", "Nigeria TIN", "NG", Category.TAX_ID, 50,
                    "Confirms a Nigerian taxpayer by TIN, CAC registration number or registered phone number.",
                    identifier("number", "Number", "The TIN, CAC number or phone number named by channel"),
                    option("channel", "Channel", "What number is: TIN, CAC or PHONE", TIN_CHANNELS)),
            check("tin_from_nin_ng", "Nigeria TIN from NIN", "NG", Category.TAX_ID, 45,
                    "Returns the TIN registered to a Nigerian NIN.",
                    digits("number", "NIN", 11, "11-digit National Identification Number")),
            check("scuml_ng", "Nigeria SCUML", "NG", Category.COMPANY, 35,
                    "Confirms a company's SCUML (Special Control Unit against Money Laundering) registration.",
                    identifier("company_number", "Company registration number", "CAC registration number, e.g. RC123456")),
            // Phone and bank account
            check("phone", "Phone Number", CheckDefinition.GLOBAL, Category.PHONE, 65,
                    "Confirms the registered owner of a mobile number; runs against the number's country.",
                    phone("number", "Phone number", "International format, e.g. +254712345678")),
            check("phone_ng", "Nigeria Phone Number", "NG", Category.PHONE, 35,
                    "Confirms the registered owner of a Nigerian mobile number.",
                    phoneNg("number", "Phone number", "e.g. +2348012345678 or 08012345678")),
            check("phone_status_global", "Phone Line Status", CheckDefinition.GLOBAL, Category.PHONE, 70,
                    "Confirms a mobile line is active; verified when the line is active. Runs against the number's country.",
                    phone("number", "Phone number", "International format, e.g. +254712345678")),
            check("bank_account_ke", "Kenya Bank Account", "KE", Category.BANK_ACCOUNT, 55,
                    "Confirms a Kenyan bank account exists and returns the account holder's name.",
                    digits("account_no", "Account number", 5, 20, "Bank account number, digits only"),
                    option("bank_id", "Bank", "Central Bank of Kenya bank code", KE_BANKS)),
            check("bank_account_ng", "Nigeria Bank Account", "NG", Category.BANK_ACCOUNT, 25,
                    "Confirms a Nigerian bank account (NUBAN) and returns the account name.",
                    digits("number", "Account number (NUBAN)", 10, "10-digit NUBAN"),
                    option("bank_code", "Bank", "CBN bank code", NG_BANKS))));

    private final Map<String, CheckDefinition> byKey;

    public CheckCatalogue(List<CheckDefinition> checks) {
        var map = new LinkedHashMap<String, CheckDefinition>();
        for (CheckDefinition check : checks) {
            if (map.put(check.key(), check) != null) {
                throw new IllegalArgumentException("duplicate check " + check.key());
            }
        }
        this.byKey = java.util.Collections.unmodifiableMap(map);
    }

    public static CheckCatalogue standard() {
        return STANDARD;
    }

    public Optional<CheckDefinition> find(String key) {
        return key == null ? Optional.empty() : Optional.ofNullable(byKey.get(key));
    }

    public List<CheckDefinition> all() {
        return List.copyOf(byKey.values());
    }

    public BigDecimal livePrice(String key) {
        return find(key).map(CheckDefinition::livePrice).orElse(DEFAULT_LIVE_PRICE);
    }

    public BigDecimal cachedPrice(String key) {
        return CACHED_PRICE;
    }

    private static CheckDefinition check(String key, String label, String country, Category category, int price,
                                         String description, CheckField... fields) {
        return new CheckDefinition(key, label, country, category, description, List.of(fields), kes(price));
    }

    private static BigDecimal kes(int amount) {
        return BigDecimal.valueOf(amount).setScale(2);
    }
}
