"""Load of bench/chaos.sh: collections, withdrawals, refunds of accepted collections and verifications spread over the
service instances, each with an Idempotency-Key. A refund (platform.md section 15) names a collection this load had
accepted at least 3 s before (usually succeeded by then; a 400 when it is not is an answer like any other), for part
or all of what is left; one in ten has a refund_reference ending in 00, which the sandbox fails. A request that gets no answer (connection refused or reset, timeout), a 500/503/504, a 409 (the
key still in flight) or a 429 is sent again with the same key and the same body, to any instance, for up to RETRY_FOR
seconds: the client's right. One accepted request in ten is replayed once more on purpose and its answer compared.
A payout batch (platform.md section 16) of 3 withdrawals is created by the merchant's owner and then, with the
approver's credentials (APPROVER, another admin user of the Team): approved, cancelled, or approved and cancelled at
the same moment through the two instances (exactly one of the two may win).
A notice forges provider notifications about a payment this load had accepted, in a random order with one sent twice:
an MTN and an Airtel notification claiming the opposite of the sandbox's answer (unsigned: a hint for their own
providers only, answered 200), a Paystack webhook with a wrong x-paystack-signature (401) and an M-Pesa result on a
guessed callback token (404). None may move the payment: chaos-check.py compares every payment with the sandbox's own
answer for its account number.
An adjust is an operator's balance adjustment of +1.00 KES with its own reference (OPERATOR, ACC), audited in its
own transaction (platform.md section 18), so the audit chain grows while instances are killed: chaos-check.py
verifies the chain and that every applied adjustment has its audit event.
Writes one JSON line per operation to OUT; stops when STOPFILE exists.
Usage: APPROVER=user:pass python3 chaos-load.py BASES(comma) USER:PASS CALLBACK_URL STOPFILE OUT THREADS"""
import base64
import json
import os
import random
import sys
import threading
import time
import urllib.error
import urllib.request

bases = sys.argv[1].split(",")
auth = "Basic " + base64.b64encode(sys.argv[2].encode()).decode()
approver = "Basic " + base64.b64encode(os.environ.get("APPROVER", sys.argv[2]).encode()).decode()
operator = "Basic " + base64.b64encode(os.environ["OPERATOR"].encode()).decode() if os.environ.get("OPERATOR") else None
account = os.environ.get("ACC")
cb_url, stopfile, out_path, nthreads = sys.argv[3], sys.argv[4], sys.argv[5], int(sys.argv[6])
RETRY_FOR = float(os.environ.get("RETRY_FOR", "150"))
PAUSE = float(os.environ.get("PAUSE", "0.3"))
run_id = "%x" % int(time.time())
# no answer, or an answer that says "not now": sent again with the same key. A 502 is final (the provider's
# answer: the sandbox's identifiers ending 97/99 are unavailable, 98 times out; the call is refunded, and a repeat
# of the key replays the 502).
RETRIED = (409, 429, 500, 503, 504)
out = open(out_path, "a", buffering=1)
lock = threading.Lock()
accepted_collections = []  # (merchant_reference, accepted at), appended under lock
accepted_payments = []  # (merchant_reference, service reference, account number tail), appended under lock


def send(base, path, body, key, who=None):
    headers = {"authorization": who or auth, "content-type": "application/json"}
    if key is not None:
        headers["idempotency-key"] = key
    req = urllib.request.Request(base + path, data=body, method="POST", headers=headers)
    try:
        with urllib.request.urlopen(req, timeout=20) as r:
            return r.status, r.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode(errors="replace")
    except Exception as e:  # refused, reset, timeout, incomplete read: no answer
        return None, type(e).__name__


def call(path, body, key, who=None, first_base=None):
    """Sends until a final answer or RETRY_FOR seconds; returns (code, body, attempts, codes seen)."""
    start = time.time()
    seen = []
    while True:
        base = first_base if first_base is not None and not seen else random.choice(bases)
        code, text = send(base, path, body, key, who)
        seen.append(code if code is not None else text)
        if code is not None and code not in RETRIED:
            return code, text, seen
        if time.time() - start > RETRY_FOR:
            return code, text, seen
        time.sleep(0.5 + random.random())


def payment(kind, n):
    ref = f"chaos-{run_id}-{kind[0]}-{n}"
    tail = random.choices(["23", "00", "01"], weights=[85, 10, 5])[0]
    doc = {"request_type": "payment" if kind == "collection" else "withdrawal", "transaction_channel": "momo",
           "provider": "mpesa_ke", "amount": random.choice([100, 250, 1000]), "currency": "KES", "country": "KE",
           "customer": {"first_name": "Ada", "last_name": "Obi", "email": "ada@example.com", "phone": "+254700000123"},
           "provider_config": {"network_id": "net_ke_mpesa", "provider_id": "mpesa_ke", "network_name": "M-Pesa",
                               "network_code": "MPESA", "account_type": "momo"},
           "payment_config": {"reference": ref, "account_number": f"+2547000{random.randint(100, 999)}{tail}",
                              "callback_url": cb_url}}
    return "/api/global/payments", json.dumps(doc).encode(), ref, tail


