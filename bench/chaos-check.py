"""Invariant check of bench/chaos.sh, after quiescence. Reads the load's answers (ops.jsonl), the receiver's log
(callbacks.jsonl), the database (psql) and the API; prints a summary and exits 1 if an invariant is broken.
Usage: python3 chaos-check.py WORKDIR ACCOUNT_ID PGPORT BASE USER:PASS KILLS PG_STOPS PG_DOWN_S RESPAWNS"""
import base64
import collections
import json
import os
import subprocess
import sys
import urllib.error
import urllib.request
from decimal import Decimal

work, acc, pgport, base, creds, kills, pg_stops, pg_down, respawns = sys.argv[1:10]
auth = "Basic " + base64.b64encode(creds.encode()).decode()

checked = 0
broken = []


def check(name, ok, detail=""):
    global checked
    checked += 1
    print(("  ok    " if ok else "  FAIL  ") + name + ("" if ok or not detail else ": " + detail))
    if not ok:
        broken.append(name)


def sql(query):
    out = subprocess.run(["psql", "-X", "-q", "-tA", "-h", "127.0.0.1", "-p", pgport, "-U", "postgres", "-d", "mizani",
                          "-v", "ON_ERROR_STOP=1", "-c", f"SELECT coalesce(json_agg(t), '[]') FROM ({query}) t"],
                         capture_output=True, text=True, check=True).stdout
    return json.loads(out)


def find(doc, key):
    """The first value of `key` in a nested JSON document."""
    if isinstance(doc, dict):
        if key in doc:
            return doc[key]
        for v in doc.values():
            r = find(v, key)
            if r is not None:
                return r
    elif isinstance(doc, list):
        for v in doc:
            r = find(v, key)
            if r is not None:
                return r
    return None


def sample(xs, n=5):
    xs = list(xs)
    return ", ".join(map(str, xs[:n])) + (f" ... ({len(xs)} in all)" if len(xs) > n else "")


ops = [json.loads(l) for l in open(f"{work}/ops.jsonl")]
cbs = [json.loads(l) for l in open(f"{work}/callbacks.jsonl")]
requests = sum(o["attempts"] for o in ops) + sum(1 for o in ops if "replay_code" in o)
no_answer = sum(1 for o in ops for s in o["seen"] if isinstance(s, str))
codes = collections.Counter(str(o["code"]) for o in ops)
seen_codes = collections.Counter(str(s) for o in ops for s in o["seen"])
pay_ops = [o for o in ops if o["kind"] in ("collection", "withdrawal")]
ref_ops = [o for o in ops if o["kind"] == "refund"]
ver_ops = [o for o in ops if o["kind"] == "verification"]
# forged notices (chaos-load.py "notice") are not client operations: no Idempotency-Key, not retried
batch_ops = [o for o in ops if o["kind"] == "batch"]
accepted = {o["ref"]: o for o in pay_ops if o["code"] == 200}
ver_ok = [o for o in ver_ops if o["code"] == 200]

print()
print("== chaos run")
print(f"  kill -9: {kills}   PostgreSQL stops: {pg_stops} x {pg_down} s   instances that exited on their own"
      f" and were started again: {respawns}")
print(f"  operations: {len(ops)} ({len(pay_ops)} payments, {len(ref_ops)} refunds, {len(batch_ops)} payout batches,"
      f" {len(ver_ops)} verifications), HTTP requests sent: {requests},"
      f" without an answer: {no_answer}, retried operations: {sum(1 for o in ops if o['attempts'] > 1)}")
print(f"  every answer seen: {dict(seen_codes)}")
print(f"  final answers: {dict(codes)}")
print(f"  accepted payments: {len(accepted)} ({sum(1 for o in accepted.values() if o['kind'] == 'collection')} collections,"
      f" {sum(1 for o in accepted.values() if o['kind'] == 'withdrawal')} withdrawals), accepted refunds:"
      f" {sum(1 for o in ref_ops if o['code'] == 200)}, accepted verifications: {len(ver_ok)}")
