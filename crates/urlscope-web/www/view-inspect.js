// Inspect: the URL by part in the theme's colours, its components, what the core warns about,
// and the character strip with the selected character's classes.

import { fill, h, octets, plural, show, showOctets, table } from "./dom.js";
import { CLASS_KEY, componentClass, spanClass } from "./colours.js";
import { Strip, WINDOW } from "./strip.js";
import { unitDetail } from "./unit-detail.js";

/** How many characters a keystroke in a long URL draws: more than the strip's box shows at
 * once (about 450 at 1280 pixels); the rest of its window follows when the typing pauses. */
const GLANCE = 640;

export class InspectView {
  constructor(panel) {
    this.panel = panel;
    this.report = null;
    this.line = h("p", { class: "urlline code", "aria-label": "The URL by part" });
    this.components = h("div");
    this.findings = h("div", { class: "findings" });
    this.detail = h("div", { class: "unit-detail", "aria-live": "polite" });
    this.strip = new Strip((i) => this.showDetail(i));
    fill(
      panel,
      h("h2", { class: "visually-hidden" }, "Inspect"),
      this.line,
      this.findings,
      h("h3", {}, "Components"),
      this.components,
      h("h3", { id: "chars-heading" }, "Characters"),
      h("p", { class: "help" }, "Each cell is one octet or one %XX triplet, coloured by its class in the profile's classification. Choose one (click, or the arrow keys) to read its classes."),
      this.strip.el,
      legend(),
      this.detail,
    );
  }

  render({ state, reports, options }) {
    const report = reports.explain(state.url, state.profile, options);
    if (report === this.report) return;
    this.report = report;
    this.drawLine(report);
    this.drawComponents(report);
    this.drawFindings(report);
    this.strip.show(report.units, report.classification);
    this.showDetail(this.strip.selected);
  }

  /** A long URL, on each keystroke: the core's glance at the strip's first window (the URL
   * line, the components' places, the characters and their classes); the report with the
   * steps acting on each character, the findings and the rest follows when the typing pauses. */
  glance({ state, reports, options }) {
    const g = reports.glance(state.url, state.profile, options, 0, GLANCE);
    // The window is of octets, the strip's of characters (a %XX triplet is three octets): a
    // second look fills the strip's first screen.
    const missing = GLANCE - g.units.length;
    if (missing > 0 && g.window.end < g.input_len) {
      const more = reports.urlscope.glance(state.url, state.profile, options, g.window.end, g.window.end + 3 * missing);
      g.units = g.units.concat(more.units.slice(0, missing));
    }
    this.report = null;
    this.drawLine(g);
    const bytes = octets(state.url);
    this.drawComponents({
      components: g.components.map((c) => ({
        ...c,
        raw: c.state === "absent" ? null : bytes.subarray(c.start, c.end),
        decoded: null,
      })),
    });
    fill(this.findings, h("p", { class: "dim" }, "Errors and warnings: when the typing pauses."));
    this.strip.show(g.units, g.classification);
    this.showDetail(this.strip.selected);
  }

  showDetail(i) {
    if (!this.report) {
      fill(this.detail, h("p", { class: "dim" }, "The character's classes and rules: when the typing pauses."));
      return;
    }
    fill(this.detail, unitDetail(this.report, i));
  }

  /** The input coloured span by span, up to the strip's window. */
  drawLine(report) {
    const spans = [];
    let shown = 0;
    for (const span of report.spans) {
      if (shown >= WINDOW) break;
      spans.push(span);
      shown = span.end;
    }
    // A glance's spans end with its window; a report's go on past the strip's.
    const total = report.input_len ?? report.spans.at(-1)?.end ?? 0;
    const cut = shown < total;
    // Typing at the end of a long URL leaves the start of its line as it was.
    const key = JSON.stringify([cut, spans.map((s) => [s.kind, s.start, s.text])]);
    if (key === this.lineKey) return;
    this.lineKey = key;
    const out = spans.map((s) => h("span", { class: spanClass(s.kind), title: s.kind }, show(s.text)));
    if (cut) out.push(h("span", { class: "dim" }, " …"));
    if (!spans.length) out.push(h("span", { class: "dim" }, "(empty)"));
    fill(this.line, out);
  }

  drawComponents(report) {
    const rows = report.components.map((c) => {
      const present = c.state !== "absent";
      const raw = present ? clip(c.raw) : null;
      const decoded = present && c.decoded !== null ? clip(c.decoded) : raw;
      return {
        attrs: { class: present ? null : "absent" },
        cells: [
          h("span", { class: componentClass(c.name) }, c.name),
          { content: present ? h("span", { class: componentClass(c.name) }, raw) : h("span", { class: "dim" }, c.state), attrs: { class: "code" } },
          { content: present && decoded !== raw ? decoded : "", attrs: { class: "code" } },
          { content: present ? `${c.start}–${c.end}` : "", attrs: { class: "num" } },
        ],
      };
    });
    fill(this.components, table("components", ["Component", "As written", "Decoded", "Octets"], rows));
  }

  drawFindings(report) {
    const item = (kind, d) =>
      h(
        "li",
        { class: kind },
        h("span", { class: "badge " + kind }, kind),
        " ",
        h("code", {}, d.id),
        d.explanation ? [": ", d.explanation.text, h("div", { class: "source" }, d.explanation.source)] : null,
      );
    const old = report.old_rule_today.map((c) =>
      h(
        "li",
        { class: "warning" },
        h("span", { class: "badge warning" }, "old rule, today"),
        " ",
        h("code", {}, c.id),
        c.start !== null && c.start !== undefined ? ` at ${c.start}–${c.end}` : "",
        ": ",
        c.text,
      ),
    );
    const all = [...report.errors.map((d) => item("error", d)), ...report.warnings.map((d) => item("warning", d)), ...old];
    fill(
      this.findings,
      all.length
        ? [h("h3", {}, "Errors and warnings"), h("ul", { class: "findings-list" }, all)]
        : h("p", { class: "ok" }, `No warnings or errors under ${report.profile_label}.`),
    );
  }
}

/** A long value cut to the window, as visible text. */
function clip(value) {
  const bytes = value instanceof Uint8Array ? value : octets(value);
  if (bytes.length <= WINDOW) return value instanceof Uint8Array ? showOctets(bytes) : show(value);
  return showOctets(bytes.subarray(0, WINDOW)) + ` … (${plural(bytes.length - WINDOW, "more octet")})`;
}

function legend() {
  return h(
    "details",
    { class: "legend" },
    h("summary", {}, "Colour key"),
    h(
      "ul",
      {},
      CLASS_KEY.map(([slot, sample, meaning]) =>
        h("li", {}, h("span", { class: `cell c-${slot}` }, sample), " ", slot, ": ", meaning),
      ),
      h("li", {}, h("span", { class: "cell c-alnum triplet" }, "%7e"), " underlined: a %XX triplet"),
    ),
  );
}
