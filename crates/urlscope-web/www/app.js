// The classroom page: the URL, its profile and the views, kept in the URL fragment so that a
// link shares the exact view. Every answer comes from the urlscope module (the URL core in
// WebAssembly); this code lays them out. `update` alone changes the state; the views only read
// it, and only the view on screen is computed.

import * as urlscope from "./urlscope.js";
import { hash } from "./hash.js";
import { fill, h } from "./dom.js";
import { tablist } from "./tabs.js";
import { Reports } from "./reports.js";
import { wireCopy } from "./copy.js";
import { LONG_URL, Later } from "./pace.js";
import { InspectView } from "./view-inspect.js";
import { StepsView } from "./view-steps.js";
import { TraceView } from "./view-trace.js";
import { ProfilesView } from "./view-profiles.js";
import { HostView } from "./view-host.js";
import { UnwrapView } from "./view-unwrap.js";
import { CompareView } from "./view-compare.js";

const EXAMPLE = "HTTP://ExAmple.COM:80/a/../%7e b?q= 1#f";
const DEFAULT_PROFILE = "whatwg";
const VIEWS = ["inspect", "steps", "trace", "profiles", "host", "unwrap", "compare", "learn", "practice"];
const LEARN_VIEWS = new Set(["learn", "practice"]);

const $ = (id) => document.getElementById(id);

let state = null;
let profileIds = [];
let reports = null;
let views = {};
let selectTab = () => {};
let learn = null;
let copy = null;

/** The state the fragment describes, with the defaults for what it leaves out. */
function readState() {
  const profile = hash.get("profile");
  const view = hash.get("view");
  return {
    url: hash.get("url") ?? EXAMPLE,
    base: hash.get("base") ?? "",
    profile: profileIds.includes(profile) ? profile : DEFAULT_PROFILE,
    view: VIEWS.includes(view) ? view : "inspect",
    b: hash.get("b") ?? "",
  };
}

/** Change the state, write the changed keys into the fragment, and redraw. */
function update(changes) {
  for (const [key, value] of Object.entries(changes)) {
    if (state[key] !== value) unwritten[key] = value === "" && key !== "url" ? null : value;
  }
  state = { ...state, ...changes };
  // A long URL's fragment (encoding it and replaceState cost tens of ms) waits for a pause.
  if (isLong()) fragmentLater.run(writeFragment);
  else writeFragment();
  render();
}

let unwritten = {};
const fragmentLater = new Later();

function writeFragment() {
  fragmentLater.cancel();
  if (Object.keys(unwritten).length) hash.set(unwritten);
  unwritten = {};
}

/** Whether the shown view's answers cost more than a frame: it is drawn when typing pauses. */
function isLong() {
  return state.url.length > LONG_URL || (state.view === "compare" && state.b.length > LONG_URL);
}

function options() {
  return state.base ? { base: state.base } : {};
}

/** Draw what the state shows: the fields, the result, and the chosen view alone. */
function render() {
  setValue($("url"), state.url);
  setValue($("base"), state.base);
  $("profile").value = state.profile;
  const result = urlscope.normalize(state.url, state.profile, options());
  $("result").textContent = result;
  // A long result on one line that scrolls: wrapping 100 KiB costs the browser a frame's time.
  $("result").classList.toggle("long", result.length > LONG_URL);
  $("result-profile").textContent = "under " + reports.label(state.profile);
  copy.refresh();

  selectTab(state.view);
  const learnShown = LEARN_VIEWS.has(state.view);
  for (const panel of document.querySelectorAll('[role="tabpanel"]')) {
    const view = panel.id.replace(/^panel-/, "");
    panel.hidden = learnShown ? view !== "learn" : view !== state.view;
  }
  if (learnShown) {
    $("panel-learn").setAttribute("aria-labelledby", "tab-" + state.view);
  }
  $("learn-root").hidden = !learnShown;
  if (learnShown) learn?.update?.();
  else drawView();
}