print(f"  callbacks received: {len(cbs)} deliveries, {len({c['webhook_id'] for c in cbs})} distinct webhook-ids"
      f" ({sum(1 for c in cbs if c.get('answered') == 500)} answered 500 on purpose)")
print()
print("== invariants")

# --- payments ---------------------------------------------------------------------------------------------------
rows = sql(f"SELECT id, reference, merchant_reference, request_type, status, amount, fee FROM payments WHERE account_id = {acc}")
by_ref = collections.defaultdict(list)
for r in rows:
    by_ref[r["merchant_reference"]].append(r)
dups = [k for k, v in by_ref.items() if len(v) > 1]
check("one payment per merchant reference", not dups, sample(dups))
missing = [ref for ref in accepted if ref not in by_ref]
check("every accepted payment (200) is stored", not missing, sample(missing))
same_ref = [ref for ref, o in accepted.items() if ref in by_ref and find(o.get("body"), "reference") not in
            (None, by_ref[ref][0]["reference"])]
check("each accepted payment's answer names the stored payment", not same_ref, sample(same_ref))
unfinal = [f"{ref}={by_ref[ref][0]['status']}" for ref in accepted if ref in by_ref
           and by_ref[ref][0]["status"] not in ("succeeded", "failed")]
check("every accepted payment is final (SQL)", not unfinal, sample(unfinal))
refused_but_stored = [f"{o['ref']}->{o['code']}" for o in pay_ops if o["code"] is not None and o["code"] != 200
                      and o["code"] < 500 and o["ref"] in by_ref]
check("no payment stored for a request finally refused with a 4xx", not refused_but_stored, sample(refused_but_stored))
orphans = [o["ref"] for o in pay_ops if (o["code"] is None or o["code"] >= 500) and o["ref"] in by_ref]
asked = {o["ref"] for o in pay_ops} | {i for o in batch_ops for i in o.get("items", [])}
unknown = [ref for ref in by_ref if ref not in asked]
check("no payment the client never asked for", not unknown, sample(unknown))

api_bad = []
for ref, o in accepted.items():
    req = urllib.request.Request(base + "/api/global/transaction-status", method="POST",
                                 data=json.dumps({"merchant_reference": ref}).encode(),
                                 headers={"authorization": auth, "content-type": "application/json"})
    try:
        st = json.loads(urllib.request.urlopen(req, timeout=20).read())["transaction"]["status"]
    except Exception as e:  # noqa: BLE001
        st = f"error {e}"
    if st not in ("succeeded", "failed") or (ref in by_ref and st != by_ref[ref][0]["status"]):
        api_bad.append(f"{ref}={st}")
check(f"every accepted payment is final (API transaction-status, {len(accepted)} calls)", not api_bad, sample(api_bad))

# the sandbox's own answer (platform.md section 7: account number ending 00 declined, 01 no answer, else succeeded),
# whatever forged provider notices claimed (chaos-load.py "notice")
tails = {o["ref"]: o.get("tail") for o in pay_ops if o.get("tail")}
not_sandbox = [f"{ref}:{tails[ref]}={by_ref[ref][0]['status']}" for ref in accepted if ref in by_ref and ref in tails
               and ((tails[ref] == "00" and by_ref[ref][0]["status"] != "failed")
                    or (tails[ref] == "23" and by_ref[ref][0]["status"] != "succeeded"))]
check("every payment's status is the sandbox's answer for its account number (...00 failed, ...23 succeeded)",
      not not_sandbox, sample(not_sandbox))
notice_ops = [o for o in ops if o["kind"] == "notice"]
NOTICE_EXPECTED = {"mtn": 200, "airtel": 200, "paystack": 401, "mpesa": 404}
bad_notice = [f"{o['ref']}:{who}={code}" for o in notice_ops for who, code in o["sent"]
              if code != NOTICE_EXPECTED[who] and not (isinstance(code, str) or code in (503,))]
