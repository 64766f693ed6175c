// The page's state in the URL fragment (#url=…&profile=…&view=…), so a link shares the exact
// view. Keys are encoded as URLSearchParams encodes them. Each part of the page owns its keys and
// merges them in without touching the others'; replaceState keeps the history clean (one entry
// per page, not one per keystroke).

function read() {
  return new URLSearchParams(location.hash.replace(/^#/, ""));
}

/** The fragment's value of `key`, or null. */
export function get(key) {
  return read().get(key);
}

/** Merge keys into the fragment: a string sets a key, null removes it. */
export function set(changes) {
  const params = read();
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === undefined) params.delete(key);
    else params.set(key, String(value));
  }
  const text = params.toString();
  const next = text ? "#" + text : location.pathname + location.search;
  if (next !== location.hash) history.replaceState(history.state, "", next);
}

/** The object given to other modules (learn.js): {get, set}. */
export const hash = { get, set };
