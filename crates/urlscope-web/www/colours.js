// Which theme colour shows what: the same grouping the inspector and the text output use
// (a span kind to its component's style, a class name to one of the nine class styles), so the
// page's colours mean what the terminal's mean. Presentation only: the kinds and classes
// themselves come from the core's reports. The colours are theme.css's custom properties.

const SPAN_SLOT = {
  scheme: "scheme",
  user: "user",
  password: "password",
  host: "host",
  areatag: "areatag",
  port: "port",
  "ftn-domain": "ftn-domain",
  "path-segment": "path",
  "segment-param": "param",
  param: "param",
  "query-key": "query-key",
  "query-value": "query-value",
  fragment: "fragment",
  frame: "frame",
};

/** The CSS class colouring a span kind (`k-host`); delimiters share one. */
export function spanClass(kind) {
  return "k-" + (SPAN_SLOT[kind] || "delimiter");
}

/** The CSS class colouring a component of explain's `components` (`k-host`). */
export function componentClass(name) {
  const slot = { path: "path", query: "query-value", params: "param" }[name];
  return "k-" + (slot || SPAN_SLOT[name] || "delimiter");
}

/** The class style (one of nine) that colours a unit of class `name` in the strip. */
export function classSlot(name) {
  switch (name) {
    case "safe":
    case "mark":
    case "pct-encoded":
      return "safe";
    case "reserved":
    case "gen-delims":
      return "reserved";
    case "unsafe-delim":
    case "unsafe-transport":
    case "unsafe":
    case "unsafe-space":
    case "excluded-delims":
    case "excluded-space":
    case "not-allowed":
      return "unsafe";
    case "unwise":
      return "unwise";
    case "control":
    case "excluded-control":
    case "no-graphic":
    case "c0-control-set-encoded":
      return "control";
    case "non-ascii":
    case "unclassified":
      return "non-ascii";
    case "invalid-percent":
    case "pct-encoded-broken":
      return "invalid-percent";
    case "hyphen":
    case "unmentioned":
    case "sub-delims":
    case "no-set-here":
      return "other";
    default:
      // C-WHATWG: every other set the parser encodes by is unsafe, the kept ones plain.
      return name && name.endsWith("-set-encoded") ? "unsafe" : "alnum";
  }
}

/** The nine class styles, with what each means (the strip's colour key). */
export const CLASS_KEY = [
  ["alnum", "a", "letters and digits, never encoded"],
  ["safe", "-", "allowed unencoded; a valid %XX triplet"],
  ["reserved", "/", "a delimiter; encode it when it is data"],
  ["other", "&", "sub-delims, unmentioned"],
  ["unsafe", "␣", "must be encoded; the parser encodes it"],
  ["unwise", "{", "gateways may change it; encode it"],
  ["control", "\\x01", "a control octet"],
  ["non-ascii", "\\xC3", "an octet 80–FF"],
  ["invalid-percent", "%", "a '%' without two hex digits"],
];