check(f"forged provider notices ({sum(len(o['sent']) for o in notice_ops)} sent about {len(notice_ops)} payments,"
      f" reordered, one of each set twice) answered as documented: unsigned MTN/Airtel hints 200, a bad Paystack"
      f" signature 401, a guessed M-Pesa token 404", not bad_notice, sample(bad_notice))
lied_about = {o["ref"] for o in notice_ops}
moved = [r for r in not_sandbox if r.split(":")[0] in lied_about]
check(f"no forged notice moved a payment ({len(lied_about)} payments lied about)", not moved, sample(moved))

# operator adjustments and the audit log (platform.md section 18): the chain verifies end to end after the kills, and
# every adjustment the ledger applied has its succeeded audit event (written in the adjustment's own transaction)
adj_ops = [o for o in ops if o["kind"] == "adjust"]
if adj_ops:
    applied = {r["reference"] for r in sql(f"SELECT reference FROM balance_entries WHERE account_id = {acc}"
                                             f" AND reference LIKE 'chaos-adj-%'")}
    audited = [r["details"] for r in sql("SELECT details FROM audit_events WHERE action = 'balance.adjust'"
                                         f" AND outcome = 'succeeded' AND target_id = '{acc}'")]
    refused_applied = [o["ref"] for o in adj_ops if o["code"] is not None and 400 <= o["code"] < 500 and o["ref"] in applied]
    check(f"operator adjustments: {len(applied)} applied once each of {len(adj_ops)} asked, none applied for a 4xx",
          not refused_applied and all(o["ref"] in applied for o in adj_ops if o["code"] == 200), sample(refused_applied))
    # matched by the adjustment's reference, which the event's details carry (a count could be made up by a replay's
    # second event; bench/chaos-tamper.py found that)
    unaudited = sorted(r for r in applied if not any(f'"{r}"' in d for d in audited))
    check(f"every applied adjustment has its succeeded audit event, matched by reference ({len(audited)} succeeded"
          f" balance.adjust events for {len(applied)} applied)", not unaudited, sample(unaudited))
op_auth = "Basic " + base64.b64encode(os.environ.get("OPERATOR", "operator:sandbox-operator").encode()).decode()
try:
    verify = json.loads(urllib.request.urlopen(urllib.request.Request(base + "/api/admin/audit-events/verify",
                                                                      headers={"authorization": op_auth}), timeout=60).read())
except Exception as e:  # noqa: BLE001
    verify = {"ok": False, "error": str(e)}
check(f"the audit chain verifies end to end after the kills ({verify.get('checked')} events)", verify.get("ok") is True,
      str(verify))

# callbacks
received = collections.defaultdict(list)
for c in cbs:
    if not str(c.get("type", "")).startswith("refund."):
        received[c.get("merchant_reference")].append(c)
no_cb = [ref for ref in accepted if not any(c["answered"] == 200 for c in received.get(ref, []))]
check("every accepted payment's callback received (answered 200) at least once", not no_cb, sample(no_cb))
wrong_cb = [f"{ref}:{c['status']}!={by_ref[ref][0]['status']}" for ref in accepted if ref in by_ref
            for c in received.get(ref, []) if c["status"] != by_ref[ref][0]["status"]]
check("every callback carries the payment's final status", not wrong_cb, sample(wrong_cb))
multi_id = [ref for ref, cs in received.items() if len({c["webhook_id"] for c in cs}) > 1]
check("one webhook-id per payment (retries reuse it)", not multi_id, sample(multi_id))
events = sql(f"SELECT e.webhook_id, e.status, e.payment_id, e.event_type, p.merchant_reference FROM events e"
             f" JOIN payments p ON p.id = e.payment_id WHERE e.account_id = {acc}")
