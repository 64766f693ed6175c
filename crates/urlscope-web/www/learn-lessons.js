// The Learn view: the lessons list, and a lesson's walk step by step — the step's URL with the
// characters to look at marked, the source's sentence, the line of text, and what the profile
// does there (the core's `explain`: the steps acting on the marked characters, the output).
// The fragment `view=learn&lesson=NAME&step=N` names the step, so a link reopens it.

import { byteRangesToIndices, fill, h, marked, text } from "./learn-dom.js";

function stepCount(n) {
  return n === 1 ? "1 step" : `${n} steps`;
}

/** A lesson's length and how far it got, in words, for the list. */
function progressWords(kept, of) {
  if (kept.done) return `${stepCount(of)} \u00b7 \u2713 done`;
  if (kept.step > 0) return `${stepCount(of)} \u00b7 seen ${Math.min(kept.step, of)}`;
  return stepCount(of);
}

/** A step number from the fragment: 1 to `of`, else 1. */
function stepNumber(raw, of) {
  const n = Number.parseInt(raw ?? "", 10);
  if (!Number.isFinite(n) || n < 1) return 1;
  return Math.min(n, of);
}

export class LessonsView {
  constructor({ urlscope, hash, progress, practised = () => {} }) {
    this.urlscope = urlscope;
    this.practised = practised; // called once the Practice view is shown from a lesson
    this.hash = hash;
    this.progress = progress;
    this.el = h("div", { class: "learn-lessons" });
    this.error = null;
    try {
      this.lessons = urlscope.lessons();
    } catch (e) {
      this.lessons = [];
      this.error = `The lessons could not be read: ${e.message}`;
    }
    this.labels = new Map();
    try {
      for (const p of urlscope.profiles()) this.labels.set(p.id, p.label);
    } catch {
      // Without the list the profile's id names it.
    }
    this.list = this.buildList();
    this.walk = this.buildWalk();
    this.el.append(this.list.el, this.walk.el);
    this.current = null; // {lesson, n} shown in the walk
    progress.onChange(() => this.refreshList());
  }

  /** Show what the fragment names: a lesson's step, or the list. */
  update() {
    const name = this.hash.get("lesson");
    const lesson = name === null ? null : this.lessons.find((l) => l.name === name);
    if (!lesson) {
      this.current = null;
      this.list.missing.hidden = name === null || name === "";
      this.list.missing.textContent = this.list.missing.hidden
        ? ""
        : `There is no lesson named “${name}”: choose one below.`;
      this.list.el.hidden = false;
      this.walk.el.hidden = true;
      this.refreshList();
      return;
    }
    const n = stepNumber(this.hash.get("step"), lesson.steps.length);
    // A step out of range (or none) is shown as the step it lands on, and the link says so.
    if (this.hash.get("step") !== String(n)) this.hash.set({ step: String(n) });
    this.list.el.hidden = true;
    this.walk.el.hidden = false;
    if (this.current?.lesson !== lesson || this.current.n !== n) this.showStep(lesson, n);
  }

  buildList() {
    const items = h("ul", { class: "learn-list", "aria-labelledby": "learn-lessons-title" });
    const missing = h("p", { class: "learn-note", role: "alert", hidden: true });
    const counts = h("p", { class: "learn-counts" });
    const el = h(
      "div",
      { class: "learn-list-view" },
      h("h2", { id: "learn-lessons-title", tabindex: "-1" }, "Lessons"),
      h(
        "p",
        { class: "learn-intro" },
        "Each lesson walks one source's worked examples: a URL, the characters to look at, the source's own sentence, and what the profile does to them.",
      ),
      missing,
      this.error ? h("p", { class: "learn-note", role: "alert" }, this.error) : null,
      counts,
      items,
    );
    return { el, items, missing, counts };
  }

  refreshList() {
    const items = this.lessons.map((l) => {
      const kept = this.progress.lesson(l.name);
      const state = progressWords(kept, l.steps.length);
      return h(
        "li",
        {},
        h(
          "button",
          {
            type: "button",
            class: `learn-item${kept.done ? " learn-done" : ""}`,
            "data-lesson": l.name,
            onclick: () => this.open(l.name, kept.done ? 1 : Math.max(1, kept.step)),
          },
          // The spaces between the parts keep them apart in the button's accessible name.
          h("span", { class: "learn-item-name" }, l.name),
          " ",
          h("span", { class: "learn-item-title" }, l.title),
          " ",
          h("span", { class: "learn-item-state" }, state),
        ),
      );
    });
    fill(this.list.items, items);
    fill(
      this.list.counts,
      `${this.progress.lessonsDone()} of ${this.lessons.length} lessons done.`,
    );
  }

