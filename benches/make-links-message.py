#!/usr/bin/env python3
"""Write one message that is nothing but links, for the link reader's memory bound: MB megabytes
(default 64 MiB, the cap of one message) of distinct links, one a line, in one part.

Usage: benches/make-links-message.py [MB] [html|text|alternative] > links.eml
  html         a text/html part: `<a href="URL">URL</a><br>` lines (the reader's worst case: every
               link has its tag, its visible text and its line)
  text         a text/plain part: a bare URL a line
  alternative  multipart/alternative: the same links as text/plain, then as text/html (each part
               half the size; the HTML part's links are the text part's, listed once)
"""
import sys

mib = float(sys.argv[1]) if len(sys.argv) > 1 else 64
shape = sys.argv[2] if len(sys.argv) > 2 else "html"
if shape not in ("html", "text", "alternative"):
    sys.exit("shape: html, text or alternative")
size = int(mib * (1 << 20))
out = sys.stdout.buffer


def url(i):
    return f"https://host{i % 997}.example.com/path/{i}/page.html?id={i}&ref=mail"


def lines(kind, budget):
    """(line, …) of the part's body until the budget is spent."""
    i, used, chunk = 0, 0, []
    while True:
        u = url(i)
        line = (f'<a href="{u}">{u}</a><br>\n' if kind == "html" else u + "\n").encode()
        if used + len(line) > budget:
            break
        chunk.append(line)
        used += len(line)
        i += 1
        if len(chunk) == 4096:
            out.write(b"".join(chunk))
            chunk = []
    out.write(b"".join(chunk))


head = (b"From: bench@example.org\nTo: you@example.org\nSubject: links\n"
        b"Message-ID: <links@bench.example>\nMIME-Version: 1.0\n")
if shape == "alternative":
    out.write(head + b'Content-Type: multipart/alternative; boundary="links-b"\n\n')
    budget = (size - 600) // 2
    out.write(b"--links-b\nContent-Type: text/plain; charset=utf-8\n\n")
    lines("text", budget)
    out.write(b"--links-b\nContent-Type: text/html; charset=utf-8\n\n")
    lines("html", budget)
    out.write(b"--links-b--\n")
else:
    ctype = b"text/html" if shape == "html" else b"text/plain"
    out.write(head + b"Content-Type: " + ctype + b"; charset=utf-8\n\n")
    lines(shape, size - 300)
