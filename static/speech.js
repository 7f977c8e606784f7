/* The table screen speaks the big moments (issue #22), if this screen opted in: whose turn
   it is, an auction opened and its result, the end of the game triggered, the winner.
   The sentences are the server's, in the table screen's language, in #speak (inside
   #live, made from the public view); each is said once, the first time its key appears
   after the page loaded, by the browser's own speech synthesis (offline, nothing sent).
   The choice is kept in this browser (localStorage), per table screen. */
(() => {
  "use strict";

  const KEY = "tc-speak";
  const toggle = document.getElementById("speak-toggle");
  const live = document.getElementById("live");
  if (!toggle || !live) return;
  if (!("speechSynthesis" in window)) {
    toggle.disabled = true;
    return;
  }

  const stored = () => {
    try { return localStorage.getItem(KEY) === "on"; } catch { return false; }
  };
  let on = stored();
  const show = () => toggle.setAttribute("aria-pressed", on ? "true" : "false");
  show();
  toggle.addEventListener("click", () => {
    on = !on;
    try { localStorage.setItem(KEY, on ? "on" : "off"); } catch { /* private mode */ }
    show();
    if (!on) window.speechSynthesis.cancel();
  });

  const moments = () => [...document.querySelectorAll("#speak li[data-key]")];
  const said = new Set(moments().map((li) => li.dataset.key)); // a page loaded says nothing

  function speak() {
    for (const li of moments()) {
      const key = li.dataset.key;
      if (said.has(key)) continue;
      said.add(key);
      if (!on) continue;
      const u = new SpeechSynthesisUtterance(li.textContent);
      u.lang = document.documentElement.lang || "en";
      window.speechSynthesis.speak(u);
    }
  }
  new MutationObserver(speak).observe(live, { childList: true, subtree: true, characterData: true });
})();
