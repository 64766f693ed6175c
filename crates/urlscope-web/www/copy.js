// Copying the result, or one of the copy-as forms (Markdown, curl, defanged…), to the clipboard.
// The forms are the core's (copyForms); the chosen one is shown before it is copied.

import { fill, h } from "./dom.js";

/**
 * Wire the copy controls. `current()` gives {url, profile, options, result}. Returns
 * {refresh}, called after each change of the URL or profile.
 */
export function wireCopy({ urlscope, button, formButton, select, preview, status, current }) {
  let forms = [];

  const write = async (text, what) => {
    try {
      await navigator.clipboard.writeText(text);
      status.textContent = `Copied ${what}.`;
    } catch (e) {
      status.textContent = `Could not copy (${e.message || e.name}): select the text and copy it yourself.`;
    }
  };

  const chosen = () => forms.find((f) => f.id === select.value) ?? forms[0];

  const showChosen = () => {
    const form = chosen();
    preview.textContent = form ? form.text : "";
  };

  button.addEventListener("click", () => write(current().result, "the result"));
  formButton.addEventListener("click", () => {
    const form = chosen();
    if (form) write(form.text, `as ${form.label}`);
  });
  select.addEventListener("change", () => {
    status.textContent = "";
    showChosen();
  });

  return {
    refresh() {
      const { url, profile, options } = current();
      forms = urlscope.copyForms(url, profile, options);
      const ids = forms.map((f) => f.id).join(" ");
      if (select.dataset.ids !== ids) {
        const keep = select.value;
        fill(select, forms.map((f) => h("option", { value: f.id }, f.label)));
        select.dataset.ids = ids;
        if (forms.some((f) => f.id === keep)) select.value = keep;
      }
      status.textContent = "";
      showChosen();
    },
  };
}