# what each forged notice must be answered: unsigned hints 200, a bad signature 401, a guessed token 404
NOTICE_EXPECTED = {"mtn": 200, "airtel": 200, "paystack": 401, "mpesa": 404}


def find(doc, key):
    """The first value of `key` in a nested JSON document (the accepted payment's service reference)."""
    if isinstance(doc, dict):
        if key in doc:
            return doc[key]
        doc = list(doc.values())
    if isinstance(doc, list):
        for v in doc:
            r = find(v, key)
            if r is not None:
                return r
    return None


def post_raw(base, path, body, headers):
    req = urllib.request.Request(base + path, data=body, method="POST", headers={"content-type": "application/json", **headers})
    try:
        with urllib.request.urlopen(req, timeout=20) as r:
            return r.status
    except urllib.error.HTTPError as e:
        return e.code
    except Exception as e:  # noqa: BLE001
        return type(e).__name__


def notices():
    """Forged notices about one accepted payment, reordered, one duplicated; returns the record, or None."""
    with lock:
        if not accepted_payments:
            return None
        ref, reference, tail = random.choice(accepted_payments)
    lie_ok = tail == "00"  # claim the opposite of the sandbox's answer
    forged = [
        ("mtn", "/api/providers/mtn/notify", {"externalId": reference, "referenceId": ref,
                                              "status": "SUCCESSFUL" if lie_ok else "FAILED"}, {}),
        ("airtel", "/api/providers/airtel/notify", {"transaction": {"id": reference, "message": "forged",
                                                                    "status_code": "TS" if lie_ok else "TF"}}, {}),
        ("paystack", "/api/providers/paystack/notify",
         {"event": "charge.success" if lie_ok else "charge.failed", "data": {"reference": reference,
                                                                             "status": "success" if lie_ok else "failed"}},
         {"x-paystack-signature": "0" * 128}),
        ("mpesa", "/providers/mpesa/guessed-token/stk-callback/" + reference,
         {"Body": {"stkCallback": {"MerchantRequestID": "forged", "CheckoutRequestID": "forged",
                                   "ResultCode": 0 if lie_ok else 1032, "ResultDesc": "forged"}}}, {}),
    ]
    random.shuffle(forged)
    forged.append(random.choice(forged))  # one sent twice
    sent = []
    for who, path, doc, headers in forged:
        sent.append([who, post_raw(random.choice(bases), path, json.dumps(doc).encode(), headers)])
    return {"kind": "notice", "key": None, "ref": ref, "tail": tail, "sent": sent, "code": "notice", "attempts": len(sent),
            "seen": [c for _, c in sent]}


def refund(tid, n):
    """A refund of an accepted collection, or None when there is none old enough yet."""
    with lock:
        old = [ref for ref, at in accepted_collections if time.time() - at > 3]
    if not old:
        return None
    collection = random.choice(old[-200:])
    ref = f"chaos-{run_id}-r-{tid}-{n}-" + ("00" if random.random() < 0.1 else "11")
    doc = {"merchant_reference": collection, "refund_reference": ref, "reason": "chaos harness"}
    amount = random.choice([None, 10, 25, 40])
    if amount is not None:
        doc["amount"] = amount
    return "/api/global/refunds", json.dumps(doc).encode(), ref, collection


def batch_items(batch_ref):
    items = []
    for i in range(3):
        tail = random.choices(["23", "00"], weights=[85, 15])[0]
        items.append({"transaction_channel": "momo", "provider": "mpesa_ke", "amount": random.choice([100, 250]),
                      "currency": "KES", "country": "KE",
                      "customer": {"first_name": "Ada", "last_name": "Obi", "email": "ada@example.com",
                                   "phone": "+254700000123"},
                      "provider_config": {"network_id": "net_ke_mpesa", "provider_id": "mpesa_ke",
                                          "network_name": "M-Pesa", "network_code": "MPESA", "account_type": "momo"},
                      "payment_config": {"reference": f"{batch_ref}-{i}", "remark": "chaos batch",
                                         "account_number": f"+2547000{random.randint(100, 999)}{tail}",
                                         "payment_category": "salary"}})
    return items


