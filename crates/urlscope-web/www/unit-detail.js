// What one character of the strip is: its classes under all five classifications with the
// rule that puts it there and its source, the hints about it, and the step of the profile that
// acts on it. All texts are the explain report's own (class_texts, hint_texts, the steps'
// rule_explanations).

import { h, show, table } from "./dom.js";
import { classSlot } from "./colours.js";

export const CLASSIFICATIONS = ["C-1738", "C-2396", "C-Fido", "C-3986", "C-WHATWG"];

/** The detail of `report.units[i]`, as elements. */
export function unitDetail(report, i) {
  const unit = report.units[i];
  if (!unit) return [h("p", { class: "dim" }, "No characters: the URL is empty.")];
  const texts = new Map(report.class_texts.map((t) => [`${t.classification} ${t.class}`, t.explanation]));
  const rows = CLASSIFICATIONS.map((c) => {
    const name = unit.classes[c];
    const why = texts.get(`${c} ${name}`);
    const current = c === report.classification;
    return {
      attrs: { class: current ? "current" : null },
      cells: [
        [c, current ? h("span", { class: "badge" }, "this profile") : null],
        h("span", { class: `swatch c-${classSlot(name)}` }, name),
        [why ? why.text : "", why ? h("div", { class: "source" }, why.source) : null],
      ],
    };
  });
  const hints = new Map(report.hint_texts.map((t) => [t.id, t.explanation]));
  return [
    h(
      "h3",
      {},
      `Character ${i + 1} of ${report.units.length}: `,
      h("code", { class: "unit-glyph" }, show(unit.text)),
    ),
    h(
      "p",
      {},
      `Octets ${unit.start}–${unit.end}, value ${unit.value}`,
      unit.encoded ? " (a %XX triplet)" : "",
      `, in the ${unit.span} (${unit.role}).`,
    ),
    table("classes", ["Classification", "Class", "Rule and source"], rows, "Its class in each classification"),
    unit.hints.length
      ? h(
          "div",
          { class: "hints" },
          h("h4", {}, "Hints"),
          h(
            "ul",
            {},
            unit.hints.map((id) => {
              const e = hints.get(id);
              return h("li", {}, h("code", {}, id), ": ", e ? e.text : "", e ? h("div", { class: "source" }, e.source) : null);
            }),
          ),
        )
      : null,
    actionOf(report, unit),
  ];
}

function actionOf(report, unit) {
  if (!unit.action) {
    return h("p", { class: "action" }, `No step of ${report.profile_label} changes this character.`);
  }
  const { step, rule } = unit.action;
  const record = report.steps.find((s) => s.id === step);
  const why = record?.rule_explanations?.find((r) => r.id === rule);
  return h(
    "div",
    { class: "action" },
    h("h4", {}, "The step acting on it"),
    h("p", {}, "Step ", h("code", {}, step), ", rule ", h("code", {}, rule), why ? ": " + why.text : "."),
    why ? h("div", { class: "source" }, why.source) : null,
  );
}
