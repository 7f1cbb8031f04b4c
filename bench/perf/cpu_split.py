"""Where a process's CPU went between two moments, by thread (the JVM) or by child process (PostgreSQL).

  cpu_split.py snap jvm <pid>          prints a snapshot (JSON) of the JVM's threads' CPU ticks
  cpu_split.py snap pg <postmaster>    prints a snapshot of PostgreSQL's processes' CPU ticks
  cpu_split.py diff <before> <after> <units> <unit name>
                                       prints the CPU between the two snapshots per unit, by group
  cpu_split.py start <pid>             prints "<compilers> <main> <rest> <all>": the JVM's live threads' CPU ms so far
                                       (bench/start.sh at ready; the launcher's main Java thread is the second task)

A thread or process that ended between the two snapshots is not seen by name: its CPU is the process total's
remainder ("ended threads"; for PostgreSQL the postmaster's reaped children, mostly autovacuum workers and closed
connections).
"""
import json
import os
import re
import sys

HZ = os.sysconf("SC_CLK_TCK")

JVM_GROUPS = [  # (group, pattern on the thread's name as the kernel keeps it: 15 characters)
    ("HTTP requests (executor threads)", r"^executor-thread"),
    ("Vert.x event loops (HTTP in and out)", r"^vert\.x-eventloo"),
    ("payment processing (mizani-settle)", r"^mizani-settle"),
    ("payment worker rounds (claims, looks)", r"^mizani-payment"),
    ("callback sending and records", r"^mizani-callback"),
    ("other workers (mizani-*)", r"^mizani-"),
    ("JIT compilers", r"^C[12] CompilerThre"),
    ("garbage collection and VM", r"^(VM Thread|GC Thread|G1 |VM Periodic)"),
    ("agroal, netty and the rest", r"."),
]

# the backend of the bench's own polls (bench/lib.sh poll_start exports its pid): its CPU is the bench's, not the service's
POLLS = "the bench's polls (its one psql session; not the service's)"
PG_GROUPS = [  # (group, pattern on the process's command line)
    (POLLS, r"^bench polls$"),
    ("backends (the service's connections)", r"^postgres: \S+ \S+ \d"),
    ("WAL writer", r"walwriter"),
    ("checkpointer and background writer", r"checkpointer|background writer"),
    ("autovacuum (live workers and launcher)", r"autovacuum"),
    ("other server processes", r"."),
]


def stat(path):
    try:
        with open(path) as f:
            return f.read().rsplit(")", 1)[1].split()
    except OSError:
        return None


def snap_jvm(pid):
    total = stat("/proc/%s/stat" % pid)
    threads = {}
    for tid in os.listdir("/proc/%s/task" % pid):
        s = stat("/proc/%s/task/%s/stat" % (pid, tid))
        try:
            with open("/proc/%s/task/%s/comm" % (pid, tid)) as f:
                comm = f.read().strip()
        except OSError:
            continue
        if s:
            threads[tid] = [comm, int(s[11]) + int(s[12]), s[19]]
    return {"kind": "jvm", "total": int(total[11]) + int(total[12]), "items": threads}


def snap_pg(pm):
    own = stat("/proc/%s/stat" % pm)
    items = {pm: ["postmaster", int(own[11]) + int(own[12]), own[19]]}
    reaped = int(own[13]) + int(own[14])
    for pid in os.listdir("/proc"):
        if not pid.isdigit() or pid == pm:
            continue
        s = stat("/proc/%s/stat" % pid)
        if s and s[1] == pm:
            try:
                with open("/proc/%s/cmdline" % pid) as f:
                    cmd = f.read().replace("\0", " ").strip()
            except OSError:
                continue
            if pid == os.environ.get("PERF_POLL_BACKEND"):
                cmd = "bench polls"
            items[pid] = [cmd, int(s[11]) + int(s[12]), s[19]]
    return {"kind": "pg", "reaped": reaped, "items": items,
            "total": reaped + sum(t for _, t, _ in items.values())}


def group(kind, name):
    for g, pattern in (JVM_GROUPS if kind == "jvm" else PG_GROUPS):
        if re.search(pattern, name):
            return g
    return "?"


def diff(before, after, units, unit):
    kind = after["kind"]
    order = [g for g, _ in (JVM_GROUPS if kind == "jvm" else PG_GROUPS)]
    ms = dict.fromkeys(order, 0.0)
    seen = 0
    for key, (name, ticks, start) in after["items"].items():
        was = before["items"].get(key)
        # a pid or thread id reused by another thread or process (another start time) counts from zero; not the name:
        # a PostgreSQL backend's title changes with what it does ("idle", "INSERT", "idle in transaction")
        d = ticks - (was[1] if was and was[2] == start else 0)
        ms[group(kind, name)] += d * 1000.0 / HZ
        seen += d
    rest = (after["total"] - before["total"]) - seen
    label = "ended threads" if kind == "jvm" else "ended processes (reaped: autovacuum workers, closed connections)"
    order.append(label)
    ms[label] = rest * 1000.0 / HZ
    whole = (after["total"] - before["total"]) * 1000.0 / HZ
    title = "service JVM" if kind == "jvm" else "PostgreSQL"
    polls = ms.get(POLLS, 0.0)
    print("%s CPU per %s by %s: %.2f ms%s" % (title, unit, "thread" if kind == "jvm" else "process", whole / units,
          " (%.2f ms without the bench's polls; the shares below are of the whole)" % ((whole - polls) / units)
          if polls else ""))
    for g in order:
        if abs(ms[g]) >= 0.005 * units:
            print("   %6.2f ms %5.1f %%  %s" % (ms[g] / units, 100.0 * ms[g] / whole if whole else 0.0, g))


def since_start(pid):
    threads = snap_jvm(pid)["items"]
    tids = sorted(threads, key=int)
    second = tids[1] if len(tids) > 1 else None
    main = threads[second][1] if second else 0
    compilers = sum(t for tid, (name, t, _) in threads.items()
                    if tid != second and group("jvm", name) == "JIT compilers")
    every = sum(t for _, t, _ in threads.values())
    ms = [x * 1000 // HZ for x in (compilers, main, every - compilers - main, every)]
    print("%d %d %d %d" % tuple(ms))


if __name__ == "__main__":
    if sys.argv[1] == "start":
        since_start(sys.argv[2])
    elif sys.argv[1] == "snap":
        print(json.dumps(snap_jvm(sys.argv[3]) if sys.argv[2] == "jvm" else snap_pg(sys.argv[3])))
    elif sys.argv[1] == "diff":
        with open(sys.argv[2]) as b, open(sys.argv[3]) as a:
            diff(json.load(b), json.load(a), int(sys.argv[4]), sys.argv[5])
    else:
        sys.exit(__doc__)
