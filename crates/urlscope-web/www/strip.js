// The character strip: one focusable cell per unit of explain's report (an octet, or a %XX
// triplet), coloured by its class in the profile's classification. Cells are drawn a window at
// a time (WINDOW units, more on request; a selection outside the window moves it) so that a
// keystroke in a 100 KiB URL never builds 100 000 elements. Arrow keys, Home, End, PageUp and
// PageDown move the selection; the focus follows it (one cell in the Tab order: a roving
// tabindex).

import { h, show, showString } from "./dom.js";
import { classSlot } from "./colours.js";

/** How many cells are drawn at first, and added by "Show more". */
export const WINDOW = 2000;
const PAGE = 64;

const ESCAPES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };
const escapeHtml = (s) => s.replace(/[&<>"]/g, (c) => ESCAPES[c]);

/** A unit's text as the cell shows it: the character, or a visible stand-in. */
export function unitText(unit) {
  return show(unit.text);
}

/** How a screen reader names a unit: "h, scheme, alnum / unreserved". */
export function unitLabel(unit) {
  let spoken;
  if (typeof unit.text !== "string") spoken = `octet ${unit.value}`;
  else if (unit.text === " ") spoken = "space";
  else if (unit.encoded) spoken = `${unit.text}, encoded octet ${unit.value}`;
  else spoken = showString(unit.text, { space: false });
  const c = unit.classes;
  return `${spoken}, ${unit.span}, ${c["C-1738"]} / ${c["C-3986"]}`;
}

export class Strip {
  /**
   * `onSelect(index)` is told when the reader moves the selection. The strip's elements are
   * `el` (the listbox and its "Show more" button).
   */
  constructor(onSelect) {
    this.onSelect = onSelect;
    // The window drawn: units [start, start + count).
    this.start = 0;
    this.count = WINDOW;
    this.units = [];
    this.selected = 0;
    this.list = h("div", {
      class: "strip code",
      role: "listbox",
      "aria-label": "Characters",
      "aria-orientation": "horizontal",
    });
    this.earlier = h("button", { type: "button", class: "more", hidden: true });
    this.more = h("button", { type: "button", class: "more", hidden: true });
    this.el = h("div", { class: "strip-box" }, this.earlier, this.list, this.more);
    this.list.addEventListener("click", (e) => {
      const cell = e.target.closest('[role="option"]');
      if (cell) this.select(Number(cell.dataset.i), true);
    });
    this.list.addEventListener("keydown", (e) => this.key(e));
    this.more.addEventListener("click", () => {
      const first = this.start + this.count;
      this.count += WINDOW;
      this.draw();
      this.select(first, true);
    });
    this.earlier.addEventListener("click", () => {
      const last = this.start - 1;
      const back = Math.min(WINDOW, this.start);
      this.start -= back;
      this.count += back;
      this.draw();
      this.select(last, true);
    });
  }

  /** Show `units`, coloured by `classification`; keeps the selection's index where it can. */
  show(units, classification) {
    this.units = units;
    this.classification = classification;
    this.selected = Math.max(0, Math.min(this.selected, units.length - 1));
    const i = this.selected;
    if (i < this.start || i >= this.start + this.count) {
      this.start = i - (i % WINDOW);
      this.count = WINDOW;
    }
    // A keystroke far from the window (typing at the end of a long URL) leaves its cells as
    // they are: they are not rebuilt.
    const drawn = this.drawnKey();
    if (drawn !== this.drawn) this.draw();
    this.drawn = drawn;
  }

  /** What the cells on screen are made of: equal keys draw equal cells. */
  drawnKey() {
    const end = Math.min(this.units.length, this.start + this.count);
    return JSON.stringify([this.classification, this.start, end, this.selected, this.units.length, this.units.slice(this.start, end)]);
  }

  draw() {
    const end = Math.min(this.units.length, this.start + this.count);
    const parts = [];
    for (let i = this.start; i < end; i++) {
      const u = this.units[i];
      const slot = classSlot(u.classes[this.classification]);
      const cls = `cell c-${slot}${u.encoded ? " triplet" : ""}`;
      const on = i === this.selected;
      parts.push(
        `<span role="option" id="unit-${i}" data-i="${i}" class="${cls}" tabindex="${on ? 0 : -1}"` +
        ` aria-selected="${on}" aria-label="${escapeHtml(unitLabel(u))}">${escapeHtml(unitText(u))}</span>`,
      );
    }
    this.list.innerHTML = parts.join("");
    this.drawn = null;
    const rest = this.units.length - end;
    this.more.hidden = rest <= 0;
    if (rest > 0) {
      this.more.textContent = `Show ${Math.min(rest, WINDOW)} more characters (${rest} after these)`;
    }
    this.earlier.hidden = this.start === 0;
    if (this.start > 0) {
      this.earlier.textContent = `Show ${Math.min(this.start, WINDOW)} earlier characters (${this.start} before these)`;
    }
  }

  cell(i) {
    return this.list.querySelector(`#unit-${i}`);
  }

  /** Select unit `i` (moving the window to the part of the strip that holds it). */
  select(i, focus) {
    if (!this.units.length) return;
    i = Math.max(0, Math.min(i, this.units.length - 1));
    if (i < this.start || i >= this.start + this.count) {
      this.start = i - (i % WINDOW);
      this.count = WINDOW;
      this.draw();
    }
    const old = this.cell(this.selected);
    if (old) {
      old.tabIndex = -1;
      old.setAttribute("aria-selected", "false");
    }
    this.selected = i;
    const cell = this.cell(i);
    cell.tabIndex = 0;
    cell.setAttribute("aria-selected", "true");
    if (focus) cell.focus();
    this.onSelect(i);
  }

  key(e) {
    const step = {
      ArrowRight: 1,
      ArrowDown: 1,
      ArrowLeft: -1,
      ArrowUp: -1,
      PageDown: PAGE,
      PageUp: -PAGE,
    }[e.key];
    let to = null;
    if (step) to = this.selected + step;
    else if (e.key === "Home") to = 0;
    else if (e.key === "End") to = this.units.length - 1;
    if (to === null) return;
    e.preventDefault();
    this.select(to, true);
  }
}
