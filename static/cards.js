// Tsukiji Market (the card game): its forms post in the background and the answer, the
// viewer's whole card region, is morphed into #live (static/live.js keeps #live current
// from the stream otherwise). Without JavaScript the forms post and the page reloads.
(() => {
  "use strict";
  const live = document.getElementById("live");
  if (!live) return;
  // The posts still out, by what they send: a second tap on the same button before the
  // first is answered (a double tap, an impatient tap on a slow Wi-Fi) is the same post
  // again. Sent, it was refused ("The table changed since you looked") and that refusal
  // was put over the first post's answer, as if the card had not been recorded.
  const out = new Set();
  /** How long a tap's post may stay unanswered before it is said lost. */
  const GIVE_UP_MS = 15000;

  /** One line in the page's message bar (#flash), or none: what became of a tap. */
  function say(text) {
    const bar = document.getElementById("flash");
    if (!bar) return;
    if (!text) { bar.replaceChildren(); return; }
    const line = document.createElement("p");
    line.className = "error";
    line.textContent = text;
    bar.replaceChildren(line);
  }

  // The card this phone has to record comes into view when it comes (a won bid, its turn
  // in a Day tie, a steal or a draw): its taps sat below the Scale, out of view on a
  // phone, and "Record" needed a scroll. Only when it comes: the page never moves under
  // a form already there.
  if (document.body.classList.contains("page-cards-seat")) {
    const takeForm = () => live.querySelector("form.cards-take");
    let shown = takeForm() !== null;
    document.addEventListener("live:update", () => {
      const form = takeForm();
      if (form && !shown) form.scrollIntoView({ block: "start" });
      shown = form !== null;
    });
  }
  /** A refusal (the region's first line) is put beside the control that was tapped when
   * it is out of view: a card refused on a phone scrolled down to its form was said some
   * 1,400 px above the screen, and the tap seemed to do nothing. */
  function beside(control, error) {
    if (!control.isConnected) return;
    const box = error.getBoundingClientRect();
    if (box.top >= 0 && box.bottom <= window.innerHeight) return;
    (control.closest(".cards-picks, fieldset") || control).before(error);
  }

  // "This device is Aiko's phone" (the table screen's join codes) asks first: the table
  // device then shows Aiko's own bids.
  live.addEventListener("submit", (e) => {
    const form = e.target;
    if (form instanceof HTMLFormElement && form.dataset.confirm && !window.confirm(form.dataset.confirm)) {
      e.preventDefault();
      e.stopImmediatePropagation();
    }
  });

  live.addEventListener("submit", (e) => {
    const form = e.target;
    if (!(form instanceof HTMLFormElement) || !form.classList.contains("cards-form")) return;
    if (!window.tsukijiLive) return;
    e.preventDefault();
    const data = new FormData(form, e.submitter || undefined);
    const action = (e.submitter && e.submitter.getAttribute("formaction")) || form.action;
    const body = new URLSearchParams(data);
    // A post that names the version it saw (a take, a discard, undo) is one per version:
    // a second one to the same address, another pick tapped before the first was
    // answered (a finger landing on the card beside), could only be refused as stale.
    const seen = body.get("expected_seq");
    const key = seen === null ? `${action}\n${body}` : `${new URL(action, location.href).pathname}\n${seen}`;
    if (out.has(key)) return;
    out.add(key);
    const region = live.querySelector("#cards-live");
    const lost = region ? region.dataset.sayLost : "";
    // A post a stalled Wi-Fi keeps unanswered is given up after a while, said lost, and
    // its button taps again (while it is out, the same tap is not sent twice).
    const stop = new AbortController();
    const timer = setTimeout(() => stop.abort(), GIVE_UP_MS);
    fetch(action, {
      method: "POST", body, credentials: "same-origin", signal: stop.signal,
      headers: { "X-Cards": "1" },
    }).then((r) => r.text()).then((html) => {
      // The answer is the viewer's region; anything else (a sign-in refused, a page of a
      // proxy) is said in one line, never put in place of the region.
      if (html.includes('id="cards-live"')) {
        say("");
        window.tsukijiLive.morph(html);
        const refused = live.querySelector("#cards-live > .error");
        if (refused) {
          if (e.submitter) beside(e.submitter, refused);
        } else if (form.isConnected) {
          // Done: the ticks made for it go (live.js keeps a player's ticks through
          // updates), so a form that stays for the next card starts from the server's own.
          form.reset();
        }
      } else say(html.trim().startsWith("<") ? lost : html.trim());
    }).catch(() => say(lost)) // no answer at all (the Wi-Fi dropped): the tap is lost
      .finally(() => { clearTimeout(timer); out.delete(key); });
  });
})();
