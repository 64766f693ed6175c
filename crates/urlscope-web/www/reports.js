// The core's reports, each asked once per question: Inspect, Steps and Trace read the same
// explain report, so switching between them costs nothing; a new URL, base or profile asks
// again.

export class Reports {
  constructor(urlscope, profiles) {
    this.urlscope = urlscope;
    this.profiles = profiles;
    this.memo = new Map();
  }

  /** The profile's label ("WHATWG"), or its id when unknown. */
  label(id) {
    return this.profiles.find((p) => p.id === id)?.label ?? id;
  }

  /** explain(url, profile, options), asked once for the latest question of each kind. */
  explain(url, profile, options) {
    return this.once("explain", [url, profile, options], () => this.urlscope.explain(url, profile, options));
  }

  /** glance(url, profile, options, from, to): what a keystroke shows of a long URL. */
  glance(url, profile, options, from, to) {
    return this.once("glance", [url, profile, options, from, to], () =>
      this.urlscope.glance(url, profile, options, from, to),
    );
  }

  host(url, base) {
    return this.once("host", [url, base], () => this.urlscope.host(url, base || undefined));
  }

  unwrap(url) {
    return this.once("unwrap", [url], () => this.urlscope.unwrap(url));
  }

  same(a, b, options) {
    return this.once("same", [a, b, options], () => this.urlscope.same(a, b, options));
  }

  /** Every profile's result: [{id, label, group, result}]. */
  everyProfile(url, options) {
    return this.once("all", [url, options], () =>
      this.profiles.map((p) => ({ ...p, result: this.urlscope.normalize(url, p.id, options) })),
    );
  }

  // One remembered answer per kind: the key is the question itself.
  once(kind, question, ask) {
    const key = JSON.stringify(question);
    const last = this.memo.get(kind);
    if (last && last.key === key) return last.value;
    const value = ask();
    this.memo.set(kind, { key, value });
    return value;
  }
}
