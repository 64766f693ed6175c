// The views as an accessible tablist (WAI-ARIA Authoring Practices, "Tabs with automatic
// activation"): arrow keys, Home and End move between the tabs and choose the one they reach.
// Every tab also stays in the Tab order, so a reader who does not know the arrow keys reaches
// each view with Tab and Enter.

/**
 * Wire the tabs of `tablist` (elements with role=tab and data-view); `choose(view)` is called
 * when the reader picks one. Returns select(view), which marks a view's tab as chosen.
 */
export function tablist(list, choose) {
  const tabs = [...list.querySelectorAll('[role="tab"]')];
  list.addEventListener("click", (e) => {
    const tab = e.target.closest('[role="tab"]');
    if (tab) choose(tab.dataset.view);
  });
  list.addEventListener("keydown", (e) => {
    const at = tabs.indexOf(document.activeElement);
    if (at < 0) return;
    const vertical = list.getAttribute("aria-orientation") === "vertical";
    const next = {
      ArrowRight: vertical ? null : at + 1,
      ArrowLeft: vertical ? null : at - 1,
      ArrowDown: vertical ? at + 1 : null,
      ArrowUp: vertical ? at - 1 : null,
      Home: 0,
      End: tabs.length - 1,
    }[e.key];
    if (next === null || next === undefined) return;
    e.preventDefault();
    const tab = tabs[(next + tabs.length) % tabs.length];
    tab.focus();
    choose(tab.dataset.view);
  });
  return function select(view) {
    for (const tab of tabs) {
      const on = tab.dataset.view === view;
      tab.setAttribute("aria-selected", on ? "true" : "false");
    }
  };
}
