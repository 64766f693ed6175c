#!/usr/bin/env python3
"""Write one ~MB-sized multipart/mixed message built from the corpus of tests/data/mail (for the link
list's speed comparison): every text and HTML part of every .eml, its payload repeated until the part is
about 50 KB, re-encoded with the part's own transfer encoding and charset. One message, because
urlscan reads a file as one message (an mbox gives it only the first).

Usage: benches/make-big-message.py MB > big.eml
"""
import email, email.policy, base64, quopri, sys, pathlib

mb = float(sys.argv[1]) if len(sys.argv) > 1 else 10
corpus = sorted(pathlib.Path(__file__).resolve().parent.parent.glob("tests/data/mail/*.eml"))
parts = []
for path in corpus:
    msg = email.message_from_bytes(path.read_bytes(), policy=email.policy.compat32)
    for p in msg.walk():
        if p.is_multipart():
            continue
        ctype = p.get_content_type()
        charset = p.get_content_charset() or "us-ascii"
        cte = (p.get("Content-Transfer-Encoding") or "7bit").lower()
        raw = p.get_payload(decode=True)
        body = raw * max(1, 50_000 // max(1, len(raw)))
        if cte == "base64":
            enc = base64.encodebytes(body)
        elif cte == "quoted-printable":
            enc = quopri.encodestring(body)
        else:
            enc = body
        head = f"Content-Type: {ctype}; charset={charset}\nContent-Transfer-Encoding: {cte}\n\n"
        parts.append(head.encode() + enc)

out = sys.stdout.buffer
out.write(b"From: bench@example.org\nTo: you@example.org\nSubject: corpus, repeated\n"
          b"MIME-Version: 1.0\nContent-Type: multipart/mixed; boundary=\"bench-b\"\n\n")
size, i = 0, 0
while size < mb * 1_000_000:
    p = parts[i % len(parts)]
    out.write(b"--bench-b\n" + p + b"\n")
    size += len(p) + 11
    i += 1
out.write(b"--bench-b--\n")
