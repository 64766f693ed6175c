// Trace: how the URL Standard's basic URL parser reads the URL (the whatwg profile's step
// record): which state read each code point, each change of state with the standard's step
// text, the validation errors by the standard's names, and what the serializer changed.

import { fill, h, plural, show } from "./dom.js";
import { WINDOW } from "./strip.js";

export class TraceView {
  constructor(panel) {
    this.panel = panel;
    this.report = null;
  }

  render({ state, reports, options, update }) {
    if (state.profile !== "whatwg") {
      this.report = null;
      fill(
        this.panel,
        h("h2", {}, "Trace"),
        h(
          "p",
          {},
          "The trace shows the URL Standard's parser reading the URL state by state. Only the WHATWG profile (",
          h("code", {}, "whatwg"),
          ") runs that parser; the profile now is ",
          reports.label(state.profile),
          ".",
        ),
        h("button", { type: "button", onclick: () => update({ profile: "whatwg" }) }, "Switch to WHATWG"),
      );
      return;
    }
    const report = reports.explain(state.url, state.profile, options);
    if (report === this.report) return;
    this.report = report;
    const step = report.steps.find((s) => s.whatwg);
    if (!step) {
      fill(this.panel, h("h2", {}, "Trace"), h("p", {}, "This report holds no parser trace."));
      return;
    }
    const t = step.whatwg;
    fill(
      this.panel,
      h("h2", {}, "Trace of the URL Standard's parser"),
      h("h3", {}, "Which state read each code point"),
      h("div", { class: "states", role: "list", "aria-label": "States and the code points they read" }, runs(t.code_points)),
      h("h3", {}, `Changes of state (${t.transitions.length})`),
      h(
        "ol",
        { class: "transitions" },
        t.transitions.slice(0, WINDOW).map((x) =>
          h(
            "li",
            {},
            h("span", { class: "num" }, `octet ${x.offset}`),
            " ",
            h("code", { class: "glyph" }, glyph(x.char)),
            ": ",
            h("span", { class: "state-name" }, x.from_name),
            " → ",
            h("span", { class: "state-name" }, x.to_name),
            h("div", { class: "source" }, x.step),
          ),
        ),
      ),
      h("h3", {}, "Validation errors"),
      errors(t.validation_errors, step.remarks || []),
      t.changes.length
        ? [
            h("h3", {}, "What the parser changed"),
            h(
              "ul",
              { class: "changes" },
              merged(t.changes).slice(0, WINDOW).map((c) => h("li", {}, h("span", { class: "num" }, `octets ${c.start}–${c.end}`), " ", h("code", {}, c.rule))),
            ),
          ]
        : null,
    );
  }
}

function glyph(ch) {
  return ch === null || ch === undefined ? "EOF" : show(ch);
}

/** Consecutive code points read by the same state, as one box each. */
function runs(points) {
  const out = [];
  let run = null;
  const shown = points.slice(0, WINDOW);
  for (const p of shown) {
    if (!run || run.state !== p.state) {
      run = { state: p.state, text: "", start: p.offset };
      out.push(run);
    }
    run.text += glyph(p.char);
  }
  const boxes = out.map((r) =>
    h(
      "div",
      { class: "run", role: "listitem" },
      h("span", { class: "state-name" }, r.state ?? "skipped"),
      h("code", {}, r.text),
    ),
  );
  if (points.length > shown.length) boxes.push(h("div", { class: "run dim", role: "listitem" }, `… ${plural(points.length - shown.length, "more code point")}`));
  if (!points.length) boxes.push(h("div", { class: "run dim", role: "listitem" }, "(no code points)"));
  return boxes;
}

function errors(list, remarks) {
  if (!list.length) return h("p", { class: "ok" }, "None: the standard finds nothing wrong with this text.");
  return h(
    "ul",
    { class: "findings-list" },
    list.map((e) => {
      const remark = remarks.find((r) => r.id === e.name && r.at === e.offset);
      return h(
        "li",
        { class: e.fails ? "error" : "warning" },
        h("span", { class: "badge " + (e.fails ? "error" : "warning") }, e.fails ? "parse fails" : "validation error"),
        " ",
        h("code", {}, e.name),
        ` at octet ${e.offset}`,
        remark ? [": ", remark.text, h("div", { class: "source" }, remark.source)] : null,
      );
    }),
  );
}

/** Adjacent changes by the same rule as one range (the scheme's four letters, one line). */
function merged(changes) {
  const out = [];
  for (const c of changes) {
    const last = out[out.length - 1];
    if (last && last.rule === c.rule && last.end === c.start) last.end = c.end;
    else out.push({ ...c });
  }
  return out;
}
