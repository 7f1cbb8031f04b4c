package io.mizani.application.screening;

import io.mizani.domain.billing.ChargeStatus;
import io.mizani.application.billing.ChargeGate;
import io.mizani.application.billing.ServiceWallet;
import io.mizani.application.billing.WalletCharges;
import io.mizani.application.common.UnitOfWork;
import io.mizani.domain.common.Money;
import io.mizani.application.events.EventTypes;
import io.mizani.application.events.Events;
import io.mizani.application.verification.PiiProtection;
import io.mizani.application.verification.VerificationAccess;
import io.mizani.application.verification.VerificationErrors;
import io.mizani.application.verification.VerificationMode;
import io.mizani.domain.error.DomainError;
import io.mizani.domain.screening.CaseStatus;
import io.mizani.domain.screening.EntryType;
import io.mizani.domain.screening.ListEntry;
import io.mizani.domain.screening.ListFiles;
import io.mizani.domain.screening.ListFormat;
import io.mizani.domain.screening.ListId;
import io.mizani.domain.screening.NameScore;
import io.mizani.domain.screening.ScreeningIndex;
import io.mizani.domain.screening.Verdict;

import java.math.BigDecimal;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * Compliance screening (platform.md section 20, docs/screening.md): lists loaded by compliance operators, billed
 * screens for merchants, the money path's hold (when {@code MIZANI_SCREENING=on}), cases and their decisions, and
 * the look-back that re-screens every beneficiary against what a new list version changed.
 *
 * <p>Each replica keeps the current versions in one {@link ScreeningIndex}, rebuilt when
 * {@link ScreeningStore#fingerprint()} changes (a load on any replica changes it).
 */
public final class ScreeningService {

    public static final String HELD_MESSAGE = "payee is held for compliance review";
    private static final Pattern LIST_NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.-]{0,63}");
    private static final SecureRandom RANDOM = new SecureRandom();

    /** What the service talks to. */
    public record Ports(ScreeningStore store, UnitOfWork unitOfWork, Events events, VerificationAccess access,
                        WalletCharges wallet, PiiProtection pii, Clock clock) {
    }

    /**
     * @param moneyPath  {@code MIZANI_SCREENING=on}: beneficiary writes and withdrawal payees are screened
     * @param livePrice  the price of one screen on the platform key (KES)
     * @param chargeGate bounds one merchant's charging transactions on this instance
     * @param chunk      beneficiaries per look-back transaction
     */
    public record Settings(boolean moneyPath, BigDecimal livePrice, ChargeGate chargeGate, int chunk) {
    }

    /** The body of a screen. */
    public record ScreenRequest(String fullName, String type, Integer birthYear, String country) {
    }

    /** A screen's answer. */
    public record ScreenResult(String screenId, Verdict verdict, List<ScreeningIndex.Hit> hits,
                               BigDecimal chargedAmount, ChargeStatus chargeStatus) {
    }

    /** A payee about to be paid: who, and the account the money goes to. */
    public record Payee(long accountId, String fullName, EntryType type, Integer birthYear, String country,
                        String accountNumber) {
    }

    private final Ports ports;
    private final Settings settings;
    private volatile Loaded loaded = new Loaded(Long.MIN_VALUE, ScreeningIndex.empty());
    private final Map<Long, ScreeningIndex> deltas = new ConcurrentHashMap<>();

    private record Loaded(long fingerprint, ScreeningIndex index) {
    }

    public ScreeningService(Ports ports, Settings settings) {
        this.ports = Objects.requireNonNull(ports);
        this.settings = Objects.requireNonNull(settings);
    }

    public boolean onMoneyPath() {
        return settings.moneyPath();
    }

    // ---- lists -----------------------------------------------------------------------------------------------

    public ScreeningStore.LoadedList load(String format, String name, byte[] body) {
        ListFormat f = ListFormat.fromWire(format == null ? "" : format.strip()).orElseThrow(() ->
                DomainError.invalidArgument("format must be one of ofac_sdn_xml, un_consolidated_xml, csv"));
        if (name == null || !LIST_NAME.matcher(name.strip()).matches()) {
            throw DomainError.invalidArgument(
                    "name is required: 1 to 64 letters, digits, dots, dashes or underscores");
        }
        List<ListEntry> entries = ListFiles.parse(f, body);
        Instant now = ports.clock().instant();
        return ports.unitOfWork().inTransaction(() -> ports.store().insertVersion(name.strip(), f, entries, now));
    }

    public List<ScreeningStore.LoadedList> lists() {
        return ports.unitOfWork().inTransaction(() -> ports.store().current());
    }

    /** The index of the current versions, rebuilt when a version was loaded since (on any replica). */
    public ScreeningIndex index() {
        long fp = ports.unitOfWork().inTransaction(() -> ports.store().fingerprint());
        Loaded l = loaded;
        if (l.fingerprint() == fp) {
            return l.index();
        }
        synchronized (this) {
            if (loaded.fingerprint() != fp) {
                ScreeningIndex index = ScreeningIndex.build(
                        ports.unitOfWork().inTransaction(() -> ports.store().currentSources()));
                loaded = new Loaded(fp, index);
            }
            return loaded.index();
        }
    }

    // ---- the merchant's screen -------------------------------------------------------------------------------

    /**
     * A billed screen: not available 403, not enabled 412, bad body 400 ({@code body} is read only then), balance
     * 402, in a check's order (platform.md section 4).
     */
    public ScreenResult screen(long accountId, java.util.function.Supplier<ScreenRequest> body) {
        VerificationAccess.Access gate = ports.access().of(accountId);
        if (!gate.available()) {
            throw VerificationErrors.notAvailable();
        }
        if (gate.settings().mode() == VerificationMode.OFF) {
            throw VerificationErrors.notEnabled();
        }
        ScreeningIndex.Subject subject = subject(body.get());
        List<ScreeningIndex.Hit> hits = index().screen(subject);
        boolean platform = gate.settings().mode() == VerificationMode.PLATFORM;
        String screenId = "scr_" + random(12);
        BigDecimal price = platform ? settings.livePrice() : BigDecimal.ZERO.setScale(2);
        String chargeReference = platform ? "chg_" + screenId.substring(4) : null;
        ChargeStatus chargeStatus = platform ? ChargeStatus.CHARGED : ChargeStatus.FREE;
        Verdict verdict = hits.isEmpty() ? Verdict.CLEAR : Verdict.POTENTIAL_MATCH;
        Instant now = ports.clock().instant();
        Money charge = Money.of(price, ServiceWallet.CURRENCY);
        ScreeningStore.StoredScreen stored = new ScreeningStore.StoredScreen(screenId, accountId, verdict.wire(),
                hitMaps(hits), charge, chargeStatus, chargeReference, now);
        java.util.function.Supplier<Object> write = () -> ports.unitOfWork().inTransaction(() -> {
            ports.store().insertScreen(stored);
            if (platform && !ports.wallet().debit(accountId, charge, chargeReference)) {
                throw VerificationErrors.insufficientBalance(); // rolls the screen back
            }
            return null;
        });
        if (platform) {
            settings.chargeGate().through(accountId, write);
        } else {
            write.get();
        }
        return new ScreenResult(screenId, verdict, hits, price, chargeStatus);
    }

    private static ScreeningIndex.Subject subject(ScreenRequest r) {
        if (r == null || r.fullName() == null || r.fullName().isBlank()) {
            throw VerificationErrors.invalidRequest("full_name is required");
        }
        if (r.fullName().length() > 300) {
            throw VerificationErrors.invalidRequest("full_name is longer than 300 characters");
        }
        if (NameScore.tokens(r.fullName()).length == 0) {
            throw VerificationErrors.invalidRequest("full_name has no letters");
        }
        EntryType type = EntryType.fromWire(r.type() == null ? "" : r.type()).orElseThrow(() ->
                VerificationErrors.invalidRequest("type must be person or organization"));
        if (r.birthYear() != null && (r.birthYear() < 1850 || r.birthYear() > 2100)) {
            throw VerificationErrors.invalidRequest("birth_year must be a four-digit year");
        }
        if (r.country() != null && !r.country().matches("[A-Za-z]{2}")) {
            throw VerificationErrors.invalidRequest("country must be an ISO 3166-1 alpha-2 code");
        }
        return new ScreeningIndex.Subject(r.fullName(), type, r.birthYear(),
                r.country() == null ? null : r.country().toUpperCase(java.util.Locale.ROOT));
    }

    // ---- the money path --------------------------------------------------------------------------------------

    /**
     * A withdrawal's payee (when on): a confirmed subject is refused for good, a cleared one passes, any other hit
     * opens (or keeps) a case and refuses: 400 {@code invalid_argument} {@value #HELD_MESSAGE}. The case commits even
     * though the withdrawal is refused.
     */
    public void holdIfListed(Payee payee) {
        if (!settings.moneyPath() || payee.fullName() == null || payee.fullName().isBlank()) {
            return;
        }
        List<ScreeningIndex.Hit> hits = index().screen(new ScreeningIndex.Subject(payee.fullName(),
                payee.type(), payee.birthYear(), payee.country()));
        if (hits.isEmpty()) {
            return;
        }
        String key = subjectKey(payee.accountId(), payee.fullName(), payee.accountNumber());
        boolean held = ports.unitOfWork().inNewTransaction(() -> {
            List<CaseStatus> statuses = ports.store().statusesOf(payee.accountId(), key);
            if (statuses.contains(CaseStatus.CONFIRMED)) {
                return true;
            }
            if (statuses.contains(CaseStatus.CLEARED)) {
                return false;
            }
            ports.store().openCase(draft(payee.accountId(), key, subjectMap(payee.fullName(), payee.type(),
                    payee.birthYear(), payee.country(), payee.accountNumber(), null, "withdrawal"), hits));
            return true;
        });
        if (held) {
            throw DomainError.invalidArgument(HELD_MESSAGE);
        }
    }

    /**
     * A beneficiary just written (when on; called inside the write's transaction): a potential match opens a case
     * (unless one is open or decided for the same subject) and sends {@code screening.hit} to the merchant.
     */
    public void screenBeneficiary(ScreeningStore.ScreenedBeneficiary b) {
        if (!settings.moneyPath()) {
            return;
        }
        hitBeneficiary(b, index(), "beneficiary");
    }

    private void hitBeneficiary(ScreeningStore.ScreenedBeneficiary b, ScreeningIndex index, String origin) {
        if (b.fullName() == null || b.fullName().isBlank()) {
            return;
        }
        List<ScreeningIndex.Hit> hits = index.screen(new ScreeningIndex.Subject(b.fullName(), b.type(),
                b.birthYear(), null));
        if (hits.isEmpty()) {
            return;
        }
        String key = subjectKey(b.accountId(), b.fullName(), b.accountNumber());
        List<CaseStatus> statuses = ports.store().statusesOf(b.accountId(), key);
        if ("lookback".equals(origin) ? statuses.contains(CaseStatus.CONFIRMED) : !statuses.isEmpty()) {
            // a write: the subject's case stands or was decided; a look-back: a changed entry is news unless the
            // subject is confirmed already
            return;
        }
        Optional<ScreeningStore.StoredCase> opened = ports.store().openCase(draft(b.accountId(), key,
                subjectMap(b.fullName(), b.type(), b.birthYear(), b.country(), b.accountNumber(), b.uuid().toString(),
                        origin), hits));
        if (opened.isPresent()) {
            Map<String, Object> data = new LinkedHashMap<>();
            data.put("beneficiary_uuid", b.uuid().toString());
            data.put("hits", hitMaps(hits));
            ports.events().record(b.accountId(), EventTypes.SCREENING_HIT, data);
        }
    }

    // ---- cases -----------------------------------------------------------------------------------------------

    public List<ScreeningStore.StoredCase> cases(String status) {
        CaseStatus s = null;
        if (status != null && !status.isBlank()) {
            s = CaseStatus.fromWire(status.strip()).orElseThrow(() ->
                    DomainError.invalidArgument("status must be one of open, cleared, confirmed"));
        }
        CaseStatus filter = s;
        return ports.unitOfWork().inTransaction(() -> ports.store().cases(filter, 500));
    }

    /** {@code clear} or {@code confirm} an open case, with a note; a decided case answers 409. */
    public ScreeningStore.StoredCase decide(String id, String decision, String note, String operator) {
        CaseStatus to = CaseStatus.ofDecision(decision).orElseThrow(() ->
                DomainError.invalidArgument("decision must be clear or confirm"));
        if (note == null || note.isBlank()) {
            throw DomainError.invalidArgument("note is required");
        }
        if (note.length() > 2000) {
            throw DomainError.invalidArgument("note is longer than 2000 characters");
        }
        return ports.unitOfWork().inTransaction(() -> {
            ScreeningStore.StoredCase c = ports.store().lockCase(id).orElseThrow(() ->
                    new DomainError(DomainError.Kind.NOT_FOUND, "not_found", "case not found"));
            if (c.status() != CaseStatus.OPEN) {
                throw new DomainError(DomainError.Kind.CONFLICT, "conflict",
                        "case " + id + " is already " + c.status().wire());
            }
            ScreeningStore.Decision d = new ScreeningStore.Decision(operator, ports.clock().instant(), note.strip());
            ports.store().decide(id, to, d);
            return new ScreeningStore.StoredCase(c.id(), c.accountId(), c.subjectKey(), c.subject(), c.hits(), to,
                    c.createdAt(), d);
        });
    }

    // ---- look-back -------------------------------------------------------------------------------------------

    /**
     * One step of a pending look-back (any replica): the next {@code chunk} beneficiaries screened against the
     * entries the version added or changed, their cases and events written with the progress in one transaction.
     * Returns how many beneficiaries were screened (0: nothing pending).
     */
    public int lookbackOnce() {
        return ports.unitOfWork().inTransaction(() -> {
            Optional<ScreeningStore.Lookback> claimed = ports.store().claimLookback();
            if (claimed.isEmpty()) {
                return 0;
            }
            ScreeningStore.Lookback lb = claimed.get();
            ScreeningIndex delta = deltas.computeIfAbsent(lb.list().id(), id -> delta(lb.list()));
            List<ScreeningStore.ScreenedBeneficiary> page = delta.entryCount() == 0 ? List.of()
                    : ports.store().beneficiariesAfter(lb.afterBeneficiaryId(), settings.chunk());
            for (ScreeningStore.ScreenedBeneficiary b : page) {
                hitBeneficiary(b, delta, "lookback");
            }
            boolean done = page.size() < settings.chunk();
            long last = page.isEmpty() ? lb.afterBeneficiaryId() : page.get(page.size() - 1).id();
            ports.store().lookbackProgress(ListId.of(lb.list().id()), last, done, ports.clock().instant());
            if (done) {
                deltas.remove(lb.list().id());
            }
            return Math.max(1, page.size());
        });
    }

    /** The entries of {@code list} that its previous version did not have, or had otherwise. */
    private ScreeningIndex delta(ScreeningStore.LoadedList list) {
        List<ListEntry> now = ports.store().entries(list.id());
        Optional<ScreeningStore.LoadedList> before = ports.store().previous(list);
        Map<String, ListEntry> old = new HashMap<>();
        before.ifPresent(b -> ports.store().entries(b.id()).forEach(e -> old.put(e.entryId(), e)));
        List<ListEntry> changed = new ArrayList<>();
        for (ListEntry e : now) {
            if (!e.equals(old.get(e.entryId()))) {
                changed.add(e);
            }
        }
        return ScreeningIndex.build(List.of(new ScreeningIndex.Source(list.name(), list.version(), changed)));
    }

    // ---- helpers ---------------------------------------------------------------------------------------------

    /** The subject of a case: the merchant's, by normalised name and account number (a keyed hash, never the number). */
    String subjectKey(long accountId, String fullName, String accountNumber) {
        List<String> tokens = new ArrayList<>(List.of(NameScore.tokens(fullName)));
        tokens.sort(null);
        String digits = accountNumber == null ? "" : accountNumber.replaceAll("[^0-9A-Za-z]", "");
        return ports.pii().keyedHash("screening.subject:" + accountId + ":" + String.join(" ", tokens) + ":" + digits);
    }

    private ScreeningStore.StoredCase draft(long accountId, String key, Map<String, Object> subject,
                                            List<ScreeningIndex.Hit> hits) {
        return new ScreeningStore.StoredCase("case_" + random(12), accountId, key, subject, hitMaps(hits),
                CaseStatus.OPEN, ports.clock().instant(), null);
    }

    private static Map<String, Object> subjectMap(String name, EntryType type, Integer birthYear, String country,
                                                 String accountNumber, String beneficiaryUuid, String origin) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", name);
        m.put("type", type == null ? null : type.wire());
        m.put("birth_year", birthYear);
        m.put("country", country);
        m.put("account_number_masked", mask(accountNumber));
        m.put("beneficiary_uuid", beneficiaryUuid);
        m.put("origin", origin);
        return m;
    }

    private static String mask(String number) {
        if (number == null || number.isBlank()) {
            return null;
        }
        String n = number.strip();
        return n.length() <= 4 ? "*".repeat(n.length()) : "*".repeat(n.length() - 4) + n.substring(n.length() - 4);
    }

    public static List<Map<String, Object>> hitMaps(List<ScreeningIndex.Hit> hits) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (ScreeningIndex.Hit h : hits) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("list", h.list());
            m.put("list_version", h.listVersion());
            m.put("entry_id", h.entryId());
            m.put("name", h.name());
            m.put("matched_name", h.matchedName());
            m.put("score", h.score());
            out.add(m);
        }
        return out;
    }

    private static String random(int bytes) {
        byte[] b = new byte[bytes];
        RANDOM.nextBytes(b);
        return HexFormat.of().formatHex(b);
    }
}
