// The JavaScript API in Node, as an ES module, against the command line: every answer must be
// the CLI's, byte for byte (docs/web.md). Run after `cargo xtask web`:
//   node --test crates/urlscope-web/tests/node/
// URLSCOPE_BIN names the CLI (default: target/release/urlscope, else target/debug/urlscope);
// URLSCOPE_WEB_DIR the built site (default: target/web).
import { test, before } from "node:test";
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const repo = resolve(dirname(fileURLToPath(import.meta.url)), "../../../..");
const web = process.env.URLSCOPE_WEB_DIR ?? join(repo, "target/web");
const bin =
  process.env.URLSCOPE_BIN ??
  [join(repo, "target/release/urlscope"), join(repo, "target/debug/urlscope")].find(existsSync);

let urlscope;

before(async () => {
  assert.ok(existsSync(join(web, "urlscope.js")), `no ${web}/urlscope.js: run cargo xtask web`);
  assert.ok(bin && existsSync(bin), "no urlscope binary: build it or set URLSCOPE_BIN");
  urlscope = await import(pathToFileURL(join(web, "urlscope.js")).href);
  await urlscope.init(readFileSync(join(web, "pkg/urlscope_web_bg.wasm")));
});

// The CLI with no config file (the page has none): its standard output as text. Exit status 1
// is an answer (not the same; a URL with an error); 2 and above are a failure of the test.
function cli(args, input) {
  const r = spawnSync(bin, ["--no-config", ...args], {
    input: input ?? "",
    maxBuffer: 1 << 28,
    encoding: "utf8",
  });
  assert.ok(r.status === 0 || r.status === 1, `urlscope ${args.join(" ")}: ${r.status} ${r.stderr}`);
  return r.stdout;
}

// The same, with its exit status.
function cliStatus(args) {
  const r = spawnSync(bin, ["--no-config", ...args], { encoding: "utf8" });
  return [r.stdout, r.status];
}

// A seeded sample of a real URL list (a linear congruential generator: the same every run).
function sample(file, n, seed) {
  const lines = readFileSync(join(repo, "tests/data", file), "utf8")
    .split("\n")
    // Records the CLI would split differently, or that a string cannot carry as octets.
    .filter((l) => l !== "" && !l.includes("\r") && !l.includes("\uFFFD"));
  let s = seed >>> 0;
  const out = [];
  for (let i = 0; i < n; i++) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    out.push(lines[s % lines.length]);
  }
  return out;
}

const corners = [
  "HTTP://ExAmple.COM:80/a/../%7e b?q= 1#f",
  "http:\\\\example.com\\a\\b",
  "http://0x7f.1/",
  "http:a.example",
  "hxxps://evil[.]example/login",
  "https://www.paypal.com@evil.example/",
  "http://[::ffff:1.2.3.4]:8080/",
  "file:///C:/x/../y",
  "mailto:someone@example.org?subject=hi there",
  "http://例え.テスト/パス?ä=ö#ü",
  "",
  "http://a/%ZZ%c3%a9\u0007\u202e",
];
const urls = [...corners, ...sample("urls-web.txt", 40, 1), ...sample("urls-files.txt", 25, 2)];

test("the profiles are the CLI's sixteen, in its order", () => {
  const ids = urlscope.profiles().map((p) => p.id);
  assert.equal(ids.length, 16);
  const help = cli(["normalize", "--help"]);
  const listed = help.match(/possible values: ([^\]]+)\]/)[1].split(", ");
  assert.deepEqual(ids, listed);
});

test("normalize equals `urlscope normalize -p P` on both URL lists, every profile", () => {
  const input = urls.join("\n") + "\n";
  for (const { id } of urlscope.profiles()) {
    const expected = cli(["normalize", "-p", id], input).split("\n").slice(0, -1);
    const got = urls.map((u) => urlscope.normalize(u, id));
    for (let i = 0; i < urls.length; i++) {
      assert.equal(got[i], expected[i], `${id} ${JSON.stringify(urls[i])}`);
    }
  }
});

test("explain equals `urlscope explain --json` byte for byte", () => {
  for (const id of ["rfc1738", "pdf", "rfc3986", "whatwg", "surt", "w3lib"]) {
    for (const u of urls.slice(0, 14)) {
      if (u === "") continue;
      const expected = cli(["explain", "--json", "-p", id, "--", u]);
      assert.equal(urlscope.explainJson(u, id) + "\n", expected, `${id} ${JSON.stringify(u)}`);
    }
  }
  const withBase = cli(["explain", "--json", "-p", "pdf", "--base", "http://b.example/d/", "--", "../x"]);
  assert.equal(urlscope.explainJson("../x", "pdf", { base: "http://b.example/d/" }) + "\n", withBase);
});

test("same, host, unwrap and tokens equal the CLI's", () => {
  const pairs = [
    ["HTTP://Example.com/%7euser", "http://example.com/~user"],
    ["http://a.example/p?x=1&y=2", "http://a.example/p?y=2&x=1"],
    ["http://a.example/one/two", "http://a.example/one/three"],
  ];
  for (const [a, b] of pairs) {
    for (const p of ["rfc3986", "whatwg"]) {
      const expected = cli(["same", "--json", "-p", p, "--", a, b]);
      assert.equal(urlscope.sameJson(a, b, { profile: p }) + "\n", expected);
    }
  }
  for (const u of urls.slice(0, 30)) {
    if (u === "") continue;
    assert.equal(urlscope.hostJson(u) + "\n", cli(["host", "--json", "--", u]), u);
    assert.equal(urlscope.unwrapJson(u) + "\n", cli(["unwrap", "--json", "--", u]), u);
    assert.equal(urlscope.tokenize(u), cli(["tokens", "--classes", "--", u]), u);
  }
  const base = "http://base.example/dir/";
  assert.equal(urlscope.hostJson("../x", base) + "\n", cli(["host", "--json", "--base", base, "--", "../x"]));
});

