/* The game pages (the table screen and a phone): the live stream and its fallback, the
   message bar, and the small helpers of the forms. Loaded deferred after htmx and its SSE
   extension; these pages run no inline script. */
(() => {
  "use strict";

  /** A notice fades this long after it appears. */
  const NOTICE_MS = 4000;
  /** An error that names Yen or a bid fades too, later; other errors wait for a tap. */
  const MONEY_ERROR_MS = 10000;
  /** The polling fallback, only while the stream is down. */
  const POLL_MS = 20000;

  const byId = (id) => document.getElementById(id);
  const flash = byId("flash");
  const stream = byId("live-stream");
  const live = byId("live");

  // ---- the message bar --------------------------------------------------------------------
  // The timer starts when a message appears. Live updates swap other parts of the page and
  // never restart it, so a sealed bid's amount does not stay on screen while the table is
  // busy (the reveal's update clears the bar as well).
  if (flash) {
    let timer = 0;
    const clear = () => { flash.innerHTML = ""; };
    new MutationObserver((records) => {
      const appeared = records.some((r) => [...r.addedNodes].some((n) => n.nodeType === 1));
      if (!appeared) return;
      clearTimeout(timer);
      const text = flash.textContent;
      if (flash.querySelector(".notice")) timer = setTimeout(clear, NOTICE_MS);
      else if (/¥|\bbid/i.test(text)) timer = setTimeout(clear, MONEY_ERROR_MS);
    }).observe(flash, { childList: true, subtree: true });
    flash.addEventListener("click", clear);
  }

  // ---- the live stream --------------------------------------------------------------------
  let source = null; // the EventSource the SSE extension opened last
  let replaced = false; // a newer page of this viewer took over: poll, never reconnect

  const streamUp = () => !replaced && source !== null && source.readyState === EventSource.OPEN;

  // The stream's address names the page as it stands now (#seen-version carries its
  // version and presence count), so a reconnect starts from what this page shows.
  function aim() {
    const seen = byId("seen-version");
    if (!stream || !seen) return;
    stream.setAttribute("sse-connect",
      `${stream.dataset.stream}&since=${seen.value}&p=${seen.dataset.presence}`);
  }

  // Every EventSource the SSE extension makes passes through here (it calls
  // htmx.createEventSource), so the page knows whether its stream is up, even before the
  // first one ever opened.
  function watch(opened) {
    source = opened;
    // The link was revoked: the page reloads into "this link is no longer valid".
    opened.addEventListener("signed-out", () => { opened.close(); window.location.reload(); });
    // Another tab or device of the same viewer has the stream now; two tabs reconnecting
    // in turn would push each other out for ever.
    opened.addEventListener("replaced", () => { replaced = true; opened.close(); });
  }
  if (window.htmx && window.htmx.createEventSource) {
    const make = window.htmx.createEventSource;
    window.htmx.createEventSource = (url) => {
      const made = make(url);
      watch(made);
      return made;
    };
  }

  document.addEventListener("htmx:sseError", (e) => {
    const failed = e.detail.source;
    aim();
    // The extension reconnects (re-reading sse-connect) once the source is closed; left
    // to itself the browser would resume from the last event's id, not from the page.
    if (failed && failed.readyState === EventSource.CONNECTING) failed.close();
  });

  function poll() {
    if (streamUp() || !live || !window.htmx) return;
    window.htmx.ajax("GET", live.dataset.poll, { source: live, target: "#live", swap: "innerHTML" });
  }
  setInterval(poll, POLL_MS);

  // An action's answer carries the live regions only while the stream is down (it brings
  // them otherwise), so the page has one way in for them at a time.
  document.addEventListener("htmx:configRequest", (e) => {
    e.detail.headers["X-Live"] = streamUp() ? "up" : "down";
  });

  document.addEventListener("htmx:beforeSwap", (e) => {
    if (e.detail.elt !== live || e.detail.requestConfig.verb !== "get") return;
    const status = e.detail.xhr.status;
    if (status === 401 || status === 403) {
      window.location.reload();
      return;
    }
    // A stream (re)connecting brings the page up to date from what it shows; a poll
    // swapped in meanwhile would leave it comparing against the wrong page.
    if (replaced) return;
    if (source !== null && source.readyState !== EventSource.CLOSED) e.detail.shouldSwap = false;
  });

  // ---- sections a player opened stay open (the fallback redraws #live whole) ----------------
  const keptOpen = new Set();
  document.querySelectorAll("details[data-keep][open]").forEach((d) => keptOpen.add(d.dataset.keep));
  document.addEventListener("toggle", (e) => {
    const d = e.target;
    if (!(d instanceof HTMLDetailsElement) || !d.dataset.keep) return;
    if (d.open) keptOpen.add(d.dataset.keep); else keptOpen.delete(d.dataset.keep);
  }, true);
  const restoreOpen = () => document.querySelectorAll("details[data-keep]").forEach((d) => {
    const want = keptOpen.has(d.dataset.keep);
    if (d.open !== want) d.open = want;
  });

  // ---- the track forms follow the board -------------------------------------------------------
  // The forms are no live region, so the Eel / Swordfish space they show is copied from the
  // live Market values ([data-value]) after every update. The "put it on space" field
  // follows too, unless the player has typed a space of their own into it.
  function followTracks() {
    document.querySelectorAll("[data-track-now]").forEach((shown) => {
      const board = document.querySelector(`#live [data-value="${shown.dataset.trackNow}"]`);
      if (!board) return;
      const now = board.textContent.trim();
      if (shown.textContent === now) return;
      shown.textContent = now;
      document.querySelectorAll(`[data-track-value="${shown.dataset.trackNow}"]`).forEach((field) => {
        if (document.activeElement === field) return;
        if (field.value === field.defaultValue || field.value === now) {
          field.defaultValue = now;
          field.value = now;
        }
      });
    });
  }

  // ---- the table screen's join codes leave the top when play starts -----------------------------
  // Before the first turn they come first, the width of the screen; once it has started
  // (live, without a reload) they go, closed, to the head of the side column, where a page
  // loaded during play has them.
  function followPhase() {
    const turn = byId("turn");
    const join = document.querySelector(".page-table details.join");
    const side = document.querySelector(".page-table .table-side");
    if (!turn || !join || !side || turn.dataset.phase === "ready" || side.contains(join)) return;
    join.open = false;
    side.prepend(join);
  }

  ["htmx:sseMessage", "htmx:afterSwap", "htmx:oobAfterSwap"].forEach((name) =>
    document.addEventListener(name, () => { aim(); restoreOpen(); followTracks(); followPhase(); }));
  followPhase();

  // ---- the forms ------------------------------------------------------------------------------
  // Quick amounts and the bid keypad: data-add adds to the form's amount, data-set sets it.
  document.addEventListener("click", (e) => {
    const button = e.target instanceof Element ? e.target.closest("button[data-add], button[data-set]") : null;
    if (!button || !button.form || !button.form.elements.amount) return;
    const input = button.form.elements.amount;
    if (button.dataset.set !== undefined) input.value = button.dataset.set;
    else input.value = Math.max(0, (Number(input.value) || 0) + Number(button.dataset.add));
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });

  // A recorded action empties the fields marked data-reset (amount, note, count).
  document.addEventListener("htmx:afterRequest", (e) => {
    const form = e.detail.elt;
    if (!(form instanceof HTMLFormElement) || !form.classList.contains("action-form")) return;
    if (e.detail.xhr && e.detail.xhr.status < 300) {
      form.querySelectorAll("[data-reset]").forEach((field) => { field.value = field.defaultValue; });
    }
  });

  // A plain form that asks first (the table device taking a seat).
  document.addEventListener("submit", (e) => {
    const form = e.target;
    if (form instanceof HTMLFormElement && form.dataset.confirm && !window.confirm(form.dataset.confirm)) {
      e.preventDefault();
    }
  });
})();
