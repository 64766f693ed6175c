"""Generated URLs for tests/compare-canon.sh: the odd corners the crawler canonicalizers
treat differently (IPv4 in hex, octal and short forms, IPv6, IDN, percent-encoding of every
depth and case, dot segments, backslashes, session ids, empty parts, controls and non-UTF-8
octets), combined at random with a fixed seed. Usage: python canon_generate.py COUNT
"""

import random
import sys

SCHEMES = [b"http://", b"https://", b"HTTP://", b"ftp://", b"file://", b"ws://", b"", b"//",
           b"http:", b"http:///", b"mailto:", b"foo://", b"http:\\\\", b"Http://http://"]
USERS = [b"", b"", b"", b"user@", b"u:p@", b"a%40b:c@", b"@", b":@", b"us er@"]
HOSTS = [b"example.com", b"www.Example.COM", b"www2.ex.org", b"WWW.ex.net", b"a.b.c.d.e",
         b"127.0.0.1", b"0x7f.1", b"0177.0.0.1", b"2130706433", b"1.2", b"..a..com..",
         b"[::1]", b"[::FFFF:1.2.3.4]", b"[2001:DB8::0:1]", b"b\xc3\xbccher.de", b"fa\xc3\x9f.de",
         b"xn--bcher-kva.ch", b"ex%41mple.com", b"ex%2541mple.com", b"Foo_Bar.com", b"-a-.com",
         b"a..b", b"\xe2\x98\x83.net", b"b\xfccher.de", b"", b"%30x7f.1", b"0", b"256.1.1.1",
         b"99999999999", b"ex.com.", b"localhost"]
PORTS = [b"", b"", b"", b":80", b":443", b":8080", b":", b":0080", b":0", b":99999", b":8a"]
SEGMENTS = [b"a", b"B", b".", b"..", b"%2e", b"%2E%2e", b"", b"index.html", b"%7Euser",
            b"%7euser", b"a%20b", b"a b", b"%252F", b"%2F", b"%3F", b"%23", b"caf\xc3\xa9",
            b"caf%E9", b"\xe9", b"x;p=1", b"a\\b", b"%zz", b"%", b"[x]", b"a|b", b"(S(abcdefghijklmnopqrstuvwx))",
            b"page.aspx", b"x;jsessionid=0123456789abcdef0123456789abcdef"]
QUERIES = [b"", b"", b"?", b"?a=1&b=2", b"?b=2&a=1", b"?a=1&a-b=2", b"?q=%26&r=%3D", b"?s=a+b",
           b"?x=%3F%2523", b"?&&a=1&&", b"?jsessionid=0123456789ABCDEF", b"?sid=0123456789abcdef0123456789abcdef",
           b"?PHPSESSID=0123456789abcdefghijklmnopqrstuv&x=1", b"?a", b"?a=", b"?=b", b"?q=r%C3%A9sum%C3%A9",
           b"?q=\xc3\xa9", b"?a=1;b=2", b"?x=http://y", b"?A=B"]
FRAGMENTS = [b"", b"", b"#", b"#f", b"#F G", b"#%20", b"#a#b"]
EDGES = [b"", b"", b"", b" ", b"\t", b"\x00", b"\n"]


def one(r):
    path = b"".join(b"/" + r.choice(SEGMENTS) for _ in range(r.randrange(0, 5)))
    url = (r.choice(EDGES[:-1]) + r.choice(SCHEMES) + r.choice(USERS) + r.choice(HOSTS)
           + r.choice(PORTS) + path + r.choice(QUERIES) + r.choice(FRAGMENTS) + r.choice(EDGES[:-1]))
    if r.random() < 0.05:
        k = r.randrange(0, len(url) + 1)
        url = url[:k] + bytes([r.choice(b"\t\r\x01 %\x7f\x80\xff")]) + url[k:]
    return url.replace(b"\n", b"")


def main():
    n = int(sys.argv[1])
    r = random.Random(29)
    out = sys.stdout.buffer
    for _ in range(n):
        out.write(one(r) + b"\n")


if __name__ == "__main__":
    main()
