// All profiles: the URL under each of the sixteen, grouped as the profile list groups them;
// a row's button chooses that profile.

import { fill, h, show } from "./dom.js";

const SHOWN = 4000;

export class ProfilesView {
  constructor(panel) {
    this.panel = panel;
  }

  render({ state, reports, options, update }) {
    const rows = reports.everyProfile(state.url, options);
    const clip = (s) => (s.length > SHOWN ? show(s.slice(0, SHOWN)) + " …" : show(s));
    fill(
      this.panel,
      h("h2", {}, "The URL under every profile"),
      h(
        "table",
        { class: "profiles" },
        h(
          "thead",
          {},
          h("tr", {}, ["Profile", "Group", "Result", "Changed?"].map((t) => h("th", { scope: "col" }, t))),
        ),
        h(
          "tbody",
          {},
          rows.map((p) => {
            const current = p.id === state.profile;
            const changed = p.result !== state.url;
            return h(
              "tr",
              { class: current ? "current" : null, "aria-current": current ? "true" : null },
              h(
                "th",
                { scope: "row" },
                h(
                  "button",
                  {
                    type: "button",
                    class: "link",
                    "aria-pressed": current ? "true" : "false",
                    onclick: () => update({ profile: p.id }),
                  },
                  p.label,
                ),
                h("div", { class: "dim" }, p.id),
              ),
              h("td", {}, p.group),
              h("td", { class: "code" }, clip(p.result)),
              h("td", {}, changed ? h("span", { class: "badge changed" }, "changed") : h("span", { class: "badge same" }, "unchanged")),
            );
          }),
        ),
      ),
    );
  }
}
