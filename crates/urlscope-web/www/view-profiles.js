// All profiles: the URL under each of the sixteen, grouped as the profile list groups them;
// a row's button chooses that profile.

import { fill, h, show, table } from "./dom.js";

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
      h("p", { class: "help" }, "Choose a profile by its name. Changed: the result differs from the URL as typed."),
      table(
        "profiles stack",
        ["Profile", "Group", "Result", "Changed?"],
        rows.map((p) => {
          const current = p.id === state.profile;
          const changed = p.result !== state.url;
          return {
            attrs: { class: current ? "current" : null, "aria-current": current ? "true" : null },
            cells: [
              [
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
                current ? h("span", { class: "badge same" }, "chosen") : null,
                h("div", { class: "dim" }, p.id),
              ],
              p.group,
              { content: clip(p.result), attrs: { class: "code" } },
              changed ? h("span", { class: "badge changed" }, "changed") : h("span", { class: "badge same" }, "unchanged"),
            ],
          };
        }),
      ),
    );
  }
}
