// The Practice view: the built-in exercise sets and a teacher's own file, one exercise at a
// time — its prompt, the answer field, the verdict marked unit by unit with the rule each mark
// breaks (the core's `checkAnswer`), hints on request and the answer. The fragment
// `view=practice&set=NAME&ex=N` names the exercise; a teacher's set is `set=file:NAME`.

import { byteRangesToIndices, fill, h, marked, visibleSpaces, withCode } from "./learn-dom.js";
import { keepFile, keptFile } from "./learn-progress.js";
import { TeacherFile } from "./learn-file.js";

const FILE_PREFIX = "file:";

/** An exercise number from the fragment: 1 to `of`, else 1. */
function exerciseNumber(raw, of) {
  const n = Number.parseInt(raw ?? "", 10);
  if (!Number.isFinite(n) || n < 1) return 1;
  return Math.min(n, Math.max(1, of));
}

function markWords(m) {
  // The octet alone when the mark is on part of a character: "\xC3 of ï".
  const what = m.octets
    ? [h("code", {}, m.octets), " of ", h("code", {}, visibleSpaces(m.chars))]
    : m.chars
      ? h("code", {}, visibleSpaces(m.chars))
      : "";
  const expected = visibleSpaces(m.expected || "");
  switch (m.kind) {
    case "wrong":
      return [what, " is wrong here: ", h("code", {}, expected), " belongs here"];
    case "missing":
      return m.chars
        ? [what, " must be written ", h("code", {}, expected)]
        : ["missing here: ", h("code", {}, expected)];
    case "extra":
      return [what, " does not belong here"];
    default:
      return [what, ` (${m.kind})`, expected ? [": ", h("code", {}, expected)] : null];
  }
}

/**
 * The marks with string indices, and the text each is about: the characters under it, or,
 * when it is on some octets of a character only (`é` is two), those octets as `\xNN`.
 */
function withOctets(typed, marks) {
  const octets = new TextEncoder().encode(typed);
  return byteRangesToIndices(typed, marks).map((m, i) => {
    const bytes = octets.slice(marks[i].start, marks[i].end);
    const chars = typed.slice(m.start, m.end);
    const whole = new TextEncoder().encode(chars).length === bytes.length;
    const hex = [...bytes].map((b) => `\\x${b.toString(16).toUpperCase().padStart(2, "0")}`).join("");
    return { ...m, chars, octets: whole ? null : hex };
  });
}

export class PracticeView {
  constructor({ urlscope, hash, progress }) {
    this.urlscope = urlscope;
    this.hash = hash;
    this.progress = progress;
    this.error = null;
    try {
      this.builtin = urlscope.exerciseSets();
    } catch (e) {
      this.builtin = [];
      this.error = `The exercise sets could not be read: ${e.message}`;
    }
    this.file = new TeacherFile({
      urlscope,
      onOpen: (opened) => this.fileOpened(opened),
      onClose: () => this.fileClosed(),
    });
    this.own = null; // {set, source} of a usable teacher's file
    this.current = null; // {entry, n}
    this.hintsShown = 0;
    this.el = this.build();
    progress.onChange(() => this.refreshCounts());
    const kept = keptFile();
    if (kept) this.file.load(kept.toml, kept.fileName, { keep: false, announce: false });
  }

  /** The sets to choose from: `{key, set, source}`; the teacher's file first when usable. */
  entries() {
    const out = this.builtin.map((set) => ({ key: set.name, set, source: { builtin: set.name } }));
    if (this.own) out.unshift({ key: FILE_PREFIX + this.own.set.name, ...this.own });
    return out;
  }

