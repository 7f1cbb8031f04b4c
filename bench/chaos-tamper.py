"""Proves that the chaos harness's newer checks can fail (bench/chaos.sh with TAMPER=1). After a run whose check
passed, and while its PostgreSQL and instances still run, each tamper changes the run's record the way a defect
would, runs chaos-check.py again, expects it to exit 1 with a FAIL line naming the invariant, and undoes the change;
at the end the untouched record must pass again. Database tampers run as the superuser with
session_replication_role = replica, which bypasses the tables' own guards (audit_events is append-only) as a
defect inside the database could not, so that the check itself, not the guard, is what is proved.
Usage: python3 chaos-tamper.py WORKDIR ACCOUNT_ID PGPORT BASE USER:PASS KILLS PG_STOPS PG_DOWN_S RESPAWNS
(chaos-check.py's own arguments). Exit 0: every tamper was caught and the clean record passes; 1 otherwise."""
import json
import os
import shutil
import subprocess
import sys

args = sys.argv[1:10]
work, acc, pgport = args[0], args[1], args[2]
here = os.path.dirname(os.path.abspath(__file__))


def psql(statement):
    return subprocess.run(["psql", "-X", "-q", "-tA", "-h", "127.0.0.1", "-p", pgport, "-U", "postgres", "-d", "mizani",
                           "-v", "ON_ERROR_STOP=1", "-c", statement], capture_output=True, text=True, check=True).stdout.strip()


def tampered(statement):
    psql(f"BEGIN; SET LOCAL session_replication_role = replica; {statement}; COMMIT;")


def check():
    run = subprocess.run([sys.executable, os.path.join(here, "chaos-check.py"), *args], capture_output=True, text=True)
    return run.returncode, [l.strip()[len("FAIL"):].strip() for l in run.stdout.splitlines() if l.strip().startswith("FAIL")]


ops = [json.loads(l) for l in open(f"{work}/ops.jsonl")]
results = []


def prove(name, expected, do, undo):
    do()
    try:
        rc, fails = check()
    finally:
        undo()
    caught = rc == 1 and any(f.startswith(expected) for f in fails)
    results.append(caught)
    print(f"  {'caught' if caught else 'MISSED'}  {name}: exit {rc}, FAIL lines: {fails if fails else 'none'}")


# 1. a forged notice obeyed: a payment lied about ends with the status the notice claimed
lied = [o["ref"] for o in ops if o["kind"] == "notice"]
moved = None
for ref in lied:
    row = psql(f"SELECT id || ' ' || status FROM payments WHERE account_id = {acc} AND merchant_reference = '{ref}'"
               f" AND status IN ('succeeded', 'failed')")
    if row:
        moved = row.split()
        break
if moved:
    pid, status = moved
    other = "failed" if status == "succeeded" else "succeeded"
    prove(f"payment {pid} moved to {other} as a forged notice claimed", "no forged notice moved a payment",
          lambda: tampered(f"UPDATE payments SET status = '{other}' WHERE id = {pid}"),
          lambda: tampered(f"UPDATE payments SET status = '{status}' WHERE id = {pid}"))
else:
    print("  (no forged notice about a final payment in this run: tamper 1 not tried)")

# 2. an adjustment the operator was told succeeded, missing from the ledger
adj = psql(f"SELECT id FROM balance_entries WHERE account_id = {acc} AND reference LIKE 'chaos-adj-%' ORDER BY id LIMIT 1")
if adj:
    prove(f"adjustment entry {adj} not applied", "operator adjustments",
          lambda: tampered(f"UPDATE balance_entries SET reference = reference || '-lost' WHERE id = {adj}"),
          lambda: tampered(f"UPDATE balance_entries SET reference = left(reference, length(reference) - 5) WHERE id = {adj}"))
else:
    print("  (no adjustment applied in this run: tampers 2 and 3 not tried)")

# 3. an applied adjustment without its succeeded audit event
# (an adjustment replayed after a kill can have two events: take one audited once)
events = [line.split("|", 1) for line in psql(
    "SELECT seq || '|' || details FROM audit_events WHERE action = 'balance.adjust' AND outcome = 'succeeded'"
    f" AND target_id = '{acc}' ORDER BY seq").splitlines()]
references = psql(f"SELECT reference FROM balance_entries WHERE account_id = {acc} AND reference LIKE 'chaos-adj-%'").split()
once = [[seq for seq, details in events if f'"{r}"' in details] for r in references]
ev = next((seqs[0] for seqs in once if len(seqs) == 1), None)
if adj and ev:
    prove(f"audit event {ev} of an applied adjustment recorded as refused", "every applied adjustment has its succeeded audit event",
          lambda: tampered(f"UPDATE audit_events SET outcome = 'refused' WHERE seq = {ev}"),
          lambda: tampered(f"UPDATE audit_events SET outcome = 'succeeded' WHERE seq = {ev}"))

# 4. an audit event edited after the fact
last = psql("SELECT seq FROM audit_events ORDER BY seq DESC LIMIT 1")
if last:
    # (a space added to the details is not an edit: the chain hashes the details' canonical JSON)
    prove(f"audit event {last}'s action edited", "the audit chain verifies",
          lambda: tampered(f"UPDATE audit_events SET action = action || '~' WHERE seq = {last}"),
          lambda: tampered(f"UPDATE audit_events SET action = left(action, length(action) - 1) WHERE seq = {last}"))

# 5. a forged Paystack notice accepted (its recorded answer 200 instead of the 401 a bad signature gets)
notice = next((i for i, o in enumerate(ops) if o["kind"] == "notice" and any(w == "paystack" for w, _ in o["sent"])), None)
if notice is not None:
    original = f"{work}/ops.jsonl.clean"
    shutil.copyfile(f"{work}/ops.jsonl", original)

    def accept_forgery():
        changed = [dict(o) for o in ops]
        changed[notice]["sent"] = [[w, 200 if w == "paystack" else c] for w, c in ops[notice]["sent"]]
        with open(f"{work}/ops.jsonl", "w") as f:
            f.writelines(json.dumps(o) + "\n" for o in changed)

    prove("a forged Paystack notice answered 200", "forged provider notices", accept_forgery,
          lambda: shutil.move(original, f"{work}/ops.jsonl"))

rc, fails = check()
clean = rc == 0
print(f"  {'passes' if clean else 'FAILS'}   the untouched record again: exit {rc}{', ' + str(fails) if fails else ''}")
print(f"TAMPER {'PASS' if all(results) and clean and results else 'FAIL'}: {sum(results)} of {len(results)} tampers caught")
sys.exit(0 if all(results) and clean and results else 1)