ev_ids = {e["webhook_id"] for e in events}
got_ids = {c["webhook_id"] for c in cbs if c["answered"] == 200}
lost = [e["webhook_id"] for e in events if e["webhook_id"] not in got_ids]
check(f"no lost callback: all {len(events)} events of the merchant's payments received", not lost, sample(lost))
undelivered = [f"{e['webhook_id']}={e['status']}" for e in events if e["status"] != "delivered"]
check("every payment event delivered", not undelivered, sample(undelivered))
ev_per = collections.Counter(e["payment_id"] for e in events if e["event_type"].startswith("transaction."))
final_rows = [r for r in rows if r["status"] in ("succeeded", "failed")]
ev_bad = [r["merchant_reference"] for r in final_rows if ev_per[r["id"]] != 1]
check("exactly one event per final payment", not ev_bad, sample(ev_bad))
stray = [c["webhook_id"] for c in cbs if c["webhook_id"] not in ev_ids]
check("every received callback is an event of the service", not stray, sample(stray))

# idempotency replays
replays = [o for o in ops if "replay_code" in o]
bad_replay = [f"{o['key']}:{o['replay_code']}" for o in replays if not o.get("replay_same")]
check(f"a replayed key answers the same status and body ({len(replays)} replays)", not bad_replay, sample(bad_replay))

# --- payout batches (platform.md section 16) -------------------------------------------------------------------
brows = sql(f"SELECT b.id, b.batch_reference, b.status, b.item_count, b.open_items,"
            f" (SELECT count(*) FROM payments p WHERE p.payout_batch_id = b.id) AS payments,"
            f" (SELECT count(*) FROM payments p WHERE p.payout_batch_id = b.id AND p.status IN ('succeeded', 'failed')) AS final"
            f" FROM payout_batches b WHERE b.account_id = {acc}")


def completed_events():
    """payout_batch.completed events per batch reference, through the events API (bodies are sealed at rest)."""
    per, after = collections.Counter(), None
    while True:
        url = base + "/api/global/events?type=payout_batch.completed&limit=100" + (f"&starting_after={after}" if after else "")
        page = json.loads(urllib.request.urlopen(urllib.request.Request(url, headers={"authorization": auth}),
                                                 timeout=20).read())
        for e in page["events"]:
            per[find(e.get("data"), "batch_reference")] += 1
        if not page.get("has_more") or not page["events"]:
            return per
        after = page["events"][-1]["id"]


completed_per_batch = completed_events()
b_by_ref = {}
for b in brows:
    b_by_ref.setdefault(b["batch_reference"], []).append(b)
created = {o["ref"]: o for o in batch_ops if o["code"] == 200}
check("one payout batch per batch reference", all(len(v) == 1 for v in b_by_ref.values()),
      sample(k for k, v in b_by_ref.items() if len(v) > 1))
b_missing = [ref for ref in created if ref not in b_by_ref]
check(f"every payout batch created (200) is stored ({len(created)} created)", not b_missing, sample(b_missing))
b_unknown = [ref for ref in b_by_ref if ref not in {o["ref"] for o in batch_ops}]
check("no payout batch the client never asked for", not b_unknown, sample(b_unknown))
both, b_bad, b_events = [], [], []
won = collections.Counter()
for ref, o in created.items():
    res = o.get("results", {})
    approved = res.get("approve", {}).get("code") == 200
    cancelled = res.get("cancel", {}).get("code") == 200
    if approved and cancelled:
        both.append(ref)
    if ref not in b_by_ref:
        continue
    b = b_by_ref[ref][0]
    won["approved" if approved else "cancelled" if cancelled else "neither"] += 1
    if approved:
        ok = (b["status"] == "completed" and b["payments"] == b["item_count"] == 3 and b["final"] == 3
              and b["open_items"] == 0)
        if completed_per_batch[ref] != 1:
            b_events.append(f"{ref}:{completed_per_batch[ref]}")
    elif cancelled:
        ok = b["status"] == "cancelled" and b["payments"] == 0
    else:
        ok = b["status"] == "awaiting_approval" and b["payments"] == 0
    if not ok:
        b_bad.append(f"{ref}({o.get('action')}: {dict((k, v.get('code')) for k, v in res.items())}):{b['status']},"
                     f" {b['payments']} payments, {b['final']} final, open {b['open_items']}")
