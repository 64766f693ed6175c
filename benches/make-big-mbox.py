#!/usr/bin/env python3
"""Write an mbox of about MB megabytes made of the real messages of tests/data/mail-real (the
test mails of other projects: CPython's email suite, mail-parser, talon, SpamAssassin), over and
over, each copy with headers of its own: a new envelope line, Message-ID and Date (one copy in
ten has no Message-ID, as some real mail has none). Bodies are as the projects wrote them,
mboxrd-quoted (a line starting with `>`…`From ` gains one `>`).

Usage: benches/make-big-mbox.py MB [MAX_KB] > big.mbox
  MB defaults to 1000 (a 1 GB mailbox); with MAX_KB only the messages up to that size are used
  (no large attachments: text and HTML make up most of the mailbox, the slowest shape to read).
"""
import pathlib
import re
import sys

mb = float(sys.argv[1]) if len(sys.argv) > 1 else 1000
max_kb = float(sys.argv[2]) if len(sys.argv) > 2 else None
root = pathlib.Path(__file__).resolve().parent.parent / "tests/data/mail-real"
skip = {"LICENSE", "NOTICE", "COPYRIGHT"}
messages = []
for path in sorted(root.glob("*/*")):
    if path.suffix in (".links", ".md") or path.name in skip or path.name.startswith("LICENSE"):
        continue
    raw = path.read_bytes()
    if max_kb is not None and len(raw) > max_kb * 1000:
        continue
    if raw.startswith(b"From "):
        raw = raw.split(b"\n", 1)[1] if b"\n" in raw else b""
    if not raw.endswith(b"\n"):
        raw += b"\n"
    # The header block, and the body (mboxrd-quoted once, here).
    end = re.search(rb"\r?\n\r?\n", raw)
    head, body = (raw[: end.start()], raw[end.start():]) if end else (raw, b"")
    body = re.sub(rb"(?m)^(>*From )", rb">\1", body)
    # The copy's own Message-ID and Date replace the message's (folded lines included).
    head = re.sub(rb"(?im)^(message-id|date):[^\n]*\n?(?:[ \t][^\n]*\n?)*", b"", head + b"\n")
    head = head.rstrip(b"\r\n")
    eol = b"\r\n" if b"\r\n" in head else b"\n"
    messages.append((head, body, path.name, eol))

out = sys.stdout.buffer
limit = mb * 1_000_000
size, n = 0, 0
while size < limit:
    head, body, name, eol = messages[n % len(messages)]
    day, sec = n // 86400 % 28 + 1, n % 86400
    date = f"{day:02d} Nov 2026 {sec // 3600:02d}:{sec // 60 % 60:02d}:{sec % 60:02d}"
    envelope = f"From bench-{n % 997}@example.org Thu Nov {day:02d} {sec // 3600:02d}:{sec // 60 % 60:02d}:{sec % 60:02d} 2026\n"
    own = f"Date: Thu, {date} +0000".encode() + eol
    if n % 10 != 9:
        own += f"Message-ID: <{n}.{name}@bench.example>".encode() + eol
    msg = envelope.encode() + own + head + body
    if not msg.endswith(b"\n"):
        msg += b"\n"
    out.write(msg + b"\n")
    size += len(msg) + 1
    n += 1
print(f"{n} messages, {size} bytes", file=sys.stderr)
