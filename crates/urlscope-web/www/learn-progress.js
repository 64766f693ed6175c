// Progress kept in the browser: the furthest step of each lesson, whether it is done, and the
// exercises solved and tried (`SET/ID`), in localStorage; a teacher's opened exercise file in
// sessionStorage (a reload keeps it, a new tab starts without it). Storage may be missing or
// refuse (private windows, a full quota): then progress lives for the page's life only.

const PROGRESS_KEY = "urlscope.progress";
const FILE_KEY = "urlscope.exerciseFile";

function storage(kind) {
  try {
    const s = window[kind]; // reading the property itself throws where storage is blocked
    return s || null;
  } catch {
    return null;
  }
}

function read(kind, key) {
  try {
    const raw = storage(kind)?.getItem(key);
    return raw ? JSON.parse(raw) : null;
  } catch {
    return null; // unreadable: start afresh rather than stop the page
  }
}

function write(kind, key, value) {
  try {
    const s = storage(kind);
    if (!s) return false;
    if (value === null) s.removeItem(key);
    else s.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

function empty() {
  return { lessons: {}, solved: [], tried: [] };
}

function strings(list) {
  return Array.isArray(list) ? list.filter((x) => typeof x === "string") : [];
}

/** What was kept, read defensively (an older or hand-edited value keeps what makes sense). */
function load() {
  const kept = read("localStorage", PROGRESS_KEY);
  const p = empty();
  if (!kept || typeof kept !== "object") return p;
  if (kept.lessons && typeof kept.lessons === "object") {
    for (const [name, v] of Object.entries(kept.lessons)) {
      if (!v || typeof v !== "object") continue;
      const step = Number.isInteger(v.step) && v.step > 0 ? v.step : 0;
      p.lessons[name] = { step, done: v.done === true };
    }
  }
  p.solved = [...new Set(strings(kept.solved))];
  p.tried = [...new Set(strings(kept.tried))];
  return p;
}

/** The progress store: read once, written on every change. */
export class Progress {
  constructor() {
    this.data = load();
    this.listeners = [];
  }

  /** Call `f` after every change. */
  onChange(f) {
    this.listeners.push(f);
  }

  changed() {
    write("localStorage", PROGRESS_KEY, this.data);
    for (const f of this.listeners) f();
  }

  /** `{step, done}` of a lesson; step 0 when never opened. */
  lesson(name) {
    return this.data.lessons[name] || { step: 0, done: false };
  }

  /** A lesson's step `n` (1-based) of `of` seen; reaching the last marks it done. */
  sawStep(name, n, of) {
    const was = this.lesson(name);
    const now = { step: Math.max(was.step, n), done: was.done || n >= of };
    if (now.step === was.step && now.done === was.done) return;
    this.data.lessons[name] = now;
    this.changed();
  }

  solved(key) {
    return this.data.solved.includes(key);
  }

  tried(key) {
    return this.data.tried.includes(key);
  }

  /** An answer checked: tried, and solved when right. */
  checked(key, ok) {
    let change = false;
    if (!this.tried(key)) {
      this.data.tried.push(key);
      change = true;
    }
    if (ok && !this.solved(key)) {
      this.data.solved.push(key);
      change = true;
    }
    if (change) this.changed();
  }

  lessonsDone() {
    return Object.values(this.data.lessons).filter((l) => l.done).length;
  }

  /** Forget it all, in storage too. */
  forget() {
    this.data = empty();
    write("localStorage", PROGRESS_KEY, null);
    for (const f of this.listeners) f();
  }
}

/** The teacher's file opened in this tab, `{toml, fileName}`, or null. */
export function keptFile() {
  const f = read("sessionStorage", FILE_KEY);
  return f && typeof f.toml === "string" && typeof f.fileName === "string"
    ? { toml: f.toml, fileName: f.fileName }
    : null;
}

/** Keep (or, with null, forget) the teacher's file for this tab. */
export function keepFile(file) {
  write("sessionStorage", FILE_KEY, file);
}