  build() {
    this.select = h("select", { id: "learn-set", onchange: () => this.chooseSet(this.select.value) });
    this.counts = h("p", { class: "learn-counts", "aria-live": "polite" });
    this.strip = h("ol", { class: "learn-strip", "aria-label": "Exercises of this set" });
    this.heading = h("h2", { tabindex: "-1", class: "learn-ex-title" });
    this.level = h("p", { class: "learn-level" });
    this.prompt = h("p", { class: "learn-prompt" });
    this.given = h("p", { class: "learn-given" });
    this.quote = h("figure", { class: "learn-quote" });
    this.answer = h("input", {
      id: "learn-answer",
      type: "text",
      autocomplete: "off",
      autocapitalize: "off",
      spellcheck: "false",
      class: "learn-answer",
    });
    this.verdict = h("div", { role: "status", class: "learn-verdict", "aria-live": "polite" });
    this.hints = h("ol", { class: "learn-hints", "aria-label": "Hints" });
    this.shown = h("div", { class: "learn-shown", "aria-live": "polite" });
    this.hintButton = h("button", { type: "button", onclick: () => this.hint() }, "Hint");
    this.showButton = h("button", { type: "button", onclick: () => this.showAnswer() }, "Show the answer");
    this.prev = h(
      "button",
      { type: "button", onclick: () => this.go(this.current.n - 1) },
      h("span", { "aria-hidden": "true" }, "\u2190 "),
      "Previous exercise",
    );
    this.next = h(
      "button",
      { type: "button", onclick: () => this.go(this.current.n + 1) },
      "Next exercise",
      h("span", { "aria-hidden": "true" }, " \u2192"),
    );
    const form = h(
      "form",
      {
        class: "learn-answer-form",
        onsubmit: (e) => {
          e.preventDefault();
          this.check();
        },
      },
      h("label", { for: "learn-answer" }, "Answer"),
      h("div", { class: "learn-answer-row" }, this.answer, h("button", { type: "submit" }, "Check")),
    );
    this.exercise = h(
      "article",
      { class: "learn-ex" },
      this.heading,
      this.level,
      this.prompt,
      this.given,
      this.quote,
      form,
      this.verdict,
      this.hints,
      this.shown,
      h("div", { class: "learn-actions" }, this.hintButton, this.showButton),
      h("nav", { class: "learn-nav", "aria-label": "Exercises" }, this.prev, this.next),
    );
    this.empty = h("p", { class: "learn-note", hidden: true });
    this.missing = h("p", { class: "learn-note", role: "alert", hidden: true });
    return h(
      "div",
      { class: "learn-practice" },
      h("h2", { class: "learn-practice-title" }, "Practice"),
      this.error ? h("p", { class: "learn-note", role: "alert" }, this.error) : null,
      h(
        "div",
        { class: "learn-choose" },
        h("label", { for: "learn-set" }, "Exercise set"),
        this.select,
      ),
      this.missing,
      this.counts,
      this.strip,
      this.empty,
      this.exercise,
      this.file.el,
    );
  }

  /** Show what the fragment names. */
  update() {
    const entries = this.entries();
    const wanted = this.hash.get("set");
    const found = entries.find((e) => e.key === wanted);
    const entry = found || entries.find((e) => !e.key.startsWith(FILE_PREFIX)) || entries[0];
    if (!found && wanted) this.sayMissing(wanted);
    this.fillSelect(entries, entry);
    if (!entry) {
      this.current = null;
      this.exercise.hidden = true;
      this.empty.hidden = false;
      this.empty.textContent = "No exercise set to practise.";
      return;
    }
    const of = entry.set.exercises.length;
    const n = exerciseNumber(this.hash.get("ex"), of);
    if (!of) {
      this.current = { entry, n: 0 };
      this.exercise.hidden = true;
      this.empty.hidden = false;
      this.empty.textContent = "This set has no exercise.";
      this.refreshCounts();
      return;
    }
    // The fragment names what is shown, so the address bar is always a link to it.
    if (this.hash.get("set") !== entry.key || this.hash.get("ex") !== String(n)) {
      this.hash.set({ set: entry.key, ex: String(n) });
    }
    this.exercise.hidden = false;
    this.empty.hidden = true;
    if (this.current?.entry.key !== entry.key || this.current.entry.set !== entry.set || this.current.n !== n) {
      this.showExercise(entry, n);
    }
  }

