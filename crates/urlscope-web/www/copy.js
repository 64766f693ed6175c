// Copying the result, or one of the copy-as forms (Markdown, curl, defanged…), to the clipboard.
// The forms are the core's (copyForms). They are asked for when needed: on a copy, and for the
// preview of the chosen form just after the keystroke (for a long URL only when the reader
// chooses a form: a keystroke redraws the result, not ten forms of a long URL).

import { fill, h } from "./dom.js";
import { LONG_URL } from "./pace.js";

/**
 * Wire the copy controls. `current()` gives {url, profile, options, result}. Returns
 * {refresh}, called after each change of the URL or profile.
 */
export function wireCopy({ urlscope, button, formButton, select, preview, status, current }) {
  let forms = null;
  let pending = 0;

  const formsNow = () => {
    if (!forms) {
      const { url, profile, options } = current();
      forms = urlscope.copyForms(url, profile, options);
      const ids = forms.map((f) => f.id).join(" ");
      if (select.dataset.ids !== ids) {
        const keep = select.value;
        fill(select, forms.map((f) => h("option", { value: f.id }, f.label)));
        select.dataset.ids = ids;
        if (forms.some((f) => f.id === keep)) select.value = keep;
      }
    }
    return forms;
  };

  const chosen = () => {
    const all = formsNow();
    return all.find((f) => f.id === select.value) ?? all[0];
  };

  const showChosen = () => {
    pending = 0;
    preview.textContent = chosen()?.text ?? "";
  };

  const write = async (text, what) => {
    try {
      await navigator.clipboard.writeText(text);
      status.textContent = `Copied ${what}.`;
    } catch (e) {
      status.textContent = `Could not copy (${e.message || e.name}): select the text and copy it yourself.`;
    }
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
      forms = null;
      status.textContent = "";
      if (!select.options.length) showChosen();
      else if (current().url.length > LONG_URL) {
        // Ten forms of a long URL cost more than a frame: they are made when asked for.
        clearTimeout(pending);
        pending = 0;
        preview.textContent = "";
      } else if (!pending) pending = setTimeout(showChosen, 0);
    },
  };
}