// A long URL's view is drawn when the typing pauses (aria-busy meanwhile); a short one's at once.
const viewLater = new Later();

function drawView() {
  for (const busy of document.querySelectorAll('[role="tabpanel"][aria-busy]')) busy.removeAttribute("aria-busy");
  if (!isLong()) {
    viewLater.cancel();
    views[state.view].render(context());
    return;
  }
  $("panel-" + state.view).setAttribute("aria-busy", "true");
  // What the view can show at the cost of its window (the Inspect view's glance) is drawn now.
  views[state.view].glance?.(context());
  viewLater.run(() => {
    $("panel-" + state.view).removeAttribute("aria-busy");
    if (!LEARN_VIEWS.has(state.view)) views[state.view].render(context());
  });
}

/** What a view may read, and the one way it may ask for a change. */
function context() {
  return { state, urlscope, reports, options: options(), result: $("result").textContent, update };
}

/** Set a field's value only when it differs, so the caret stays where the reader put it. */
function setValue(el, value) {
  if (el.value !== value) el.value = value;
}

function fillProfiles(select, profiles) {
  const groups = new Map();
  for (const p of profiles) {
    if (!groups.has(p.group)) groups.set(p.group, h("optgroup", { label: p.group }));
    groups.get(p.group).append(h("option", { value: p.id }, `${p.label} (${p.id})`));
  }
  fill(select, [...groups.values()]);
}

async function mountLearnViews() {
  let module;
  try {
    module = await import("./learn.js");
  } catch {
    fill($("learn-root"), h("p", { class: "dim" }, "The Learn and Practice views are not part of this build."));
    return;
  }
  document.head.append(h("link", { rel: "stylesheet", href: "learn.css" }));
  learn = module.mountLearn({ root: $("learn-root"), urlscope, hash }) || null;
}

async function main() {
  try {
    await urlscope.init();
  } catch (e) {
    $("load-status").textContent = "The URL core could not be loaded: " + e.message;
    return;
  }
  window.urlscope = urlscope;
  const profiles = urlscope.profiles();
  profileIds = profiles.map((p) => p.id);
  reports = new Reports(urlscope, profiles);
  fillProfiles($("profile"), profiles);
  $("version").textContent = urlscope.version();
  state = readState();

  copy = wireCopy({
    urlscope,
    button: $("copy"),
    formButton: $("copy-as"),
    select: $("copy-form"),
    preview: $("copy-preview"),
    status: $("copy-status"),
    current: () => ({ url: state.url, profile: state.profile, options: options(), result: $("result").value }),
  });

  views = {
    inspect: new InspectView($("panel-inspect")),
    steps: new StepsView($("panel-steps")),
    trace: new TraceView($("panel-trace")),
    profiles: new ProfilesView($("panel-profiles")),
    host: new HostView($("panel-host")),
    unwrap: new UnwrapView($("panel-unwrap")),
    compare: new CompareView($("panel-compare")),
  };
  selectTab = tablist($("views"), (view) => update({ view }));

  $("url").addEventListener("input", (e) => update({ url: e.target.value }));
  $("base").addEventListener("input", (e) => update({ base: e.target.value }));
  $("profile").addEventListener("change", (e) => update({ profile: e.target.value }));
  // A fragment still waiting for a pause is written before the page is left or hidden.
  window.addEventListener("pagehide", writeFragment);
  document.addEventListener("visibilitychange", writeFragment);
  window.addEventListener("hashchange", () => {
    fragmentLater.cancel();
    unwritten = {};
    state = readState();
    render();
  });

  await mountLearnViews();
  render();
  // A shared link to a view (a lesson's step, say) opens on that view, even on a phone where
  // the fields above it fill the screen.
  if (hash.get("view")) $("views").scrollIntoView({ block: "start" });
  $("load-status").remove();
  document.body.dataset.ready = "true";
}

main();
