// A teacher's exercise file opened in the browser: checked as `urlscope learn --check` checks
// it (the same report, line for line), and offered for practice when every answer in it is
// what urlscope writes (as `learn --set` accepts it). Nothing leaves the browser.

import { fill, h } from "./learn-dom.js";

export class TeacherFile {
  constructor({ urlscope, onOpen, onClose }) {
    this.urlscope = urlscope;
    this.onOpen = onOpen;
    this.onClose = onClose;
    this.input = h("input", {
      id: "learn-file",
      type: "file",
      accept: ".toml,text/plain,application/toml",
      onchange: () => this.picked(),
    });
    this.report = h("pre", { class: "learn-report", tabindex: "0", "aria-labelledby": "learn-report-title" });
    this.reportTitle = h("h3", { id: "learn-report-title" });
    this.status = h("p", { class: "learn-file-status", role: "status" });
    this.close = h("button", { type: "button", onclick: () => this.closeFile() }, "Close the file");
    this.result = h(
      "div",
      { class: "learn-file-result", hidden: true },
      this.reportTitle,
      this.report,
      this.close,
    );
    this.el = h(
      "section",
      { class: "learn-file", "aria-labelledby": "learn-file-title" },
      h("h2", { id: "learn-file-title" }, "A teacher's exercise file"),
      h(
        "p",
        { class: "learn-intro" },
        "Open your own exercise file (TOML, the format of ",
        h("code", {}, "urlscope learn --check"),
        "): every answer is checked against urlscope, and a file without mistakes can be practised here. The file stays in this browser tab.",
      ),
      h(
        "div",
        { class: "learn-file-pick" },
        h("label", { for: "learn-file" }, "Open exercise file"),
        this.input,
      ),
      this.status,
      this.result,
    );
  }

  async picked() {
    const file = this.input.files?.[0];
    if (!file) return;
    let toml;
    try {
      // Read strictly: the command line refuses a file that is not UTF-8, so does the page.
      toml = new TextDecoder("utf-8", { fatal: true }).decode(await file.arrayBuffer());
    } catch {
      this.showResult(file.name, `${file.name}: not UTF-8 text (an exercise file is TOML)\n`, false);
      this.status.textContent = "This file cannot be read as an exercise file.";
      return;
    }
    this.load(toml, file.name, { keep: true, announce: true });
  }

  /** Check a file's text and hand it on; `keep` keeps it for the tab, `announce` opens its set. */
  load(toml, fileName, { keep, announce }) {
    let checked;
    let opened;
    try {
      checked = this.urlscope.checkExerciseFile(toml, fileName);
      opened = this.urlscope.openExercises(toml, fileName);
    } catch (e) {
      this.showResult(fileName, `${e.message}\n`, false);
      return;
    }
    const usable = Boolean(checked.ok && opened.set);
    this.showResult(fileName, checked.report, checked.ok);
    if (usable) {
      const n = opened.set.exercises.length;
      this.status.textContent = `${fileName}: ${n === 1 ? "1 exercise" : `${n} exercises`} to practise, chosen above as “Your file”.`;
    } else {
      this.status.textContent = `${fileName} has mistakes (listed below): correct them and open the file again to practise it.`;
    }
    this.onOpen({ toml, fileName, set: opened.set, usable, keep, announce });
  }

  showResult(fileName, report, ok) {
    this.result.hidden = false;
    this.reportTitle.textContent = `urlscope learn --check ${fileName}`;
    fill(this.report, report);
    this.report.classList.toggle("learn-report-ok", ok);
    this.report.classList.toggle("learn-report-bad", !ok);
  }

  closeFile() {
    this.input.value = "";
    this.result.hidden = true;
    fill(this.report);
    this.status.textContent = "The file is closed.";
    this.onClose();
    this.input.focus();
  }
}
