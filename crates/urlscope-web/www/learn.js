// The classroom views of the page: Learn (the lessons, walked step by step) and Practice (the
// exercise sets and a teacher's own file). Every answer comes from the urlscope module: this
// code only lays out what the core says. Progress is kept in the browser (learn-progress.js).
//
// mountLearn({root, urlscope, hash}): `root` is the page's empty section for the two views;
// `hash.get(key)` and `hash.set({key: value|null})` read and merge keys of the URL fragment.
// The views read `view` (`learn` or `practice`) and own `lesson`, `step`, `set` and `ex`.

import { fill, h, typingInto } from "./learn-dom.js";
import { LessonsView } from "./learn-lessons.js";
import { PracticeView } from "./learn-practice.js";
import { Progress } from "./learn-progress.js";

/**
 * Build the two views in `root` and keep them in step with the fragment. Returns
 * `{update}`: call it after changing the fragment without a `hashchange` (the views also
 * follow `hashchange` and `root` being shown).
 */
export function mountLearn({ root, urlscope, hash }) {
  const progress = new Progress();
  const practice = new PracticeView({ urlscope, hash, progress });
  const lessons = new LessonsView({
    urlscope,
    hash,
    progress,
    // The button pressed is gone with its view: the focus goes to the exercise shown.
    practised: () => practice.heading.focus(),
  });
  const forget = forgetControl(progress);
  root.classList.add("learn-root");
  fill(root, lessons.el, practice.el, forget.el);

  let view = null;
  const update = () => {
    view = hash.get("view") === "practice" ? "practice" : "learn";
    lessons.el.hidden = view !== "learn";
    practice.el.hidden = view !== "practice";
    if (isShown(root)) (view === "learn" ? lessons : practice).update();
  };

  window.addEventListener("hashchange", update);
  // The page may show the section by changing `view` with replaceState (no hashchange):
  // showing `root` is the sign to read the fragment again.
  new MutationObserver(update).observe(root, {
    attributes: true,
    attributeFilter: ["hidden", "class", "style"],
  });
  document.addEventListener("keydown", (e) => {
    if (!isShown(root) || view !== "learn") return;
    if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey || e.defaultPrevented) return;
    if (typingInto(e.target)) return;
    // Keys pressed with the focus elsewhere on the page belong to that part of the page.
    const target = e.target instanceof Node ? e.target : null;
    if (target && target !== document.body && !root.contains(target)) return;
    if (lessons.key(e)) e.preventDefault();
  });
  update();
  return { update };
}

function isShown(el) {
  return !el.hidden && el.getClientRects().length > 0;
}

/** "Forget progress", asked twice: one press never loses a class's work. */
function forgetControl(progress) {
  const ask = h("button", { type: "button", class: "learn-forget" }, "Forget progress");
  const sure = h("button", { type: "button", class: "learn-forget-yes" }, "Forget it all");
  const keep = h("button", { type: "button" }, "Keep it");
  const confirm = h(
    "span",
    { class: "learn-forget-confirm", hidden: true, role: "group", "aria-label": "Forget progress?" },
    "Forget the lessons done and the exercises solved in this browser? ",
    sure,
    keep,
  );
  const said = h("span", { class: "learn-forget-said", role: "status" });
  ask.addEventListener("click", () => {
    confirm.hidden = false;
    ask.hidden = true;
    said.textContent = "";
    keep.focus();
  });
  keep.addEventListener("click", () => {
    confirm.hidden = true;
    ask.hidden = false;
    ask.focus();
  });
  sure.addEventListener("click", () => {
    progress.forget();
    confirm.hidden = true;
    ask.hidden = false;
    said.textContent = "Progress forgotten.";
    ask.focus();
  });
  const el = h(
    "div",
    { class: "learn-footer" },
    h("p", {}, "Your progress is kept in this browser only.", " "),
    h("p", {}, ask, confirm, said),
  );
  return { el };
}