def batch(tid, n):
    """Creates a batch, then approves it, cancels it, or both at once through the two instances."""
    ref = f"chaos-{run_id}-b-{tid}-{n}"
    items = batch_items(ref)
    body = json.dumps({"batch_reference": ref, "callback_url": cb_url, "items": items}).encode()
    key = f"k-{run_id}-{tid}-{n}"
    t0 = time.time()
    code, text, seen = call("/api/global/payout-batches", body, key)
    rec = {"kind": "batch", "key": key, "ref": ref, "items": [it["payment_config"]["reference"] for it in items],
           "path": "/api/global/payout-batches", "code": code, "attempts": len(seen), "seen": seen[:20]}
    if code == 200:
        action = random.choice(["approve", "cancel", "race"])
        rec["action"] = action
        results = {}

        def act(what, base):
            c, t, s2 = call(f"/api/global/payout-batches/{ref}/{what}", b"", None, approver, base)
            results[what] = {"code": c, "status": (json.loads(t).get("batch", {}).get("status")
                                                   if c == 200 and t.startswith("{") else None), "seen": s2[:10]}
        if action == "race":
            ts = [threading.Thread(target=act, args=("approve", bases[0])),
                  threading.Thread(target=act, args=("cancel", bases[-1]))]
            for t in ts:
                t.start()
            for t in ts:
                t.join()
        else:
            act(action, None)
        rec["results"] = results
    else:
        rec["error"] = text[:300]
    rec["ms"] = int((time.time() - t0) * 1000)
    return rec


def verification(n):
    fresh = random.random() < 0.5
    path = "/api/v1/kyc/verify/national_id_ke" + ("?fresh=true" if fresh else "")
    number = "%08d" % random.randint(10000000, 10000000 + 300)  # a small space, so that the cache is used too
    return path, json.dumps({"number": number}).encode(), None


def worker(tid):
    n = 0
    while not os.path.exists(stopfile):
        n += 1
        kind = random.choices(["collection", "withdrawal", "verification", "refund", "batch", "notice", "adjust"],
                              weights=[40, 25, 22, 13, 4, 8, 6 if operator and account else 0])[0]
        if kind == "adjust":
            ref = f"chaos-adj-{run_id}-{tid}-{n}"
            body = json.dumps({"amount": 1, "reference": ref, "reason": "chaos harness audit"}).encode()
            t0 = time.time()
            code, text, seen = call(f"/api/admin/accounts/{account}/balances/KES/adjustments", body, None, who=operator)
            rec = {"kind": kind, "key": None, "ref": ref, "code": code, "attempts": len(seen), "seen": seen[:20],
                   "ms": int((time.time() - t0) * 1000)}
            with lock:
                out.write(json.dumps(rec) + "\n")
            time.sleep(PAUSE * random.random() * 2)
            continue
        if kind == "notice":
            rec = notices()
            if rec is None:
                continue
            with lock:
                out.write(json.dumps(rec) + "\n")
            time.sleep(PAUSE * random.random() * 2)
            continue
        if kind == "batch":
            rec = batch(tid, n)
            with lock:
                out.write(json.dumps(rec) + "\n")
            time.sleep(PAUSE * random.random() * 2)
            continue
        collection = None
        if kind == "refund":
            r = refund(tid, n)
            if r is None:
                kind = "collection"
            else:
                path, body, ref, collection = r
        if kind == "refund":
            pass
        elif kind == "verification":
            path, body, ref = verification(n)
        tail = None
        if kind in ("collection", "withdrawal"):
            path, body, ref, tail = payment(kind, f"{tid}-{n}")
        key = f"k-{run_id}-{tid}-{n}"
        t0 = time.time()
        code, text, seen = call(path, body, key)
        rec = {"kind": kind, "key": key, "ref": ref, "path": path, "code": code, "attempts": len(seen),
               "seen": seen[:20], "ms": int((time.time() - t0) * 1000)}
        if collection is not None:
            rec["collection"] = collection
        if tail is not None:
            rec["tail"] = tail
        if code == 200 and kind == "collection":
            with lock:
                accepted_collections.append((ref, time.time()))
        if code == 200:
            try:
                doc = json.loads(text)
            except ValueError:
                doc = {}
            rec["body"] = doc
            if tail is not None:
                reference = find(doc, "reference")
                if isinstance(reference, str):
                    with lock:
                        accepted_payments.append((ref, reference, tail))
            if random.random() < 0.1:  # a replay of an accepted request: same status, same body
                rcode, rtext, rseen = call(path, body, key)
                rec["replay_code"] = rcode
                try:
                    rec["replay_same"] = rcode == 200 and json.loads(rtext) == doc
                except ValueError:
                    rec["replay_same"] = False
        else:
            rec["error"] = text[:300]
        with lock:
            out.write(json.dumps(rec) + "\n")
        time.sleep(PAUSE * random.random() * 2)


threads = [threading.Thread(target=worker, args=(i,)) for i in range(nthreads)]
for t in threads:
    t.start()
for t in threads:
    t.join()
