// Tsukiji Market (the card game): its forms post in the background and the answer, the
// viewer's whole card region, is morphed into #live (static/live.js keeps #live current
// from the stream otherwise). Without JavaScript the forms post and the page reloads.
(() => {
  "use strict";
  const live = document.getElementById("live");
  if (!live) return;
  live.addEventListener("submit", (e) => {
    const form = e.target;
    if (!(form instanceof HTMLFormElement) || !form.classList.contains("cards-form")) return;
    if (!window.tsukijiLive) return;
    e.preventDefault();
    const data = new FormData(form, e.submitter || undefined);
    const action = (e.submitter && e.submitter.getAttribute("formaction")) || form.action;
    fetch(action, {
      method: "POST", body: new URLSearchParams(data), credentials: "same-origin",
      headers: { "X-Cards": "1" },
    }).then((r) => r.text()).then((html) => window.tsukijiLive.morph(html)).catch(() => {});
  });
})();
