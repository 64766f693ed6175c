// Small DOM helpers for the Learn and Practice views: elements built from data (text only,
// never HTML: a teacher's file is untrusted input), byte offsets of the core turned into
// string indices, and marked text.

/** An element: `h("p", {class: "x", onclick: f}, "text", child)`. */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      el.addEventListener(key.slice(2), value);
    } else if (key === "class") {
      el.className = value;
    } else if (key === "text") {
      el.textContent = value;
    } else if (value === true) {
      el.setAttribute(key, "");
    } else {
      el.setAttribute(key, String(value));
    }
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : String(child));
  }
}

/** Replace an element's children. */
export function fill(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

/**
 * A string from the core's JSON: an octet string that is not valid UTF-8 comes as
 * `{hex: "…"}`; it is shown with the `\xNN` notation the inspector uses for such octets.
 */
export function text(value) {
  if (typeof value === "string") return value;
  if (value && typeof value.hex === "string") {
    return value.hex.replace(/[0-9a-fA-F]{2}/g, (pair) => `\\x${pair.toUpperCase()}`);
  }
  return value === null || value === undefined ? "" : String(value);
}

function utf8Length(codePoint) {
  if (codePoint < 0x80) return 1;
  if (codePoint < 0x800) return 2;
  if (codePoint < 0x10000) return 3; // lone surrogates too: they cross into Rust as U+FFFD
  return 4;
}

/**
 * Ranges of UTF-8 byte offsets (as the core gives them) turned into UTF-16 indices of `str`.
 * A range that starts or ends inside a character's octets widens to the whole character
 * (a mark on one octet of `é` marks `é`).
 */
export function byteRangesToIndices(str, ranges) {
  const down = [0]; // down[b]: index of the character that holds byte b
  const up = [0]; // up[b]: index just after that character, or its start at its first byte
  let bytes = 0;
  let index = 0;
  for (const ch of str) {
    const n = utf8Length(ch.codePointAt(0));
    for (let k = 0; k < n; k++) {
      down[bytes + k] = index;
      up[bytes + k] = k === 0 ? index : index + ch.length;
    }
    bytes += n;
    index += ch.length;
  }
  down[bytes] = index;
  up[bytes] = index;
  const at = (table, b) => table[Math.max(0, Math.min(bytes, b))];
  return ranges.map((r) => ({ ...r, start: at(down, r.start), end: at(up, Math.max(r.start, r.end)) }));
}

/**
 * `str` with the given index ranges wrapped in `<mark>` (a range that is empty marks the gap
 * where something is missing). `decorate(mark, range)` may add a class or a title.
 */
export function marked(str, ranges, decorate = () => {}) {
  const sorted = [...ranges].sort((a, b) => a.start - b.start || a.end - b.end);
  const frag = document.createDocumentFragment();
  let pos = 0;
  for (const r of sorted) {
    const start = Math.max(r.start, pos);
    if (start > pos) frag.append(str.slice(pos, start));
    if (r.end > start) {
      const m = h("mark", {}, str.slice(start, r.end));
      decorate(m, r);
      frag.append(m);
      pos = r.end;
    } else if (r.end === r.start && r.start >= pos) {
      const m = h("mark", { class: "learn-gap" }, "\u2038");
      m.setAttribute("aria-label", "missing here");
      decorate(m, r);
      frag.append(m);
      pos = start;
    }
  }
  if (pos < str.length) frag.append(str.slice(pos));
  return frag;
}

/** A sentence with `backticked` parts set as code, as the core writes its prompts. */
export function withCode(sentence) {
  const parts = String(sentence).split("`");
  // An odd count of backticks leaves the last one as written.
  if (parts.length % 2 === 0) return [String(sentence)];
  return parts.map((part, i) => (i % 2 === 1 ? h("code", {}, part) : part));
}

/**
 * A space made visible (a mark on a space alone would show nothing to read): ␣, which the
 * common fonts draw (the inspector's ␠ is missing from many).
 */
export function visibleSpaces(str) {
  return str.replace(/ /g, "\u2423");
}

/** Whether a key press belongs to a field that reads arrows itself. */
export function typingInto(target) {
  if (!(target instanceof Element)) return false;
  return Boolean(
    target.closest("input, textarea, select, [contenteditable=''], [contenteditable='true']"),
  );
}
