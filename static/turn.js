// The turn guide's steppers and the price slots that follow a count (no framework).
(function () {
  "use strict";
  function fire(input) {
    input.dispatchEvent(new Event("input", { bubbles: true }));
    input.dispatchEvent(new Event("change", { bubbles: true }));
  }
  function slots(root) {
    (root || document).querySelectorAll(".turn-slot[data-needs]").forEach(function (slot) {
      var form = slot.closest("form");
      if (!form) return;
      var count = form.querySelector('[name="' + slot.dataset.needs + '"]');
      // A count that is itself hidden counts as 0 (sale 3 hides with sale 2).
      var n = count && !count.disabled ? parseInt(count.value || "0", 10) || 0 : 0;
      var on = n * (parseInt(slot.dataset.per || "1", 10)) > parseInt(slot.dataset.index, 10);
      slot.hidden = !on;
      slot.querySelectorAll("input, button").forEach(function (el) { el.disabled = !on; });
    });
  }
  document.addEventListener("click", function (e) {
    var btn = e.target.closest && e.target.closest(".tstep-btn");
    if (!btn) return;
    var input = document.getElementById(btn.getAttribute("aria-controls"));
    if (!input || input.disabled) return;
    if (btn.dataset.step === "1") input.stepUp(); else input.stepDown();
    slots(input.form);
    fire(input);
  });
  document.addEventListener("input", function (e) {
    if (e.target.form && e.target.closest(".turn-guide")) slots(e.target.form);
  }, true);
  document.addEventListener("htmx:afterSettle", function () { slots(document); });
  document.addEventListener("DOMContentLoaded", function () { slots(document); });
})();
