#!/usr/bin/env python3
"""Slow clients against one running service (issue 35, "Slow clients"): what is closed, and when.

Opens, all within the first seconds, on loopback only:
  headers  connections that send a request line and then one header byte a second, never ending the headers;
  body     connections that send complete headers with Content-Length: 100000 and then one body byte a second
           (spread over several loopback source addresses, under the per-address cap of concurrent body reads);
  idle     connections that send one whole request, read its answer and then send nothing (keep-alive).
Meanwhile a prober asks /q/health/ready and a merchant's GET every 100 ms on fresh connections and records each
answer's status and time. Every connection's close (the service's FIN or RST) is timed from its connect.
Bounded: it stops after --seconds (default 45) and closes everything it opened.

Usage: bench/slowloris.py --port 8080 [--headers 200 --body 200 --idle 100 --seconds 45 --auth demo:demo-secret]
Prints one summary line per kind and the prober's percentiles; exits 0.
"""
import argparse
import base64
import http.client
import selectors
import socket
import statistics
import threading
import time


def pct(values, p):
    if not values:
        return float("nan")
    s = sorted(values)
    return s[min(len(s) - 1, int(round(p / 100 * (len(s) - 1))))]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=8080)
    ap.add_argument("--headers", type=int, default=200)
    ap.add_argument("--body", type=int, default=200)
    ap.add_argument("--idle", type=int, default=100)
    ap.add_argument("--seconds", type=float, default=45)
    ap.add_argument("--auth", default="demo:demo-secret")
    ap.add_argument("--sources", type=int, default=4, help="loopback source addresses for the body connections")
    a = ap.parse_args()
    if not a.host.startswith("127."):
        raise SystemExit("loopback only")

    sel = selectors.DefaultSelector()
    conns = []  # dicts: kind, sock, opened, closed, answer
    t0 = time.monotonic()

    def open_conn(kind, source=None):
        s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        if source:
            s.bind((source, 0))
        s.settimeout(5)
        s.connect((a.host, a.port))
        s.setblocking(False)
        c = {"kind": kind, "sock": s, "opened": time.monotonic(), "closed": None, "answer": b""}
        if kind == "headers":
            s.send(b"GET /q/health/ready HTTP/1.1\r\nHost: slow\r\nX-Slow: ")
        elif kind == "body":
            s.send(b"POST /api/v2/account_invites/accept HTTP/1.1\r\nHost: slow\r\nContent-Type: application/json\r\n"
                   b"Content-Length: 100000\r\n\r\n{")
        else:
            s.send(b"GET /q/health/live HTTP/1.1\r\nHost: slow\r\n\r\n")
        sel.register(s, selectors.EVENT_READ, c)
        conns.append(c)

    for _ in range(a.headers):
        open_conn("headers")
    for i in range(a.body):
        open_conn("body", "127.0.0.%d" % (2 + i % a.sources))
    for _ in range(a.idle):
        open_conn("idle")
    print("opened %d connections in %.1f s" % (len(conns), time.monotonic() - t0), flush=True)

    probes = {"ready": [], "merchant": []}
    failures = {"ready": 0, "merchant": 0}
    stop = threading.Event()
    auth = "Basic " + base64.b64encode(a.auth.encode()).decode()

    def prober():
        while not stop.is_set():
            for name, path, headers in (("ready", "/q/health/ready", {}),
                                        ("merchant", "/api/v2/account/1", {"Authorization": auth})):
                start = time.monotonic()
                try:
                    h = http.client.HTTPConnection(a.host, a.port, timeout=5)
                    h.request("GET", path, headers=headers)
                    r = h.getresponse()
                    r.read()
                    h.close()
                    if r.status == 200:
                        probes[name].append((time.monotonic() - start) * 1000)
                    else:
                        failures[name] += 1
                except Exception:
                    failures[name] += 1
            stop.wait(0.1)

    pt = threading.Thread(target=prober, daemon=True)
    pt.start()

    next_trickle = time.monotonic() + 1
    end = t0 + a.seconds
    while time.monotonic() < end and any(c["closed"] is None for c in conns):
        for key, _ in sel.select(timeout=0.2):
            c = key.data
            try:
                data = c["sock"].recv(65536)
            except (ConnectionResetError, OSError):
                data = b""
            if data:
                c["answer"] += data
                continue
            c["closed"] = time.monotonic()
            sel.unregister(c["sock"])
            c["sock"].close()
        if time.monotonic() >= next_trickle:
            next_trickle += 1
            for c in conns:
                if c["closed"] is None and c["kind"] in ("headers", "body"):
                    try:
                        c["sock"].send(b"a")
                    except OSError:
                        pass
    stop.set()
    pt.join(6)

    for kind in ("headers", "body", "idle"):
        mine = [c for c in conns if c["kind"] == kind]
        if not mine:
            continue
        closed = [c["closed"] - c["opened"] for c in mine if c["closed"] is not None]
        answers = {}
        for c in mine:
            first = c["answer"].split(b"\r\n", 1)[0].decode("latin-1") if c["answer"] else "(no answer)"
            if kind == "idle" and c["answer"].count(b"HTTP/1.1 ") == 1:
                first = "one 200, then nothing" if first.startswith("HTTP/1.1 200") else first
            answers[first] = answers.get(first, 0) + 1
        print("%-7s %3d opened, %3d closed by the service, %3d still open at %.0f s; closed after min %.1f s, p50 %.1f s,"
              " max %.1f s; answers: %s" % (
                  kind, len(mine), len(closed), len(mine) - len(closed), a.seconds,
                  min(closed) if closed else float("nan"), statistics.median(closed) if closed else float("nan"),
                  max(closed) if closed else float("nan"),
                  ", ".join("%s x%d" % (k, v) for k, v in sorted(answers.items()))), flush=True)
    for name in ("ready", "merchant"):
        v = probes[name]
        print("probe %-8s %4d answered 200, %d failed; p50 %.0f ms, p99 %.0f ms, max %.0f ms" % (
            name, len(v), failures[name], pct(v, 50), pct(v, 99), max(v) if v else float("nan")), flush=True)
    for c in conns:
        if c["closed"] is None:
            c["sock"].close()


if __name__ == "__main__":
    main()