check("an approval and a cancellation of one batch never both win"
      f" ({sum(1 for o in created.values() if o.get('action') == 'race')} races)", not both, sample(both))
check(f"an approved batch's 3 items are its payments, all final, the batch completed; a cancelled one has none"
      f" ({dict(won)})", not b_bad, sample(b_bad))
check("one payout_batch.completed event per completed batch (events API)", not b_events, sample(b_events))
approved_refs = {ref for ref, o in created.items() if o.get("results", {}).get("approve", {}).get("code") == 200}
extra = [ref for ref in completed_per_batch if ref not in approved_refs]
check("no payout_batch.completed event for a batch not approved", not extra, sample(extra))
item_refs = {i for o in created.values() if o.get("results", {}).get("approve", {}).get("code") == 200
             for i in o["items"]}
item_no_cb = [ref for ref in item_refs if not any(c["answered"] == 200 for c in received.get(ref, []))]
check(f"every approved batch item's callback received ({len(item_refs)} items)", not item_no_cb, sample(item_no_cb))
item_unfinal = [ref for ref in item_refs if ref in by_ref and by_ref[ref][0]["status"] not in ("succeeded", "failed")]
check("every approved batch item is final", not item_unfinal, sample(item_unfinal))

# --- payment balance --------------------------------------------------------------------------------------------
# balances are the sums of their 8 slots (V13, docs/architecture.md "Hot accounts")
bal = sql(f"SELECT (SELECT sum(s.available) FROM payment_balance_slots s WHERE s.account_id = b.account_id AND s.currency = b.currency) AS available,"
          f" (SELECT sum(s.reserved) FROM payment_balance_slots s WHERE s.account_id = b.account_id AND s.currency = b.currency) AS reserved,"
          f" (SELECT coalesce(sum(amount), 0) FROM balance_entries e WHERE e.account_id = b.account_id AND e.currency = b.currency) AS ledger,"
          f" (SELECT coalesce(sum(-amount), 0) FROM balance_entries e WHERE e.account_id = b.account_id AND e.currency = b.currency"
          f"   AND type IN ('withdrawal_reserve', 'refund_reserve', 'payout_batch_reserve') AND settled IS NULL) AS open_reserved,"
          f" (SELECT available_after FROM balance_entries e WHERE e.account_id = b.account_id AND e.currency = b.currency"
          f"   ORDER BY id DESC LIMIT 1) AS last_after"
          f" FROM payment_balances b WHERE b.account_id = {acc}")
for b in bal:
    check(f"payment balance available {b['available']} = sum of balance_entries {b['ledger']}",
          Decimal(str(b["available"])) == Decimal(str(b["ledger"])))
    # with slots, available_after is exact only for sequential movements (docs/balances.md): reported, not judged
    print(f"  note: payment balance available {b['available']}, the last entry's available_after {b['last_after']}")
    # open reservations: each withdrawal's and refund's, and a large payout batch's one before its items are stored
    check(f"payment balance reserved {b['reserved']} = open reservations {b['open_reserved']}",
          Decimal(str(b["reserved"])) == Decimal(str(b["open_reserved"])))
check("a payment balance exists", bool(bal))
ent = sql(f"SELECT payment_id, refund_id, type, amount, settled FROM balance_entries WHERE account_id = {acc}"
          f" AND payment_id IS NOT NULL")
per = collections.defaultdict(list)
per_refund = collections.defaultdict(list)
for e in ent:
    (per_refund[e["refund_id"]] if e["refund_id"] is not None else per[e["payment_id"]]).append(e)
