// Pacing the work a long URL costs. The core answers a short URL in well under a frame, so the
// page answers each keystroke at once. For a long one (tens of KiB) the reports and the
// fragment are large enough to cost a frame and more (the explain report of a 100 KiB URL is
// tens of MB of JSON), so that work waits until the typing pauses: each keystroke still shows
// its result in its own frame.

/** From this length (in UTF-16 code units) a URL counts as long. */
export const LONG_URL = 16 * 1024;

/** How long the typing must pause before a long URL's views and fragment are brought up to date. */
export const PAUSE_MS = 250;

/** A task run once the calls to `run` have paused: only the latest one runs. */
export class Later {
  constructor(delay = PAUSE_MS) {
    this.delay = delay;
    this.timer = 0;
    this.task = null;
  }

  run(task) {
    this.task = task;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.flush(), this.delay);
  }

  /** Run the waiting task now (if any). */
  flush() {
    clearTimeout(this.timer);
    this.timer = 0;
    const task = this.task;
    this.task = null;
    if (task) task();
  }

  cancel() {
    clearTimeout(this.timer);
    this.timer = 0;
    this.task = null;
  }
}
