// Steps: what the profile did, step by step. The whole change first (explain's diff: deleted
// text in <del>, inserted in <ins>), then each step with its status, its explanation and source,
// its edits (the octets replaced, the replacement, the rule) and the rules' explanations.

import { cut, fill, h, octets, plural, show, showOctets, table } from "./dom.js";

/** Longer strings are cut for the page (the Result and Copy hold them whole). */
const SHOWN = 4000;

export class StepsView {
  constructor(panel) {
    this.panel = panel;
    this.report = null;
  }

  render({ state, reports, options }) {
    const report = reports.explain(state.url, state.profile, options);
    if (report === this.report) return;
    this.report = report;
    fill(
      this.panel,
      h("h2", {}, `Steps of ${report.profile_label}`),
      h("h3", {}, "The whole change"),
      h("p", { class: "diff code", "aria-label": "Input to output: deleted and inserted text" }, diff(report.diff)),
      report.steps.length
        ? h(
            "ol",
            { class: "steps" },
            report.steps.map((s, i) => step(s, i)),
          )
        : h("p", { class: "ok" }, `${report.profile_label} has no steps: its result is the input.`),
    );
  }
}

function diff(ops) {
  let shown = 0;
  const out = [];
  for (const op of ops) {
    if (shown > SHOWN) {
      out.push(h("span", { class: "dim" }, " …"));
      break;
    }
    const text = show(op.text);
    shown += text.length;
    if (op.op === "delete") out.push(h("del", {}, text));
    else if (op.op === "insert") out.push(h("ins", {}, text));
    else out.push(text);
  }
  if (!ops.length) out.push(h("span", { class: "dim" }, "(empty)"));
  return out;
}

function step(s, i) {
  const changed = s.status === "changed";
  const before = octets(s.before);
  const edits = [...s.edits].sort((a, b) => a.start - b.start || a.end - b.end);
  return h(
    "li",
    { class: "step " + s.status },
    h(
      "h3",
      {},
      `${i + 1}. `,
      h("code", {}, s.id),
      " ",
      h("span", { class: "badge " + (changed ? "changed" : "same") }, s.status.replace(/-/g, " ")),
      changed ? ` (${plural(s.edit_count, "edit")})` : "",
    ),
    s.explanation ? h("p", {}, s.explanation.text, h("div", { class: "source" }, s.explanation.source)) : null,
    changed
      ? [
          h("div", { class: "beforeafter" }, h("span", { class: "what" }, "before"), h("code", {}, marked(before, edits))),
          h("div", { class: "beforeafter" }, h("span", { class: "what" }, "after"), h("code", {}, clipShow(s.after))),
          edits.length ? editTable(before, edits) : null,
          s.rule_explanations?.length
            ? h(
                "ul",
                { class: "rules" },
                s.rule_explanations.map((r) => h("li", {}, h("code", {}, r.id), ": ", r.text, h("div", { class: "source" }, r.source))),
              )
            : null,
        ]
      : null,
    s.remarks?.length
      ? h(
          "ul",
          { class: "remarks" },
          s.remarks.map((r) => h("li", {}, h("code", {}, r.id), ` at octet ${r.at}`, r.fails ? " (parsing fails)" : "", ": ", r.text)),
        )
      : null,
  );
}

/** The step's input with each edit's octets marked <del> and its replacement <ins> after. */
function marked(before, edits) {
  const disjoint = [];
  let end = 0;
  for (const e of edits) {
    if (e.start < end) continue;
    disjoint.push(e);
    end = e.end;
  }
  if (before.length > SHOWN) return clipShow(before);
  return cut(before, disjoint).map((p) =>
    p.mark ? [p.text ? h("del", {}, p.text) : null, show(p.mark.replacement) ? h("ins", {}, show(p.mark.replacement)) : null] : p.text,
  );
}

function clipShow(value) {
  const text = show(value);
  return text.length > SHOWN ? text.slice(0, SHOWN) + " …" : text;
}

function editTable(before, edits) {
  const shown = edits.slice(0, 200);
  return [
    table(
      "edits stack",
      ["Octets", "Was", "Becomes", "Rule"],
      shown.map((e) => [
        `${e.start}–${e.end}`,
        { content: h("del", {}, showOctets(before.subarray(e.start, e.end))), attrs: { class: "code" } },
        { content: h("ins", {}, show(e.replacement)), attrs: { class: "code" } },
        h("code", {}, e.rule),
      ]),
    ),
    edits.length > shown.length ? h("p", { class: "dim" }, `… ${edits.length - shown.length} more edits`) : null,
  ];
}
