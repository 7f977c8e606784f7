// Tsukiji Market (the card game): the live card region of the table screen and the phones.
// The stream sends the viewer's whole region on every change; a form posts in the
// background and swaps in the region it answers. Without JavaScript the forms post and
// the page reloads.
(() => {
  "use strict";
  const root = document.getElementById("cards-root");
  if (!root) return;
  const swap = (html) => {
    const now = document.getElementById("cards-live");
    const box = document.createElement("div");
    box.innerHTML = html;
    const next = box.querySelector("#cards-live");
    if (!next) return;
    const seen = now ? Number(now.dataset.seq) : -1;
    if (now && Number(next.dataset.seq) < seen) return; // an older answer than the page
    if (now) now.replaceWith(next); else root.appendChild(next);
  };
  let source = null;
  const connect = () => {
    source = new EventSource(root.dataset.stream);
    source.addEventListener("update", (e) => swap(e.data));
    source.addEventListener("signed-out", () => { source.close(); window.location.reload(); });
    source.addEventListener("replaced", () => source.close());
    source.onopen = () => { root.dataset.live = "open"; };
    source.onerror = () => {
      root.dataset.live = "down";
      fetch(root.dataset.poll, { credentials: "same-origin" })
        .then((r) => (r.ok ? r.text() : null)).then((t) => { if (t) swap(t); })
        .catch(() => {});
    };
  };
  connect();
  root.addEventListener("submit", (e) => {
    const form = e.target;
    if (!(form instanceof HTMLFormElement) || !form.classList.contains("cards-form")) return;
    e.preventDefault();
    const data = new FormData(form, e.submitter || undefined);
    const action = (e.submitter && e.submitter.getAttribute("formaction")) || form.action;
    fetch(action, {
      method: "POST", body: new URLSearchParams(data), credentials: "same-origin",
      headers: { "X-Cards": "1" },
    }).then((r) => r.text()).then(swap).catch(() => {});
  });
})();