  /** Open a lesson at step `n`, the walk's heading focused (so ← → walk on at once). */
  open(name, n) {
    this.hash.set({ lesson: name, step: String(n) });
    this.update();
    this.walk.heading.focus();
  }

  /** Go to step `n` of the lesson shown. */
  go(n) {
    if (!this.current) return;
    const of = this.current.lesson.steps.length;
    const to = Math.max(1, Math.min(of, n));
    if (to === this.current.n) return;
    this.hash.set({ step: String(to) });
    this.update();
  }

  back() {
    this.hash.set({ lesson: null, step: null });
    this.update();
    this.list.el.querySelector("h2").focus();
  }

  /** ← → Home End walk the lesson shown; returns whether the key was taken. */
  key(e) {
    if (!this.current || this.walk.el.hidden) return false;
    const { n, lesson } = this.current;
    const moves = { ArrowLeft: n - 1, ArrowRight: n + 1, Home: 1, End: lesson.steps.length };
    if (!(e.key in moves)) return false;
    this.go(moves[e.key]);
    return true;
  }

  buildWalk() {
    const heading = h("h2", { tabindex: "-1", class: "learn-walk-title" });
    const position = h("p", { class: "learn-position", "aria-live": "polite" });
    const bar = h("div", { class: "learn-bar" });
    const url = h("code", { class: "learn-url" });
    const facts = h("dl", { class: "learn-facts" });
    const quote = h("figure", { class: "learn-quote" });
    const line = h("p", { class: "learn-line" });
    const does = h("section", { class: "learn-does", "aria-labelledby": "learn-does-title" });
    const prev = h(
      "button",
      { type: "button", class: "learn-prev", onclick: () => this.go(this.current.n - 1) },
      h("span", { "aria-hidden": "true" }, "\u2190 "),
      "Previous step",
    );
    const next = h(
      "button",
      { type: "button", class: "learn-next", onclick: () => this.go(this.current.n + 1) },
      "Next step",
      h("span", { "aria-hidden": "true" }, " \u2192"),
    );
    const link = h("a", { class: "learn-share" }, "Link to this step");
    const done = h("p", { class: "learn-finished", hidden: true });
    const el = h(
      "article",
      { class: "learn-walk", hidden: true },
      h(
        "p",
        { class: "learn-back" },
        h("button", { type: "button", onclick: () => this.back() }, "All lessons"),
      ),
      heading,
      position,
      bar,
      h("p", { class: "learn-url-line" }, url),
      facts,
      quote,
      line,
      does,
      done,
      h(
        "nav",
        { class: "learn-nav", "aria-label": "Lesson steps" },
        prev,
        next,
        link,
      ),
      h("p", { class: "learn-keys" }, "Keys: \u2190 and \u2192 walk the steps, Home and End go to the first and the last."),
    );
    return { el, heading, position, bar, url, facts, quote, line, does, done, prev, next, link };
  }

  showStep(lesson, n) {
    this.current = { lesson, n };
    const w = this.walk;
    const step = lesson.steps[n - 1];
    const of = lesson.steps.length;
    w.heading.textContent = lesson.title;
    w.position.textContent = `Step ${n} of ${of}`;
    fill(
      w.bar,
      lesson.steps.map((_, i) =>
        h("span", { class: i + 1 <= n ? "learn-bar-seen" : "", "aria-hidden": "true" }),
      ),
    );
    const ranges = byteRangesToIndices(step.input, step.highlight || []);
    fill(w.url, marked(step.input, ranges));
    const label = this.labels.get(step.profile) || step.profile;
    fill(
      w.facts,
      h("dt", {}, "Profile"),
      h("dd", {}, `${label} (${step.profile})`),
      step.base ? [h("dt", {}, "Base URL"), h("dd", {}, h("code", {}, step.base))] : null,
      step.state ? [h("dt", {}, "Parser state"), h("dd", {}, step.state)] : null,
      step.rule ? [h("dt", {}, "Rule"), h("dd", {}, h("code", {}, step.rule))] : null,
    );
    const explained = this.explain(step);
    const source = lesson.source || firstSource(explained, step) || "";
    fill(
      w.quote,
      // The attribution stands outside the quotation, as HTML wants it.
      h("blockquote", {}, h("p", {}, step.quote)),
      source ? h("figcaption", {}, "\u2014 ", h("cite", {}, source)) : null,
    );
    w.line.textContent = step.text;
    fill(w.does, this.whatItDoes(step, explained, label));
    w.prev.disabled = n <= 1;
    w.next.disabled = n >= of;
    const frag = new URLSearchParams({ view: "learn", lesson: lesson.name, step: String(n) });
    w.link.href = `#${frag}`;
    this.progress.sawStep(lesson.name, n, of);
    this.finished(lesson, n === of);
  }