wd_bad, col_bad = [], []
for r in rows:
    es = per.get(r["id"], [])
    kinds = collections.Counter(e["type"] for e in es)
    if r["request_type"] == "withdrawal":
        res = [e for e in es if e["type"] == "withdrawal_reserve"]
        want_settled = {"succeeded": "consumed", "failed": "released"}.get(r["status"])
        ok = (len(res) == 1 and res[0]["settled"] == want_settled
              and Decimal(str(res[0]["amount"])) == -(Decimal(str(r["amount"])) + Decimal(str(r["fee"])))
              and kinds["withdrawal_release"] == (1 if r["status"] == "failed" else 0) and kinds["collection"] == 0)
        if not ok:
            wd_bad.append(f"{r['merchant_reference']}({r['status']}):{dict(kinds)}")
    else:
        ok = kinds["collection"] == (1 if r["status"] == "succeeded" else 0) and len(es) == kinds["collection"]
        if not ok:
            col_bad.append(f"{r['merchant_reference']}({r['status']}):{dict(kinds)}")
check("each withdrawal reserved once (amount + fee), consumed if succeeded, released once if failed", not wd_bad, sample(wd_bad))
check("each succeeded collection credited once, a failed one never", not col_bad, sample(col_bad))

# --- refunds (platform.md section 15) ---------------------------------------------------------------------------
rrows = sql(f"SELECT r.id, r.refund_reference, r.merchant_reference, r.payment_id, r.amount, r.status, p.amount AS collected,"
            f" p.status AS collection_status, p.request_type FROM refunds r JOIN payments p ON p.id = r.payment_id"
            f" WHERE r.account_id = {acc}")
r_by_ref = {r["refund_reference"]: r for r in rrows}
r_ok = {o["ref"]: o for o in ref_ops if o["code"] == 200}
r_missing = [ref for ref in r_ok if ref not in r_by_ref]
check(f"every accepted refund (200) is stored ({len(r_ok)} accepted)", not r_missing, sample(r_missing))
r_refused = [f"{o['ref']}->{o['code']}" for o in ref_ops if o["code"] is not None and o["code"] != 200 and o["code"] < 500
             and o["ref"] in r_by_ref]
check("no refund stored for a request finally refused with a 4xx", not r_refused, sample(r_refused))
r_unknown = [ref for ref in r_by_ref if ref not in {o["ref"] for o in ref_ops}]
check("no refund the client never asked for", not r_unknown, sample(r_unknown))
r_wrong = [f"{r['refund_reference']}={r['status']}" for r in rrows
           if r["status"] != ("failed" if r["refund_reference"].endswith("00") else "succeeded")]
check("every refund final as the sandbox decides (reference ending 00 failed, others succeeded)", not r_wrong, sample(r_wrong))
r_not_col = [r["refund_reference"] for r in rrows if r["request_type"] != "payment" or r["collection_status"] != "succeeded"]
check("every refund is of a succeeded collection", not r_not_col, sample(r_not_col))
held = collections.defaultdict(Decimal)
done = collections.defaultdict(Decimal)
collected = {}
for r in rrows:
    collected[r["payment_id"]] = Decimal(str(r["collected"]))
    if r["status"] != "failed":
        held[r["payment_id"]] += Decimal(str(r["amount"]))
    if r["status"] == "succeeded":
        done[r["payment_id"]] += Decimal(str(r["amount"]))
over = [f"{pid}:{held[pid]}>{collected[pid]}" for pid in held if held[pid] > collected[pid]]
check(f"no collection refunded beyond what it collected ({len(collected)} collections refunded)", not over, sample(over))
totals = {t["payment_id"]: t for t in sql(f"SELECT payment_id, held, refunded FROM refund_totals WHERE account_id = {acc}")}
tot_bad = [f"{pid}:held={totals.get(pid, {}).get('held')}/{held[pid]},refunded={totals.get(pid, {}).get('refunded')}/{done[pid]}"
           for pid in collected
           if pid not in totals or Decimal(str(totals[pid]["held"])) != held[pid] or Decimal(str(totals[pid]["refunded"])) != done[pid]]
