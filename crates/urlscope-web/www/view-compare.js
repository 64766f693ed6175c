// Compare: are two URLs the same? The verdict under the chosen profile, the first difference
// marked in both strings (both shown whole), every profile's answer by group, RFC 3986's
// comparison ladder and the URL Standard's answer: all from the core's `same`.

import { cut, fill, h, octets, show, table } from "./dom.js";

export class CompareView {
  constructor(panel) {
    this.panel = panel;
    this.field = panel.querySelector("#compare-b");
    this.out = panel.querySelector("#compare-out");
    this.key = null;
    this.update = null;
    this.field.addEventListener("input", () => this.update?.({ b: this.field.value }));
  }

  render({ state, reports, options, result, update }) {
    this.update = update;
    if (this.field.value !== state.b) this.field.value = state.b;
    if (!state.b) {
      this.key = null;
      fill(
        this.out,
        h("p", {}, "Type a second URL above to compare the URL with it."),
        h("button", { type: "button", onclick: () => update({ b: result }) }, "Compare with the result"),
      );
      return;
    }
    const r = reports.same(state.url, state.b, { ...options, profile: state.profile });
    if (r === this.key) return;
    this.key = r;
    const mine = r.profiles.find((p) => p.profile === r.profile);
    const label = reports.label(r.profile);
    fill(
      this.out,
      h(
        "p",
        { class: "verdict " + (r.equal ? "equal" : "different"), role: "status" },
        r.equal ? `Equal under ${label}` : `Different under ${label}`,
        mine?.step ? ` (they agree after the step ${mine.step})` : "",
        ".",
      ),
      h("h3", {}, "As typed"),
      pair(r.a, r.b, r.first_difference, "A", "B"),
      mine
        ? [
            h("h3", {}, `After ${label}`),
            pair(mine.output_a, mine.output_b, mine.first_difference, `${label}(A)`, `${label}(B)`),
          ]
        : null,
      h("h3", {}, "Every profile"),
      groups(r, reports),
      ladder(r.ladder),
      r.whatwg
        ? h(
            "p",
            {},
            "The URL Standard's parser: ",
            r.whatwg.equal ? "equal" : r.whatwg.equal_without_fragment ? "equal but for the fragment" : "different",
            ".",
          )
        : null,
    );
  }
}

/** Both strings whole, the first difference marked in each, and a sentence saying where. */
function pair(a, b, diff, nameA, nameB) {
  const line = (name, value, offset, piece) => {
    const bytes = octets(value);
    const range = diff ? differingRange(bytes, offset, octets(piece)) : null;
    const pieces = range ? cut(bytes, [range]) : [{ text: show(value), mark: null }];
    return h(
      "div",
      { class: "compare-line" },
      h("span", { class: "what" }, name),
      h("code", {}, pieces.map((p) => (p.mark ? h("mark", {}, p.text || "⟨end⟩") : p.text))),
    );
  };
  return h(
    "div",
    { class: "compare-pair" },
    line(nameA, a, diff?.offset_a, diff?.piece_a),
    line(nameB, b, diff?.offset_b, diff?.piece_b),
    h(
      "p",
      { class: "difference" },
      diff
        ? [
            "First difference in the ",
            h("strong", {}, diff.component + (diff.pair ? ` ${diff.pair}` : "")),
            `, at octet ${diff.offset_a} of ${nameA} and ${diff.offset_b} of ${nameB}: `,
            h("code", {}, show(diff.piece_a) || "(nothing)"),
            " ≠ ",
            h("code", {}, show(diff.piece_b) || "(nothing)"),
            ".",
          ]
        : "The same octets.",
    ),
  );
}

/**
 * The octets to mark: from the first differing octet to the end of the component holding it
 * (the piece the core names), or that octet alone when the piece is not found around it.
 */
function differingRange(bytes, offset, piece) {
  const start = Math.min(offset, bytes.length);
  let end = Math.min(start + 1, bytes.length);
  if (piece.length && piece.length <= 4096) {
    for (let p = start; p >= Math.max(0, start - piece.length); p--) {
      if (p + piece.length >= start && matches(bytes, p, piece)) {
        end = Math.max(end, p + piece.length);
        break;
      }
    }
  }
  return { start, end };
}

function matches(bytes, at, piece) {
  if (at + piece.length > bytes.length) return false;
  for (let i = 0; i < piece.length; i++) if (bytes[at + i] !== piece[i]) return false;
  return true;
}

function groups(r, reports) {
  return table(
    "groups stack",
    ["Answer", "Profiles", "Agree after the step", "First difference"],
    r.groups.map((g) => ({
      attrs: { class: g.profiles.includes(r.profile) ? "current" : null },
      cells: [
        h("span", { class: "badge " + (g.answer === "different" ? "warning" : "same") }, g.answer.replace(/-/g, " ")),
        g.profiles.map((p) => reports.label(p)).join(", "),
        g.step ? h("code", {}, g.step) : "—",
        g.first_difference ? `${g.first_difference.component}, octet ${g.first_difference.offset_a}` : "—",
      ],
    })),
  );
}

function ladder(l) {
  if (!l) return null;
  return [
    h("h3", {}, "RFC 3986's comparison ladder (§6.2)"),
    h(
      "ol",
      { class: "ladder" },
      l.rungs.map((rung) =>
        h(
          "li",
          { class: rung.equal ? "equal" : "different" },
          h("strong", {}, rung.rung.replace(/-/g, " ")),
          ` (${rung.section}): `,
          rung.equal ? "equal" : `different${rung.first_difference ? ` (first in the ${rung.first_difference.component})` : ""}`,
        ),
      ),
    ),
  ];
}
