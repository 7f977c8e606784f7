/* Tokyo Jutaku page: − / + change the number in place.
 *
 * Without this file the page still works: every − / + is a submit button whose
 * name="step" value="<field>:±1" the server applies (companion/web/jutaku.py:_stepped,
 * the same arithmetic). Enter in a number field does nothing here, rather than pressing
 * the form's first button (a "−"). No payout is computed here.
 */
(function () {
  "use strict";

  document.addEventListener("click", function (event) {
    var button = event.target.closest(".jutaku-page button[data-step]");
    if (!button) return;
    var input = document.getElementById(button.getAttribute("aria-controls"));
    if (!input) return;
    event.preventDefault();
    // Full-width digits ("２", a Japanese phone keyboard's) are their numbers, as on the
    // server (companion/web/jutaku.py: typed).
    var text = input.value.normalize("NFKC").trim();
    if (text !== "" && !/^[0-9]+$/.test(text)) return; // the server names what is wrong
    var value = (text === "" ? 0 : parseInt(text, 10)) + Number(button.dataset.step);
    value = Math.max(0, Math.min(Number(input.dataset.max), value));
    input.value = String(value);
  });

  document.addEventListener("keydown", function (event) {
    if (event.key === "Enter" && event.target.matches && event.target.matches(".jutaku-page input[inputmode=numeric]")) {
      event.preventDefault();
    }
  });
})();
