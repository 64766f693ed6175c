// Host: where the link really goes. The host lens's report: the host's kind, its registrable
// domain, its labels (scripts, skeletons) or address, and the findings by severity.

import { fill, h, show, table } from "./dom.js";

const SEVERITY_ORDER = { high: 0, warning: 1, info: 2 };

export class HostView {
  constructor(panel) {
    this.panel = panel;
    this.report = null;
  }

  render({ state, reports }) {
    const r = reports.host(state.url, state.base);
    if (r === this.report) return;
    this.report = r;
    const facts = [
      ["Kind", r.kind],
      ["Host", r.host],
      ["Typed as", r.typed !== r.host ? r.typed : null],
      ["Taken from", r.typed_from === "base" ? "the base URL (the URL is relative)" : null],
      ["Scheme", r.scheme],
      ["Unicode form", r.domain && r.domain.unicode !== r.domain.ascii ? r.domain.unicode : null],
      ["Registrable domain", r.registrable ? registrable(r.registrable) : null],
      ["Public suffix", r.registrable ? `${r.registrable.suffix} (${r.registrable.section})` : null],
      ["Looks like", r.confusable ? `${r.confusable.listed} (skeleton ${r.confusable.skeleton})` : null],
      ["Address", r.address ? address(r.address) : null],
      ["URL error", r.parse_error],
      ["Base error", r.base_error],
      ["Host error", r.host_error],
      ["Not checked", r.skipped],
    ].filter(([, v]) => v !== null && v !== undefined && v !== "");
    const findings = [...r.findings].sort((a, b) => (SEVERITY_ORDER[a.severity] ?? 3) - (SEVERITY_ORDER[b.severity] ?? 3));
    fill(
      this.panel,
      h("h2", {}, "Where the link goes"),
      h("dl", { class: "facts" }, facts.map(([k, v]) => [h("dt", {}, k), h("dd", { class: "code" }, typeof v === "string" ? show(v, { space: false }) : v)])),
      h("h3", {}, "Findings"),
      findings.length
        ? h(
            "ul",
            { class: "findings-list" },
            findings.map((f) =>
              h(
                "li",
                { class: "sev-" + f.severity },
                h("span", { class: "badge sev-" + f.severity }, f.severity),
                " ",
                h("strong", {}, f.short || f.id),
                h("div", {}, f.text),
                h("div", { class: "source" }, "Why it matters: ", f.why),
              ),
            ),
          )
        : h("p", { class: "ok" }, "Nothing to report about this host."),
      r.domain?.labels?.length ? labels(r.domain.labels) : null,
      r.ipv4 ? ipv4(r.ipv4) : null,
      r.sources ? h("p", { class: "source" }, Object.values(r.sources).join(". ")) : null,
    );
  }
}

function registrable(reg) {
  return reg.domain_unicode && reg.domain_unicode !== reg.domain ? `${reg.domain} (${reg.domain_unicode})` : reg.domain;
}

function address(a) {
  const row = a.row ? `: ${a.row.name} (${a.row.prefix}, ${a.row.rfc})` : "";
  return `${a.ip}${row}${a.mapped ? `, maps ${a.mapped}` : ""}${a.cloud_metadata ? ", a cloud metadata address" : ""}`;
}

function labels(list) {
  return [
    h("h3", {}, "Labels"),
    table(
      "labels stack",
      ["As typed", "Unicode", "ASCII", "Scripts", "Restriction", "Skeleton"],
      list.map((l) => ({
        attrs: { class: l.error ? "error" : null },
        cells: [
          h("code", {}, show(l.typed, { space: false })),
          { content: show(l.unicode, { space: false }), attrs: { class: "code" } },
          { content: l.ascii, attrs: { class: "code" } },
          (l.scripts || []).join(", "),
          l.restriction,
          { content: l.skeleton, attrs: { class: "code" } },
        ],
      })),
    ),
  ];
}

function ipv4(v) {
  return [
    h("h3", {}, "IPv4 parts"),
    table(
      "ipv4",
      ["Part", "Radix", "Value"],
      v.parts.map((p) => [h("code", {}, p.text), p.radix, String(p.value)]),
    ),
  ];
}
