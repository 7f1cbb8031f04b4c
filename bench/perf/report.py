"""Writes bench/perf.sh's tables into docs/performance.md between the perf-sh markers (and prints them)."""
import math, os, re, sys

(results, drain, roundtrips, doc, when, load_before, load_after, warm_ms, cold_ms, rss_idle, rss_after, dur,
 drain_s, short) = sys.argv[1:15]
NAMES = {"cached": "cached verify", "live": "live verify", "pay": "payment acceptance", "wd": "withdrawal acceptance"}
rows = [l.rstrip("\n").split("\t") for l in open(results) if l.strip()]
out = []
pgb_mode = os.environ.get("PERF_PGB_MODE", "simple")
out.append("Run %s%s: %s s per cell after a %s s warm-up per path, wrk -t2 and pgbench -j2 -M %s on the same 2 cores as the service and PostgreSQL; "
           "load average %s before, %s after (other engineers' builds may be running: compare ratios within the run, "
           "not absolute numbers across runs)." % (when, " (short mode)" if short == "1" else "", dur,
                                                   os.environ.get("PERF_WARMUP", "?"), pgb_mode, load_before,
                                                   load_after))
out.append("")
out.append("| commit_delay | path | merchants | conns | service req/s | p50 ms | p99 ms | non-2xx | pgbench tps | pgbench p50 | pgbench p99 | ratio | pgbench one-row tps | ratio to one row | CPU ms/req: service JVM | CPU ms/req: PostgreSQL | CPU ms/tx: PostgreSQL under pgbench |")
out.append("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
for r in rows:
    delay, s, m, c = r[0], r[1], r[2], r[3]
    w, p = r[4].split(), r[5].split()
    rps, p50, p99, bad = w[:4]
    tps, q50, q99, failed = p[:4]
    svc_cpu, pg_cpu = (w[5], w[6]) if len(w) >= 7 else ("-", "-")
    pgb_cpu = p[4] if len(p) >= 5 else "-"
    ratio = float(rps) / float(tps) if float(tps) > 0 else math.nan
    one, one_ratio = "-", "-"
    if len(r) > 6 and r[6].strip() not in ("", "-"):
        otps = float(r[6].split()[0])
        one = f"{otps:,.0f}"
        one_ratio = "%.2f" % (float(rps) / otps) if otps > 0 else "-"
    out.append("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %.2f | %s | %s | %s | %s | %s |" % (
        delay, NAMES[s], m, c, f"{float(rps):,.0f}", p50, p99, bad, f"{float(tps):,.0f}", q50, q99, ratio, one,
        one_ratio, svc_cpu, pg_cpu, pgb_cpu))
out.append("")
beside = os.environ.get("PERF_BESIDE", "")
if beside and os.path.exists(beside) and os.path.getsize(beside) > 0:
    out.append("PostgreSQL beside a busy JVM (pgbench's cached verify again while the service's JVM answers health "
               "checks, which touch no database, on the same two cores):")
    out.append("")
    for l in open(beside):
        out.append("    " + l.rstrip("\n"))
    out.append("")
d = [l for l in open(drain) if l.startswith("DRAIN")]
text = [l.strip() for l in open(drain) if not l.startswith("DRAIN")]
if d:
    _, acc, during, overall, backlog, tail = d[0].split("\t")
    out.append("Drain (%s s burst of payment acceptance at 8 connections, 8 merchants, sandbox settle 200 ms, callbacks "
               "to a local receiver): accepted **%s/s**, finalised and called back **%s/s** during the burst, %s/s over "
               "burst and tail; %s payments still open at the end of the burst, tail %s s." % (
                   drain_s, acc, during, overall, backlog, tail.strip()))
    out.append("")
    for t in text:
        out.append("    " + t)
    out.append("")
jvm_flags = os.environ.get("PERF_JVM_FLAGS", "").strip()
out.append("Start and memory: warm start to ready %s ms (cold, with migrations on an empty database: %s ms); RSS idle "
           "%s MiB, after the runs %s MiB. %s" % (warm_ms, cold_ms, rss_idle, rss_after,
           "JVM flags: `%s` (the JDK AOT cache, trained by bench/aot-train.sh, as the container image runs it)."
           % jvm_flags.replace(os.environ.get("HOME", "~~"), "~") if "AOTCache" in jvm_flags else
           ("JVM flags: `%s`." % jvm_flags if jvm_flags else "No JVM flags (no AOT cache).")))
out.append("")
out.append("Statements per request (pg_stat_statements, one merchant, 8 connections, defaults; counted after a %s s "
           "warm-up per path, so the CPU figures in this block include JIT compilation: the warm ones are the "
           "table's CPU columns):" % os.environ.get("PERF_RT_WARMUP", "?"))
out.append("")
for l in open(roundtrips):
    out.append("    " + l.rstrip("\n"))
block = "\n".join(out) + "\n"
print(block)
src = open(doc).read()
begin, end = "<!-- perf-sh:begin -->", "<!-- perf-sh:end -->"
if begin in src and end in src:
    src = src[:src.index(begin) + len(begin)] + "\n" + block + src[src.index(end):]
    open(doc, "w").write(src)
