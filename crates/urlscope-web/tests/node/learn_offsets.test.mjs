// The Learn views' one piece of arithmetic: the core's byte offsets (of a UTF-8 string) turned
// into JavaScript string indices, held against every lesson step and every built-in exercise's
// marks as the WebAssembly core gives them. Run after `cargo xtask web`:
//   node --test crates/urlscope-web/tests/node/
// URLSCOPE_WEB_DIR the built site (default: target/web).

import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { test } from "node:test";
import { fileURLToPath, pathToFileURL } from "node:url";
import path from "node:path";

import { byteRangesToIndices, text } from "../../www/learn-dom.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const site = process.env.URLSCOPE_WEB_DIR || path.join(here, "..", "..", "..", "..", "target", "web");
const wasm = path.join(site, "pkg", "urlscope_web_bg.wasm");
if (!existsSync(wasm)) {
  throw new Error(`${site} holds no built site: run \`cargo xtask web\` first`);
}
const urlscope = await import(pathToFileURL(path.join(site, "urlscope.js")).href);
await urlscope.init(await readFile(wasm));

const utf8 = new TextEncoder();
const bytesBefore = (str, index) => utf8.encode(str.slice(0, index)).length;

/** The UTF-16 length of the character that ends at `index` (2 for a surrogate pair). */
function lastCharLength(str, index) {
  const pair = index >= 2 && /[\uD800-\uDBFF]/.test(str[index - 2]) && /[\uDC00-\uDFFF]/.test(str[index - 1]);
  return pair ? 2 : 1;
}

/** The indices hold exactly the characters whose octets the byte range touches. */
function assertCovers(str, byteRange, indexRange, what) {
  const { start, end } = indexRange;
  assert.ok(bytesBefore(str, start) <= byteRange.start, `${what}: starts after its octets`);
  assert.ok(bytesBefore(str, end) >= byteRange.end, `${what}: ends before its octets`);
  if (byteRange.start === byteRange.end) return;
  // Not one character more than needed on either side.
  const first = String.fromCodePoint(str.codePointAt(start));
  assert.ok(bytesBefore(str, start + first.length) > byteRange.start, `${what}: starts early`);
  assert.ok(bytesBefore(str, end - lastCharLength(str, end)) < byteRange.end, `${what}: ends late`);
}

test("every lesson step's highlight lands on the characters of its octets", () => {
  let steps = 0;
  for (const lesson of urlscope.lessons()) {
    lesson.steps.forEach((step, i) => {
      const what = `${lesson.name} step ${i + 1}`;
      const mapped = byteRangesToIndices(step.input, step.highlight);
      step.highlight.forEach((r, k) => {
        const octets = utf8.encode(step.input).slice(r.start, r.end);
        // A lesson highlights whole characters: the text under the indices is those octets.
        assert.equal(step.input.slice(mapped[k].start, mapped[k].end), new TextDecoder().decode(octets), what);
      });
      steps += 1;
    });
  }
  assert.ok(steps > 30, `only ${steps} steps`);
});

test("every mark on a built-in exercise's raw text covers its octets and no more", () => {
  let marks = 0;
  for (const set of urlscope.exerciseSets()) {
    set.exercises.forEach((ex, i) => {
      // The given text typed as it is: the marks fall on what must change in it.
      const v = urlscope.checkAnswer({ builtin: set.name }, i, ex.given);
      const mapped = byteRangesToIndices(ex.given, v.marks);
      v.marks.forEach((m, k) => {
        assertCovers(ex.given, m, mapped[k], `${set.name}/${ex.id} mark ${k}`);
        marks += 1;
      });
    });
  }
  assert.ok(marks > 50, `only ${marks} marks`);
});

test("characters of four octets and two UTF-16 units, and a range inside one", () => {
  const s = "a\u{1F600}b\u00e9";
  // a: byte 0; 😀: bytes 1-4 (indices 1-2); b: byte 5 (index 3); é: bytes 6-7 (index 4).
  assert.deepEqual(byteRangesToIndices(s, [{ start: 1, end: 5 }]), [{ start: 1, end: 3 }]);
  assert.deepEqual(byteRangesToIndices(s, [{ start: 2, end: 3 }]), [{ start: 1, end: 3 }]);
  assert.deepEqual(byteRangesToIndices(s, [{ start: 5, end: 6 }]), [{ start: 3, end: 4 }]);
  assert.deepEqual(byteRangesToIndices(s, [{ start: 7, end: 8 }]), [{ start: 4, end: 5 }]);
  // An empty range (something missing there) stays empty, at a character's edge.
  assert.deepEqual(byteRangesToIndices(s, [{ start: 5, end: 5 }]), [{ start: 3, end: 3 }]);
  // Past the end: clamped to the string.
  assert.deepEqual(byteRangesToIndices(s, [{ start: 8, end: 99 }]), [{ start: 5, end: 5 }]);
  // Extra fields of a mark come along.
  assert.equal(byteRangesToIndices(s, [{ start: 0, end: 1, kind: "wrong" }])[0].kind, "wrong");
});

test("a lone surrogate counts as the three octets of U+FFFD it becomes in Rust", () => {
  const s = "x\uD800y";
  assert.deepEqual(byteRangesToIndices(s, [{ start: 4, end: 5 }]), [{ start: 2, end: 3 }]);
  const v = urlscope.checkAnswer({ builtin: "rfc1738" }, 0, s);
  for (const [k, m] of byteRangesToIndices(s, v.marks).entries()) {
    assert.ok(m.start <= m.end && m.end <= s.length, `mark ${k} out of the string`);
  }
});

test("octets that are not UTF-8 are shown as \\xNN, as the inspector shows them", () => {
  assert.equal(text({ hex: "ff41" }), "\\xFF\\x41");
  assert.equal(text("plain"), "plain");
  assert.equal(text(null), "");
});