check("each refunded collection's totals (held, refunded) equal the sums of its refunds", not tot_bad, sample(tot_bad))
rl_bad = []
for r in rrows:
    es = per_refund.get(r["id"], [])
    kinds = collections.Counter(e["type"] for e in es)
    res = [e for e in es if e["type"] == "refund_reserve"]
    want = {"succeeded": "consumed", "failed": "released"}.get(r["status"])
    if not (len(res) == 1 and res[0]["settled"] == want and Decimal(str(res[0]["amount"])) == -Decimal(str(r["amount"]))
            and kinds["refund_release"] == (1 if r["status"] == "failed" else 0) and len(es) == len(res) + kinds["refund_release"]):
        rl_bad.append(f"{r['refund_reference']}({r['status']}):{dict(kinds)}")
check("each refund reserved once, consumed if succeeded, released once if failed", not rl_bad, sample(rl_bad))
r_events = sql(f"SELECT e.webhook_id, e.status, e.event_type FROM events e WHERE e.account_id = {acc}"
               f" AND e.event_type LIKE 'refund.%'")
r_cbs = [c for c in cbs if str(c.get("type", "")).startswith("refund.")]
r_got = {c["webhook_id"] for c in r_cbs if c["answered"] == 200}
r_lost = [e["webhook_id"] for e in r_events if e["webhook_id"] not in r_got or e["status"] != "delivered"]
check(f"every refund event delivered and received ({len(r_events)} events)", not r_lost, sample(r_lost))
r_ev = collections.Counter((c["refund_reference"], c["webhook_id"]) for c in r_cbs)
per_refund_ids = collections.defaultdict(set)
for (rr, wid) in r_ev:
    per_refund_ids[rr].add(wid)
r_ev_bad = [r["refund_reference"] for r in rrows if len(per_refund_ids.get(r["refund_reference"], ())) != 1
            or any(c["status"] != r["status"] or c["type"] != "refund." + r["status"]
                   for c in r_cbs if c["refund_reference"] == r["refund_reference"])]
check("exactly one refund event per refund, with its final status", not r_ev_bad, sample(r_ev_bad))
api_ref_bad = []
for pid in list(collected)[:60]:
    mref = next(r["merchant_reference"] for r in rrows if r["payment_id"] == pid)
    req = urllib.request.Request(base + "/api/global/transaction-status", method="POST",
                                 data=json.dumps({"merchant_reference": mref}).encode(),
                                 headers={"authorization": auth, "content-type": "application/json"})
    try:
        got = Decimal(str(json.loads(urllib.request.urlopen(req, timeout=20).read())["transaction"]["refunded_amount"]))
    except Exception as e:  # noqa: BLE001
        got = f"error {e}"
    if got != done[pid]:
        api_ref_bad.append(f"{mref}:{got}!={done[pid]}")
check("the transaction's refunded_amount (API) is the sum of its succeeded refunds", not api_ref_bad, sample(api_ref_bad))

# --- service wallet and verifications ---------------------------------------------------------------------------
w = sql(f"SELECT (SELECT sum(s.balance) FROM service_wallet_slots s WHERE s.account_id = w.account_id) AS balance, (SELECT coalesce(sum(amount), 0) FROM wallet_entries e WHERE e.account_id = w.account_id) AS ledger,"
        f" (SELECT balance_after FROM wallet_entries e WHERE e.account_id = w.account_id ORDER BY id DESC LIMIT 1) AS last_after"
        f" FROM service_wallets w WHERE w.account_id = {acc}")
