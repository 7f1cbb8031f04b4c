#!/usr/bin/env bash
# Team KYC benchmark against a running service (java -jar bootstrap/target/quarkus-app/quarkus-run.jar).
#   BASE=http://localhost:8080 TEAMS=200 CONCURRENCY=8 bench/teamkyc.sh
# Onboards one merchant, creates TEAMS Teams in its organization, then measures with CONCURRENCY clients:
#   1. submit with a verified national-ID token (approved at once: token resolution + record + Team/org tier)
#   2. submit without tokens on fresh Teams (pending), then operator review approve
#   3. the operator queue GET /api/admin/account_kycs?status=approved&limit=500
# Prints requests/s and latency percentiles per step.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/jdk.sh"   # a JDK 21+ first on the PATH, whatever the default java
export BASE="${BASE:-http://localhost:8080}" TEAMS="${TEAMS:-200}" CONCURRENCY="${CONCURRENCY:-8}"
export OPERATOR_PASSWORD="${MIZANI_OPERATOR_PASSWORD:-sandbox-operator}"
exec python3 - <<'PY'
import base64, json, os, random, statistics, time, urllib.request, urllib.error
from concurrent.futures import ThreadPoolExecutor

BASE, TEAMS, CONC = os.environ["BASE"], int(os.environ["TEAMS"]), int(os.environ["CONCURRENCY"])

def call(method, path, user, pw, body=None):
    req = urllib.request.Request(BASE + path, method=method,
                                 data=None if body is None else json.dumps(body).encode())
    req.add_header("Authorization", "Basic " + base64.b64encode(f"{user}:{pw}".encode()).decode())
    req.add_header("Content-Type", "application/json")
    t = time.perf_counter()
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            status, data = r.status, r.read()
    except urllib.error.HTTPError as e:
        status, data = e.code, e.read()
    return status, (json.loads(data) if data else None), (time.perf_counter() - t) * 1000

op = lambda m, p, b=None: call(m, p, "operator", os.environ["OPERATOR_PASSWORD"], b)
n = random.randint(100000, 999999)
s, m, _ = op("POST", "/api/admin/merchants", {"organization_name": f"Bench {n}",
    "user": {"first_name": "Bench", "last_name": "User", "email": f"bench{n}@example.com", "phone_number": "+254700000000"},
    "account": {"name": f"Bench {n}", "email": f"bench{n}@example.com", "dial_code": "+254", "number": f"71{n}"}})
assert s == 201, (s, m)
user, pw, org = m["credentials"]["username"], m["credentials"]["password"], m["organization"]["id"]
me = lambda meth, p, b=None: call(meth, p, user, pw, b)

def teams(k):
    ids = []
    for i in range(k):
        s, t, _ = me("POST", "/api/v2/accounts", {"organization_id": org, "name": f"T{n}-{i}-{random.random()}",
                                                  "dial_code": "+254", "number": f"72{random.randint(1000000, 9999999)}"})
        assert s in (200, 201), (s, t)
        ids.append(t["account"]["id"])
    return ids

def run(name, items, fn):
    lat, errors = [], 0
    t0 = time.perf_counter()
    with ThreadPoolExecutor(CONC) as pool:
        for status, ms in pool.map(fn, items):
            lat.append(ms)
            errors += status >= 300
    wall = time.perf_counter() - t0
    lat.sort()
    q = lambda p: lat[min(len(lat) - 1, int(p * len(lat)))]
    print(f"{name:45s} n={len(lat):4d} err={errors:3d} {len(lat)/wall:7.1f} req/s  "
          f"p50={q(.5):6.1f}ms p95={q(.95):6.1f}ms p99={q(.99):6.1f}ms max={lat[-1]:6.1f}ms")

# a verified national-ID token (sandbox), when verification is available
token = None
if me("PUT", "/api/v1/kyc/settings", {"mode": "platform"})[0] == 200:
    op("POST", f"/api/admin/accounts/{m['account']['id']}/service-wallet/credits", {"amount": 10000, "reference": f"bench-{n}"})
    s, v, _ = me("POST", "/api/v1/kyc/verify/national_id_ke", {"number": "12345678"})
    token = v.get("lookup_id") if s == 200 else None

def submit(acc, tokens=None):
    body = {"account_id": acc, "entity_type": "business", "country_code": "KE", "kyc_tier": 2,
            "contact_information": {"first_name": "A", "last_name": "B"}}
    if tokens:
        body["kyc_tokens"] = tokens
    s, r, ms = me("POST", "/api/v2/account_kycs", body)
    return s, ms

if token:
    run("submit with national-ID token (approved)", teams(TEAMS), lambda a: submit(a, {"national_id": token}))
ids = teams(TEAMS)
kyc_ids = []
def submit_pending(a):
    s, r, ms = me("POST", "/api/v2/account_kycs", {"account_id": a, "kyc_tier": 2})
    if s == 200:
        kyc_ids.append(r["account_kyc"]["id"])
    return s, ms
run("submit without tokens (pending)", ids, submit_pending)
run("operator review approve", list(kyc_ids), lambda k: (lambda r: (r[0], r[2]))(
    op("POST", f"/api/admin/account_kycs/{k}/review", {"decision": "approve", "kyc_tier": 2})))
run("operator queue (approved, limit 500)", range(50), lambda _: (lambda r: (r[0], r[2]))(
    op("GET", "/api/admin/account_kycs?status=approved&limit=500")))
PY
