"""Callback receiver of bench/chaos.sh: records every delivery as one JSON line
{"webhook_id", "type", "merchant_reference", "refund_reference", "status", "at"} (a refund event names its refund and
its collection) and answers 200, except that the first delivery of
one event in ten is answered 500 so that the service's retries are exercised too.
Usage: python3 chaos-receiver.py PORT LOGFILE"""
import http.server
import json
import sys
import threading
import time
import zlib

log = open(sys.argv[2], "a", buffering=1)
lock = threading.Lock()
seen = set()


class H(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("content-length", 0)))
        wid = self.headers.get("webhook-id", "")
        try:
            doc = json.loads(body)
            data = doc.get("data") or {}
            t = data.get("transaction") or data.get("refund") or {}
            rec = {"webhook_id": wid, "type": doc.get("type"), "merchant_reference": t.get("merchant_reference"),
                   "refund_reference": t.get("refund_reference"), "status": t.get("status"), "at": time.time()}
        except ValueError:
            rec = {"webhook_id": wid, "type": "unparsable", "at": time.time()}
        with lock:
            first = wid not in seen
            seen.add(wid)
            refuse = first and zlib.crc32(wid.encode()) % 10 == 0
            rec["answered"] = 500 if refuse else 200
            log.write(json.dumps(rec) + "\n")
        self.send_response(500 if refuse else 200)
        self.send_header("content-length", "0")
        self.end_headers()

    def log_message(self, *a):
        pass


http.server.ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1])), H).serve_forever()