check("a service wallet exists", bool(w))
for x in w:
    check(f"service wallet balance {x['balance']} = sum of wallet_entries {x['ledger']}",
          Decimal(str(x["balance"])) == Decimal(str(x["ledger"])))
    print(f"  note: service wallet balance {x['balance']}, the last entry's balance_after {x['last_after']}")
lookups = sql(f"SELECT lookup_id, charge_reference, charge_status, charged_amount, settled, status, cached"
              f" FROM verification_lookups WHERE account_id = {acc}")
wents = sql(f"SELECT kind, amount, reference FROM wallet_entries WHERE account_id = {acc} AND kind IN ('charge', 'refund')")
charges = collections.defaultdict(list)
refunds = collections.defaultdict(list)
for e in wents:
    (charges if e["kind"] == "charge" else refunds)[e["reference"]].append(Decimal(str(e["amount"])))
double = [r for r, v in charges.items() if len(v) > 1] + [r for r, v in refunds.items() if len(v) > 1]
check("no charge and no refund recorded twice on the wallet", not double, sample(double))
lk_refs = {l["charge_reference"] for l in lookups if l["charge_reference"]}
orphan_ch = [r for r in list(charges) + list(refunds) if r not in lk_refs]
check("every wallet charge and refund belongs to a lookup", not orphan_ch, sample(orphan_ch))
lk_bad = []
for l in lookups:
    ref, st, amt = l["charge_reference"], l["charge_status"], Decimal(str(l["charged_amount"]))
    ch, rf = charges.get(ref, []), refunds.get(ref, [])
    ok = {"charged": ch == [-amt] and not rf,
          "refunded": ch == [-amt] and rf == [amt],
          "free": not ch and not rf}.get(st, False)
    if not ok or not l["settled"]:
        lk_bad.append(f"{l['lookup_id']}:{st}:charges={ch}:refunds={rf}:settled={l['settled']}")
check(f"each of {len(lookups)} lookups charged at most once, refunded at most once, as its charge_status says, settled",
      not lk_bad, sample(lk_bad))
ids = {l["lookup_id"] for l in lookups}
answered_ids = {find(o.get("body"), "lookup_id") for o in ver_ok}
# a key whose first call died with its instance is run again once its lease (provider timeout + 2 min) has passed:
# the first lookup is then closed by the sweeper and must be refunded. What stays charged must have been answered.
charged_unanswered = [l["lookup_id"] for l in lookups if l["charge_status"] == "charged" and l["lookup_id"] not in answered_ids]
check("every lookup left charged was answered (200) to the merchant: no charge for a call without its answer",
      not charged_unanswered, sample(charged_unanswered))
check(f"no more charged lookups ({sum(1 for l in lookups if l['charge_status'] == 'charged')}) than accepted"
      f" verifications ({len(ver_ok)})", sum(1 for l in lookups if l["charge_status"] == "charged") <= len(ver_ok))
ans_missing = [o["key"] for o in ver_ok if find(o.get("body"), "lookup_id") not in ids]
check("every accepted verification's lookup_id is recorded", not ans_missing, sample(ans_missing))
ver_ids = [find(o.get("body"), "lookup_id") for o in ver_ok]
dup_ids = [i for i, n in collections.Counter(ver_ids).items() if n > 1]
check("distinct keys never answered with the same lookup_id", not dup_ids, sample(dup_ids))

print()
print(f"  informational: {len(orphans)} payments stored whose request never got a final answer within the retry budget;"
      f" {sum(1 for l in lookups if l['charge_status'] == 'refunded')} lookups refunded,"
      f" {sum(1 for l in lookups if l['cached'])} cached, {max(0, len(lookups) - len(ver_ops))} more lookups than verification keys"
      f" (a key re-run after a crash; its first lookup refunded)")
print()
outcome = "PASS" if not broken else "FAIL"
print(f"CHAOS {outcome}: {checked} invariants checked, {len(broken)} broken")
sys.exit(0 if not broken else 1)