test("extract equals `urlscope extract --json` on real mail", () => {
  const dir = join(repo, "tests/data/mail-real/talon-1.4.4");
  let checked = 0;
  for (const name of readdirSync(dir).filter((n) => n.endsWith(".eml"))) {
    const bytes = readFileSync(join(dir, name));
    const text = new TextDecoder("utf-8", { fatal: false }).decode(bytes);
    if (text.includes("\uFFFD")) continue; // a string cannot carry its octets
    const expected = cli(["extract", "--json", join(dir, name)]);
    assert.equal(urlscope.extractJson(text), expected, name);
    assert.equal(urlscope.extract(text).length, expected.split("\n").length - 1);
    checked++;
  }
  assert.ok(checked >= 3, `only ${checked} messages were UTF-8`);
  const html = '<p>see <a href="http://a.example/x?y=1&amp;z=2">this</a></p>';
  assert.equal(urlscope.extractJson(html, "html"), cli(["extract", "--json", "--as", "html"], html));
});

test("the copy-as forms equal `urlscope get '{as:FORM}'`", () => {
  for (const u of ["HTTP://ExAmple.COM/a b?q=1#f", "http://例え.テスト/パス"]) {
    for (const form of urlscope.copyForms(u, "whatwg")) {
      const expected = cli(["get", "-p", "whatwg", `{as:${form.id}}`, "--", u]);
      assert.equal(form.text + "\n", expected, `${form.id} ${u}`);
    }
  }
});

test("a window of the report, and a glance, hold the whole report's records for that window", () => {
  const long = "https://example.com/" + "a%20b/c?d=e&".repeat(400);
  for (const p of ["whatwg", "rfc1738", "surt"]) {
    const whole = urlscope.explain(long, p);
    const [from, to] = [1000, 1600];
    const inside = (u) => u.start < to && u.end > from;
    const part = urlscope.explainWindow(long, p, {}, from, to);
    assert.deepEqual(part.units, whole.units.filter(inside));
    assert.deepEqual(part.output, whole.output);
    assert.deepEqual(part.steps.map((s) => s.edit_count), whole.steps.map((s) => s.edit_count));
    const g = urlscope.glance(long, p, {}, from, to);
    assert.equal(g.output, urlscope.normalize(long, p));
    assert.equal(g.classification, whole.classification);
    // Its window starts at a unit's start; its units are the report's, without the acting step.
    const units = whole.units.filter((u) => u.start >= g.window.start && u.start < g.window.end);
    assert.deepEqual(g.units, units.map((u) => ({ ...u, action: null })));
    assert.deepEqual(g.components.map((c) => c.name), whole.components.map((c) => c.name));
  }
});

test("with a base, the profile's form is the result the page shows", () => {
  const options = { base: "http://b.example/d/e" };
  const forms = urlscope.copyForms("../x y", "pdf", options);
  assert.equal(forms.find((f) => f.id === "profile").text, urlscope.normalize("../x y", "pdf", options));
  assert.equal(forms.find((f) => f.id === "typed").text, "../x y");
});

test("a teacher's exercise file is checked as `learn --check` checks it", () => {
  const sets = urlscope.exerciseSets();
  assert.ok(sets.length >= 3);
  const file = join(repo, "crates/urlscope-core/src/modern/exercises/sets");
  const builtin = readdirSync(file).find((n) => n.endsWith(".toml"));
  const good = readFileSync(join(file, builtin), "utf8");
  // One answer changed: the check must name its line.
  const bad = good.replace(/^answer = "(.)/m, 'answer = "X$1');
  for (const text of [good, bad]) {
    const path = join(process.env.TMPDIR ?? "/tmp", `urlscope-node-${process.pid}.toml`);
    execFileSync("sh", ["-c", 'cat > "$1"', "sh", path], { input: text });
    const [expected, status] = cliStatus(["learn", "--check", path]);
    const got = urlscope.checkExerciseFile(text, path);
    assert.equal(got.report, expected);
    assert.equal(got.ok, status === 0);
  }
});

test("bad names are TypeErrors, bad input is an answer", () => {
  assert.throws(() => urlscope.normalize("http://a/", "rfc9999"), /unknown profile 'rfc9999' \(one of: none, rfc1738/);
  assert.throws(() => urlscope.normalize("http://a/", "pdf", { pdfState: "thrice" }), TypeError);
  assert.throws(() => urlscope.normalize("http://a/", "pdf", { colour: 1 }), TypeError);
  for (const u of ["\u0000\u001b[31m", "%", "[", "http://[:]", "\ud800".normalize()]) {
    for (const { id } of urlscope.profiles()) {
      assert.equal(typeof urlscope.normalize(u, id), "string");
      assert.equal(typeof urlscope.explain(u, id).output, "string");
    }
  }
});
