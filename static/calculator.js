/* Scoring calculator: − / + steppers and errors shown next to their field.
 *
 * Without this file the page still works: every − / + is a submit button whose
 * name="step" value="<field>:±1" the server applies, and errors are rendered inline.
 * With it, a press changes the number here and fires "input", which htmx turns into a
 * POST to /calculator/report (no page reload). The arithmetic matches
 * companion/web/calculator.py:stepped(). No scoring happens here.
 */
(function () {
  "use strict";

  function stepped(raw, delta, min, max) {
    // Full-width digits ("２", a Japanese phone keyboard's) are their numbers, as on the
    // server (companion/web/calculator.py: stepped).
    var text = raw.normalize("NFKC").trim();
    if (text !== "" && !/^[+-]?[0-9]+$/.test(text)) return null;
    var value = text === "" ? (delta > 0 ? Math.max(min, delta) : min) : parseInt(text, 10) + delta;
    value = Math.max(min, value);
    if (!isNaN(max)) value = Math.min(max, value);
    return value;
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest("button[data-step]");
    if (!button) return;
    var input = document.getElementById(button.getAttribute("aria-controls"));
    if (!input) return;
    event.preventDefault();
    var next = stepped(input.value, Number(button.dataset.step),
      Number(input.dataset.min || 0), Number(input.dataset.max));
    if (next === null || String(next) === input.value) return;
    input.value = String(next);
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });

  // After a report arrives, move its error (if any) next to the field it names.
  function placeError() {
    document.querySelectorAll(".calc .field-error").forEach(function (el) { el.remove(); });
    document.querySelectorAll(".calc [aria-invalid]").forEach(function (el) {
      el.removeAttribute("aria-invalid");
      el.removeAttribute("aria-describedby");
    });
    var report = document.querySelector("#report [data-error-field]");
    if (!report) return;
    var wrap = document.querySelector('.calc [data-field="' + CSS.escape(report.dataset.errorField) + '"]');
    if (!wrap) return;
    var message = document.createElement("p");
    message.className = "error field-error";
    message.id = "calc-field-error";
    message.setAttribute("role", "alert");
    message.textContent = report.dataset.errorMessage;
    wrap.appendChild(message);
    var input = wrap.querySelector("input");
    if (input && input.type !== "checkbox") {
      input.setAttribute("aria-invalid", "true");
      input.setAttribute("aria-describedby", message.id);
    }
  }

  document.addEventListener("htmx:afterSettle", placeError);
})();