  /** A link that names a set this browser does not have: said above the set shown, until the
   * reader moves on. */
  sayMissing(wanted) {
    this.missing.hidden = false;
    this.missing.textContent = wanted.startsWith(FILE_PREFIX)
      ? `The link names a teacher's file, “${wanted.slice(FILE_PREFIX.length)}”: open that file below to practise it.`
      : `There is no exercise set named “${wanted}”; the first one is shown.`;
  }

  fillSelect(entries, chosen) {
    this.entriesShown = entries;
    fill(
      this.select,
      entries.map((e) => h("option", { value: e.key, selected: e === chosen }, this.optionText(e))),
    );
    if (chosen) this.select.value = chosen.key;
  }

  /** A set's line in the chooser: its name, title and how many are solved. */
  optionText(e) {
    const list = e.set.exercises;
    const solved = list.filter((ex) => this.progress.solved(this.keyOf(e, ex))).length;
    const name = e.key.startsWith(FILE_PREFIX) ? `Your file: ${e.set.title || e.set.name}` : `${e.set.name} \u2014 ${e.set.title}`;
    return `${name} (${solved}/${list.length} solved)`;
  }

  chooseSet(key) {
    this.missing.hidden = true;
    this.hash.set({ set: key, ex: "1" });
    this.update();
  }

  go(n) {
    if (!this.current) return;
    const of = this.current.entry.set.exercises.length;
    const to = Math.max(1, Math.min(of, n));
    if (to === this.current.n) return;
    this.missing.hidden = true;
    this.hash.set({ set: this.current.entry.key, ex: String(to) });
    this.update();
  }

  /** The progress key `SET/ID` (the core's own where it gives one). */
  keyOf(entry, ex) {
    return ex.key || `${entry.set.name}/${ex.id}`;
  }

  showExercise(entry, n) {
    this.current = { entry, n };
    this.hintsShown = 0;
    const ex = entry.set.exercises[n - 1];
    const of = entry.set.exercises.length;
    this.heading.textContent = `Exercise ${n} of ${of}`;
    this.level.textContent = `Level ${ex.level} of 5 \u00b7 ${ex.id}`;
    fill(this.prompt, withCode(ex.prompt));
    fill(this.given, "Given: ", h("code", { class: "learn-given-text" }, ex.given));
    fill(
      this.quote,
      h("blockquote", {}, h("p", {}, ex.quote)),
      ex.source ? h("figcaption", {}, "\u2014 ", h("cite", {}, ex.source)) : null,
    );
    this.answer.value = "";
    fill(this.verdict);
    fill(this.hints);
    fill(this.shown);
    this.hintButton.disabled = !(ex.hints || []).length;
    this.hintButton.textContent = (ex.hints || []).length ? "Hint" : "No hint for this one";
    this.prev.disabled = n <= 1;
    this.next.disabled = n >= of;
    this.refreshCounts();
  }

  refreshCounts() {
    // The chooser's lines in place: rebuilding them would close a list the reader has open.
    for (const [i, e] of (this.entriesShown || []).entries()) {
      const option = this.select.options[i];
      if (option) option.textContent = this.optionText(e);
    }
    if (!this.current) return;
    const { entry, n } = this.current;
    const list = entry.set.exercises;
    const solved = list.filter((ex) => this.progress.solved(this.keyOf(entry, ex))).length;
    this.counts.textContent = `${solved} of ${list.length} solved in this set`;
    fill(
      this.strip,
      list.map((ex, i) => {
        const key = this.keyOf(entry, ex);
        const mark = this.progress.solved(key) ? "\u2713" : this.progress.tried(key) ? "\u25cb" : "";
        const state = this.progress.solved(key) ? ", solved" : this.progress.tried(key) ? ", tried" : "";
        return h(
          "li",
          {},
          h(
            "button",
            {
              type: "button",
              class: mark === "\u2713" ? "learn-solved" : "",
              "aria-current": i + 1 === n ? "step" : null,
              "aria-label": `Exercise ${i + 1}, level ${ex.level}${state}`,
              onclick: () => {
                this.go(i + 1);
                this.answer.focus();
              },
            },
            String(i + 1),
            mark ? h("span", { "aria-hidden": "true", class: "learn-strip-mark" }, mark) : null,
          ),
        );
      }),
    );
  }

