// urlscope's JavaScript API (docs/web.md): the URL core in WebAssembly, every answer the
// command line's. This module only passes strings in and parses the core's JSON out: no URL
// logic is written here.
import wasmInit, * as core from "./pkg/urlscope_web.js";

let ready = null;

/** Load the WebAssembly module: in a page with no argument (it is fetched beside this file), in
 * Node with the bytes of `pkg/urlscope_web_bg.wasm`. Resolves once; later calls share it. */
export function init(moduleOrPath) {
  if (ready === null) {
    ready = moduleOrPath === undefined
      ? wasmInit()
      : wasmInit({ module_or_path: moduleOrPath });
  }
  return ready;
}

// A wasm-bindgen error is a plain Error; a bad name or option is the caller's mistake.
function call(f, ...args) {
  try {
    return f(...args);
  } catch (e) {
    throw new TypeError(e instanceof Error ? e.message : String(e));
  }
}

const opts = (options) => JSON.stringify(options ?? {});

/** The version of urlscope. */
export const version = () => core.version();

/** The 16 profiles in the command line's order: `[{id, label, group}]`. */
export const profiles = () => JSON.parse(core.profiles());

/** What `urlscope normalize -p PROFILE URL` prints, without the newline. */
export const normalize = (url, profile, options) =>
  call(core.normalize, String(url), String(profile), opts(options));

/** The text of `urlscope explain --json -p PROFILE URL`. */
export const explainJson = (url, profile, options) =>
  call(core.explainJson, String(url), String(profile), opts(options));
/** `explain --json`'s report: spans, components, units and classes, steps, trace, diff. */
export const explain = (url, profile, options) => JSON.parse(explainJson(url, profile, options));

/** `explain`, with only the records of the input's octets `from..to` (units, spans, parts,
 * edits, trace entries): for a view of a long URL. Offsets stay offsets into the whole URL. */
export const explainWindow = (url, profile, options, from, to) =>
  JSON.parse(call(core.explainWindowJson, String(url), String(profile), opts(options), from >>> 0, to >>> 0));

/** What a view needs on every keystroke, at the cost of what it shows: `{profile, input_len,
 * window, output, errors, components: [{name, state, start, end}], spans, units}`, the spans and
 * units those of the input's octets `from..to`. `explain` has the rest (steps, diff, trace). */
export const glance = (url, profile, options, from, to) =>
  JSON.parse(call(core.glanceJson, String(url), String(profile), opts(options), from >>> 0, to >>> 0));

/** The text of `urlscope same --json -p PROFILE A B` (`options.profile`, default rfc3986). */
export const sameJson = (a, b, options) => call(core.sameJson, String(a), String(b), opts(options));
/** `same --json`'s report: every profile's answer, the ladder, the URL Standard's answer. */
export const same = (a, b, options) => JSON.parse(sameJson(a, b, options));

/** What `urlscope tokens --classes URL` prints. */
export const tokenize = (url) => core.tokenize_text(String(url));

/** The line `urlscope host --json [--base BASE] URL` prints. */
export const hostJson = (url, base) => core.hostJson(String(url), base == null ? "" : String(base));
/** The host lens report. */
export const host = (url, base) => JSON.parse(hostJson(url, base));

/** The line `urlscope unwrap --json URL` prints. */
export const unwrapJson = (url) => core.unwrapJson(String(url));
/** The unwrap chain: layers, target, notes. */
export const unwrap = (url) => JSON.parse(unwrapJson(url));

/** The lines `urlscope extract --json [--as KIND] FILE` prints. */
export const extractJson = (text, kind) =>
  call(core.extractJson, String(text), kind == null ? "" : String(kind));
/** The links of a message, an HTML page or a text: one record each. */
export const extract = (text, kind) =>
  extractJson(text, kind).split("\n").filter((l) => l !== "").map((l) => JSON.parse(l));

/** The copy-as forms: `[{id, label, text}]`, each what `get -p PROFILE '{as:ID}'` prints (the
 * profile's result with `options`' base, as the page shows it). */
export const copyForms = (url, profile, options) =>
  JSON.parse(call(core.copyForms, String(url), String(profile), opts(options)));

/** The lessons with their steps. */
export const lessons = () => JSON.parse(core.lessons());

/** The built-in exercise sets (without their answers). */
export const exerciseSets = () => JSON.parse(core.exerciseSets());

/** A teacher's exercise file read as `learn --set` reads it: `{set, problems}`. */
export const openExercises = (toml, fileName) =>
  JSON.parse(core.openExercises(String(toml), String(fileName ?? "exercises.toml")));

/** `learn --check` of a teacher's file: `{ok, report}`, `report` the text it prints. */
export const checkExerciseFile = (toml, fileName) =>
  JSON.parse(core.checkExerciseFile(String(toml), String(fileName ?? "exercises.toml")));

/** Check an answer: `source` is `{builtin: NAME}` or `{toml, fileName}`. */
export const checkAnswer = (source, index, typed) =>
  JSON.parse(call(core.checkAnswer, JSON.stringify(source), index >>> 0, String(typed)));
