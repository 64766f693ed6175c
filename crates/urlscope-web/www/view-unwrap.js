// Unwrap: the link inside the link. Each layer the unwrap lens peeled (a redirect wrapper, a
// safe-links rewrite, a percent-encoded copy…), where in the layer above it was found, and the
// target.

import { fill, h, plural, show } from "./dom.js";

export class UnwrapView {
  constructor(panel) {
    this.panel = panel;
    this.report = null;
  }

  render({ state, reports, update }) {
    const r = reports.unwrap(state.url);
    if (r === this.report) return;
    this.report = r;
    const wrapped = r.layers.length > 1;
    fill(
      this.panel,
      h("h2", {}, "The link inside the link"),
      h(
        "p",
        {},
        wrapped
          ? `${plural(r.layer_count.layers, "layer")} peeled (${plural(r.layer_count.wrappers, "wrapper")}, ${plural(r.layer_count.decodes, "decode")}). The target:`
          : "No wrapper: this link goes where it says.",
      ),
      wrapped ? h("p", { class: "target code" }, show(r.target ?? "")) : null,
      h(
        "ol",
        { class: "layers" },
        r.layers.map((l, i) =>
          h(
            "li",
            { class: i === r.target_layer ? "target-layer" : null },
            h("strong", {}, l.label),
            " ",
            h("span", { class: "dim" }, `(${l.kind})`),
            i === r.target_layer ? h("span", { class: "badge same" }, "target") : null,
            h("div", { class: "code layer-text" }, show(l.text)),
            h("div", {}, l.explanation),
            l.source ? h("div", { class: "source" }, `Found in ${l.source.what}, octets ${l.source.start}–${l.source.end} of the layer above.`) : null,
            i > 0 && typeof l.text === "string"
              ? h("button", { type: "button", onclick: () => update({ url: l.text, view: "inspect" }) }, `Inspect layer ${i}`)
              : null,
          ),
        ),
      ),
      r.stopped ? h("p", { class: "warning" }, "Stopped: ", String(r.stopped)) : null,
      r.notes?.length ? h("ul", { class: "notes" }, r.notes.map((n) => h("li", {}, typeof n === "string" ? n : JSON.stringify(n)))) : null,
    );
  }
}