  check() {
    if (!this.current) return;
    const { entry, n } = this.current;
    const ex = entry.set.exercises[n - 1];
    const typed = this.answer.value;
    let v;
    try {
      v = this.urlscope.checkAnswer(entry.source, n - 1, typed);
    } catch (e) {
      fill(this.verdict, h("p", { class: "learn-wrong" }, `The answer could not be checked: ${e.message}`));
      return;
    }
    this.progress.checked(this.keyOf(entry, ex), v.ok);
    if (v.ok) {
      fill(
        this.verdict,
        h("p", { class: "learn-right" }, h("span", { "aria-hidden": "true" }, "\u2713 "), "Right: that is what these rules write."),
        ex.why ? h("p", { class: "learn-why" }, ex.why) : null,
      );
      return;
    }
    const marks = withOctets(typed, v.marks || []);
    const count = marks.length === 1 ? "1 mark" : `${marks.length} marks`;
    fill(
      this.verdict,
      h("p", { class: "learn-wrong" }, h("span", { "aria-hidden": "true" }, "\u2717 "), `Not yet: ${count}.`),
      typed
        ? h("p", { class: "learn-typed-line" }, "Your answer: ", h("code", { class: "learn-typed" }, marked(typed, marks, (el, m) => el.classList.add(`learn-mark-${m.kind}`))))
        : null,
      h(
        "ul",
        { class: "learn-marks" },
        marks.map((m) =>
          h(
            "li",
            {},
            h("span", { class: "learn-mark-at" }, `at ${m.start + 1}: `),
            markWords(m),
            m.rule
              ? h(
                  "p",
                  { class: "learn-rule" },
                  m.rule.text,
                  m.rule.source ? [" \u2014 ", h("cite", {}, m.rule.source)] : null,
                )
              : null,
          ),
        ),
      ),
    );
  }

  hint() {
    if (!this.current) return;
    const ex = this.current.entry.set.exercises[this.current.n - 1];
    const hints = ex.hints || [];
    if (this.hintsShown >= hints.length) return;
    this.hintsShown += 1;
    fill(
      this.hints,
      hints
        .slice(0, this.hintsShown)
        .map((t, i) => h("li", {}, h("span", { class: "learn-hint-no" }, `Hint ${i + 1}: `), withCode(t))),
    );
    if (this.hintsShown >= hints.length) {
      this.hintButton.disabled = true;
      this.hintButton.textContent = "No more hints";
    } else {
      this.hintButton.textContent = "Another hint";
    }
  }

  showAnswer() {
    if (!this.current) return;
    const { entry, n } = this.current;
    const ex = entry.set.exercises[n - 1];
    let expected;
    try {
      expected = this.urlscope.checkAnswer(entry.source, n - 1, "").expected;
    } catch (e) {
      fill(this.shown, h("p", { class: "learn-note" }, e.message));
      return;
    }
    fill(
      this.shown,
      h("p", {}, "The answer: ", h("code", { class: "learn-expected" }, expected)),
      ex.why ? h("p", { class: "learn-why" }, ex.why) : null,
    );
  }

  fileOpened(opened) {
    this.own = opened.usable ? { set: opened.set, source: { toml: opened.toml, fileName: opened.fileName } } : null;
    if (opened.keep) keepFile({ toml: opened.toml, fileName: opened.fileName });
    if (this.own && opened.announce) {
      this.chooseSet(FILE_PREFIX + this.own.set.name);
      return;
    }
    this.current = null;
    // A file kept from before a reload is read while the page starts: the view shows it
    // when it is opened, and leaves the fragment alone until then.
    if (this.el.isConnected && !this.el.hidden) this.update();
  }

  fileClosed() {
    keepFile(null);
    const wasShown = this.current?.entry.key.startsWith(FILE_PREFIX);
    this.own = null;
    if (wasShown) this.hash.set({ set: null, ex: null });
    this.current = null;
    this.update();
  }
}
