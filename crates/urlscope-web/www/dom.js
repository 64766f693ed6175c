// Building the page's elements, and showing octet strings so that nothing in them is invisible.
// A URL is octets: the core reports them as JavaScript strings (valid UTF-8) or as {hex: "…"}
// (not valid UTF-8); offsets in its reports count octets. This module turns both into text a
// reader can see: control characters as \xNN, invisible code points as ⟨U+XXXX⟩.

/** Create an element: h("p", {class: "x", onclick: f}, "text", child, [more, children]). */
export function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  if (attrs) {
    for (const [key, value] of Object.entries(attrs)) {
      if (value === undefined || value === null || value === false) continue;
      if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
      else if (key === "class") el.className = value;
      else if (key === "text") el.textContent = value;
      else if (key === "style") el.setAttribute("style", value);
      else el.setAttribute(key, value === true ? "" : String(value));
    }
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children) {
    if (child === undefined || child === null || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else el.append(child instanceof Node ? child : String(child));
  }
}

/** Replace an element's children. */
export function fill(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

const encoder = new TextEncoder();

/** The octets of a string or of {hex: "…"}. */
export function octets(value) {
  if (value === null || value === undefined) return new Uint8Array(0);
  if (typeof value === "object" && typeof value.hex === "string") {
    const hex = value.hex.replace(/[^0-9a-fA-F]/g, "");
    const out = new Uint8Array(hex.length >> 1);
    for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.substr(i * 2, 2), 16);
    return out;
  }
  return encoder.encode(String(value));
}

// A code point nobody can see: C0 and C1 controls, DEL, format characters (bidi controls,
// zero-width joiners, BOM), line and paragraph separators, and spaces other than U+0020.
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Zs}]/u;

/** One code point as it is shown: itself, `\xNN` for an ASCII control, `⟨U+XXXX⟩` otherwise. */
export function showChar(ch, { space = true } = {}) {
  if (ch === " ") return space ? "␣" : " ";
  if (!INVISIBLE.test(ch)) return ch;
  const cp = ch.codePointAt(0);
  if (cp < 0x80) return "\\x" + hex2(cp);
  return "⟨U+" + cp.toString(16).toUpperCase().padStart(4, "0") + "⟩";
}

export function hex2(n) {
  return n.toString(16).toUpperCase().padStart(2, "0");
}

/**
 * Octets as visible text: valid UTF-8 sequences as their characters (shown by showChar), an
 * octet that does not start a valid sequence as \xNN.
 */
export function showOctets(bytes, options) {
  let out = "";
  let i = 0;
  while (i < bytes.length) {
    const n = utf8Length(bytes, i);
    if (n === 0) {
      out += "\\x" + hex2(bytes[i]);
      i += 1;
    } else {
      out += showChar(decode(bytes, i, n), options);
      i += n;
    }
  }
  return out;
}

/** A string or {hex} as visible text. */
export function show(value, options) {
  if (typeof value === "string") return showString(value, options);
  return showOctets(octets(value), options);
}

/** A JavaScript string as visible text. */
export function showString(s, options) {
  let out = "";
  for (const ch of s) out += showChar(ch, options);
  return out;
}

/** The length of the valid UTF-8 sequence starting at `i`, or 0 when none starts there. */
function utf8Length(b, i) {
  const c = b[i];
  if (c < 0x80) return 1;
  const cont = (k) => i + k < b.length && (b[i + k] & 0xc0) === 0x80;
  if (c >= 0xc2 && c <= 0xdf) return cont(1) ? 2 : 0;
  if (c >= 0xe0 && c <= 0xef) {
    if (!cont(1) || !cont(2)) return 0;
    const d = b[i + 1];
    if (c === 0xe0 && d < 0xa0) return 0; // overlong
    if (c === 0xed && d > 0x9f) return 0; // surrogate
    return 3;
  }
  if (c >= 0xf0 && c <= 0xf4) {
    if (!cont(1) || !cont(2) || !cont(3)) return 0;
    const d = b[i + 1];
    if (c === 0xf0 && d < 0x90) return 0;
    if (c === 0xf4 && d > 0x8f) return 0;
    return 4;
  }
  return 0;
}

const decoder = new TextDecoder();

function decode(b, i, n) {
  return n === 1 ? String.fromCharCode(b[i]) : decoder.decode(b.subarray(i, i + n));
}

/**
 * Octets cut at octet offsets into visible pieces: `marks` is [{start, end, ...}] sorted and
 * not overlapping; returns [{text, mark}] where `mark` is the mark covering the piece or null.
 */
export function cut(bytes, marks) {
  const pieces = [];
  let at = 0;
  for (const m of marks) {
    const start = Math.max(at, Math.min(m.start, bytes.length));
    const end = Math.max(start, Math.min(m.end, bytes.length));
    if (start > at) pieces.push({ text: showOctets(bytes.subarray(at, start)), mark: null });
    pieces.push({ text: showOctets(bytes.subarray(start, end)), mark: m });
    at = end;
  }
  if (at < bytes.length) pieces.push({ text: showOctets(bytes.subarray(at)), mark: null });
  return pieces;
}

/** "1 unit", "2 units". */
export function plural(n, one, many = one + "s") {
  return `${n} ${n === 1 ? one : many}`;
}

/**
 * A table: `headers` are the column names, `rows` arrays of cells (the first cell a row header)
 * or {cells, attrs}. Each cell carries its column's name (data-label), so that on a narrow
 * screen a table of class `stack` can show its rows as cards.
 */
export function table(className, headers, rows, caption) {
  const body = rows.map((row) => {
    const { cells, attrs } = Array.isArray(row) ? { cells: row, attrs: {} } : row;
    return h(
      "tr",
      attrs,
      cells.map((cell, i) => {
        const { content, attrs: cellAttrs } =
          cell && typeof cell === "object" && !(cell instanceof Node) && "content" in cell ? cell : { content: cell, attrs: {} };
        const tag = i === 0 ? "th" : "td";
        return h(tag, { ...cellAttrs, scope: i === 0 ? "row" : null, "data-label": headers[i] }, content);
      }),
    );
  });
  return h(
    "table",
    { class: className },
    caption ? h("caption", {}, caption) : null,
    h("thead", {}, h("tr", {}, headers.map((t) => h("th", { scope: "col" }, t)))),
    h("tbody", {}, body),
  );
}