  /** At the last step: the lesson is done, and its source's exercises are one press away. */
  finished(lesson, last) {
    const w = this.walk;
    w.done.hidden = !last;
    if (!last) return fill(w.done);
    const set = this.exerciseSet(lesson.name);
    fill(
      w.done,
      h("span", { "aria-hidden": "true" }, "\u2713 "),
      "Lesson done. ",
      set
        ? h(
            "button",
            { type: "button", onclick: () => this.practise(set.name) },
            `Practise it: ${set.exercises.length} exercises`,
          )
        : null,
    );
  }

  /** The built-in exercise set of the lesson's source (they share the name), if any. */
  exerciseSet(name) {
    try {
      this.sets ??= this.urlscope.exerciseSets();
    } catch {
      this.sets = [];
    }
    return this.sets.find((s) => s.name === name) || null;
  }

  /** Open the Practice view on a set. The view is the page's key: it follows `hashchange`. */
  practise(setName) {
    const before = location.href;
    this.hash.set({ view: "practice", set: setName, ex: "1" });
    window.dispatchEvent(new HashChangeEvent("hashchange", { oldURL: before, newURL: location.href }));
    this.practised();
  }

  explain(step) {
    try {
      const options = step.base ? { base: step.base } : undefined;
      return { report: this.urlscope.explain(step.input, step.profile, options) };
    } catch (e) {
      return { error: e.message };
    }
  }

  /** The steps of the profile acting on the marked characters, then the output. */
  whatItDoes(step, explained, label) {
    const title = h("h3", { id: "learn-does-title" }, `What ${label} does here`);
    if (explained.error) return [title, h("p", { class: "learn-note" }, explained.error)];
    const r = explained.report;
    const acting = actingRules(r, step.highlight || []);
    const rows = acting.map(({ stepId, ruleId }) => {
      const s = (r.steps || []).find((x) => x.id === stepId);
      const rule = s?.rule_explanations?.find((x) => x.id === ruleId);
      return h(
        "li",
        // The step's own rule (a rule id, or a step id such as fido-join-continuations) in bold.
        {
          class: step.rule && (ruleId === step.rule || stepId === step.rule)
            ? "learn-acting learn-acting-named"
            : "learn-acting",
        },
        h("code", {}, stepId),
        ruleId && ruleId !== stepId ? [" \u00b7 ", h("code", {}, ruleId)] : null,
        s?.explanation ? h("p", {}, text(s.explanation.text)) : null,
        rule ? h("p", { class: "learn-rule" }, text(rule.text)) : null,
      );
    });
    return [
      title,
      rows.length
        ? h("ul", { class: "learn-acting-list" }, rows)
        : h("p", {}, "No step of this profile changes the marked characters: they stay as they are."),
      h("p", { class: "learn-output-line" }, "Output: ", h("code", { class: "learn-output" }, text(r.output))),
      (r.diff || []).some((op) => op.op !== "equal")
        ? h("p", { class: "learn-diff-line" }, "Changes: ", h("code", { class: "learn-diff" }, diff(r)))
        : h("p", { class: "learn-diff-line" }, "The output is the input unchanged."),
      (r.errors || []).length
        ? h("p", { class: "learn-note" }, (r.errors || []).map((e) => text(e.message ?? e)).join("; "))
        : null,
    ];
  }
}

/** The (step, rule) pairs the core names on the units under the marked byte ranges. */
function actingRules(report, highlight) {
  const seen = new Set();
  const out = [];
  for (const u of report.units || []) {
    if (!u.action) continue;
    if (!highlight.some((r) => u.start < r.end && r.start < u.end)) continue;
    const key = `${u.action.step}\u0000${u.action.rule ?? ""}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ stepId: u.action.step, ruleId: u.action.rule ?? null });
  }
  return out;
}

/** The source a step's rule cites, when the lesson names none. */
function firstSource(explained, step) {
  const steps = explained.report?.steps || [];
  for (const s of steps) {
    const rule = s.rule_explanations?.find((x) => x.id === step.rule);
    if (rule?.source) return text(rule.source);
  }
  return null;
}

/** The output, its changes against the input marked as the core's diff gives them. */
function diff(report) {
  const ops = report.diff || [];
  if (!ops.length) return text(report.output);
  return ops.map((op) => {
    const t = text(op.text);
    if (op.op === "insert") return h("ins", {}, t);
    if (op.op === "delete") return h("del", {}, t);
    return t;
  });
}
