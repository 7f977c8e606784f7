/* The live part of a game page, for both games: #live is kept current from the page's
   stream. Every `update` event is the viewer's whole live part, rendered by the server
   from their own view; it is morphed in (idiomorph), so what is being typed, where focus
   is and which sections are open stay as they are, and the page always equals its own
   reload. The board game's phones also get `guide` events (the turn guide, outside
   #live) when it changes. While the stream is down the page polls.

   It also makes sure nobody misses what needs them: an auction that needs my bid, the
   reveal and my turn are brought into view, the phone vibrates where it can, the tab's
   title says so, and a screen reader hears it. */
(() => {
  "use strict";

  // The logged play's Copy button (templates/report/_play.html): its text to the clipboard,
  // and selected, so the player sees what was copied. Nothing is kept on the page.
  document.addEventListener("click", (e) => {
    const button = e.target instanceof Element ? e.target.closest("button[data-copy]") : null;
    const text = button ? document.querySelector(button.dataset.copy) : null;
    if (!(text instanceof HTMLTextAreaElement)) return;
    text.select();
    if (navigator.clipboard) navigator.clipboard.writeText(text.value).catch(() => {});
  });

  const live = document.getElementById("live");
  if (!live || !live.dataset.stream) return;

  /** The polling fallback's period, only while the stream is down. */
  const POLL_MS = 20000;
  /** How long after the stream failed for good (a 503, a server restart) to open it again. */
  const REOPEN_MS = [2000, 5000, 15000];

  const byId = (id) => document.getElementById(id);
  const baseTitle = document.title;
  let source = null;
  let replaced = false; // a newer page of this viewer took over: never reconnect
  let failures = 0;

  const streamUp = () => source !== null && source.readyState === EventSource.OPEN;
  const state = () => byId("live-state");
  /** The version a live part was rendered at (its child that carries data-version), or NaN. */
  const versionIn = (root) => {
    const mark = [...root.children].find((el) => el instanceof HTMLElement && "version" in el.dataset);
    return mark ? Number(mark.dataset.version) : NaN;
  };
  const version = () => {
    const v = versionIn(live);
    return Number.isNaN(v) ? "" : String(v);
  };
  const guideKey = () => (byId("turn-key") ? byId("turn-key").value : "");

  // ---- putting an update in ---------------------------------------------------------------
  // What the player holds is theirs: a <details> they opened or closed, a field they typed
  // in (its value differs from the one the server wrote), a box they ticked or a choice
  // they made (its checked state differs from the server's). Everything else follows the
  // server. A form whose post succeeded is reset by its page (static/cards.js).
  const held = new WeakSet(); // the <details> this player opened or closed by hand
  const sent = new WeakMap(); // each part of #live → the markup the last update gave it
  document.addEventListener("click", (e) => {
    const summary = e.target instanceof Element ? e.target.closest("summary") : null;
    if (summary && summary.parentElement instanceof HTMLDetailsElement) held.add(summary.parentElement);
  });
  const callbacks = {
    beforeAttributeUpdated(name, el) {
      if (name === "open" && held.has(el)) return false;
      if (name === "value" && (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement)
          && el.type !== "hidden" && el.value !== el.defaultValue) return false;
      if (name === "checked" && el instanceof HTMLInputElement && el.checked !== el.defaultChecked) return false;
      return true;
    },
  };
  // The parts as the page was served: an update leaves alone a part whose markup it
  // gives again unchanged.
  for (const part of live.children) sent.set(part, part.outerHTML);

  /** Each part of #live that changed is morphed on its own: a payment walks a card, the
   * boards and the history, not the whole page (idiomorph's cost grows with what it is
   * given). When the parts themselves come and go (an auction opens, the game ends), the
   * whole of #live is morphed at once. Returns the parts that were put in. */
  function morphParts(box) {
    const next = [...box.content.children];
    const now = [...live.children];
    const same = next.length === now.length
      && next.every((el, i) => el.tagName === now[i].tagName && el.id === now[i].id);
    if (!same) {
      window.Idiomorph.morph(live, box.content, { morphStyle: "innerHTML", callbacks });
      for (const part of live.children) sent.set(part, part.outerHTML);
      return [live];
    }
    const changed = [];
    next.forEach((el, i) => {
      const markup = el.outerHTML;
      if (sent.get(now[i]) === markup) return;
      window.Idiomorph.morph(now[i], el, { morphStyle: "outerHTML", callbacks });
      const part = live.children[i];
      sent.set(part, markup);
      changed.push(part);
    });
    return changed;
  }

  function morph(html) {
    const box = document.createElement("template");
    box.innerHTML = html;
    // An answer overtaken by a newer update never puts the page back: a tap's answer that
    // came after the stream's next event, a poll that crossed an action.
    if (versionIn(box.content) < versionIn(live)) return;
    const before = snapshot();
    const changed = morphParts(box);
    if (window.htmx) changed.forEach((part) => window.htmx.process(part));
    attend(before, snapshot());
    document.dispatchEvent(new CustomEvent("live:update"));
  }

  function putGuide(html) {
    const wrap = byId("turn-guide-wrap");
    if (!wrap) return;
    const box = document.createElement("template");
    box.innerHTML = html;
    const key = box.content.querySelector("#turn-key");
    if (key && key.value === guideKey()) return; // this page has it already (its own Confirm)
    wrap.innerHTML = html;
    if (window.htmx) window.htmx.process(wrap);
    attend(null, snapshot());
    document.dispatchEvent(new CustomEvent("live:guide"));
  }

  // ---- what needs this player --------------------------------------------------------------
  function snapshot() {
    const s = state();
    if (!s) return {};
    const d = s.dataset;
    return { auction: d.auction, bid: d.bid, reveal: d.reveal, turn: d.myTurn };
  }

  function show(el) {
    if (el && !el.hidden) el.scrollIntoView({ block: "start", behavior: "auto" });
  }

  function buzz() {
    if (navigator.vibrate) {
      try { navigator.vibrate([120, 60, 120]); } catch (e) { /* not allowed before a tap */ }
    }
  }

  function say(text) {
    const region = byId("attention"); // the page's own, outside #live (the server's is #announce)
    if (region && text) region.textContent = text;
  }

  function attend(before, now) {
    // What to say: #live's words, or the live part's own where it names what is needed.
    const words = { ...live.dataset, ...(state() ? state().dataset : {}) };
    let title = "";
    if (now.bid) title = words.sayBid;
    else if (now.turn) title = words.sayTurn;
    document.title = title ? `● ${title} — ${baseTitle}` : baseTitle;
    if (!before) return;
    // A message that names a bid (or Yen) never outlives the auction it was about.
    if (before.auction && before.auction !== now.auction && byId("flash")) byId("flash").innerHTML = "";
    if (now.bid && now.bid !== before.bid) {
      show(byId("bid-sheet"));
      buzz();
      say(words.sayBid);
    } else if (now.reveal && now.reveal !== before.reveal) {
      const auction = byId("auction");
      if (auction && auction.querySelector(".choices")) {
        // A choice only this page can make (a tie's winner, an offer): the auction and its
        // choices are the next tap, my turn or not (its actions wait for it).
        show(auction);
      } else if (now.turn) {
        // My turn goes on (#20): my guide comes into view (its next tap), and the result
        // comes as the message at the bottom, the history's newest line.
        show(byId("turn-guide-wrap"));
        const line = document.querySelector("#log li:not(.undone) .text");
        const flash = byId("flash");
        if (line && flash) {
          const p = document.createElement("p");
          p.className = "notice";
          p.textContent = line.textContent.trim();
          flash.replaceChildren(p);
        }
      } else show(byId("auction"));
    } else if (now.turn && now.turn !== before.turn) {
      show(byId("turn-guide-wrap"));
      buzz();
      say(words.sayTurn);
    }
  }

  // ---- the stream ---------------------------------------------------------------------------
  /** Every message as it arrives, for whoever listens (the tests, a benchmark). */
  const heard = (e) =>
    document.dispatchEvent(new CustomEvent("live:message", { detail: { type: e.type, data: e.data } }));

  function open() {
    if (replaced) return;
    let url = `${live.dataset.stream}&since=${encodeURIComponent(version())}`;
    if (guideKey()) url += `&key=${encodeURIComponent(`guide:${guideKey()}`)}`;
    const opened = new EventSource(url);
    source = opened;
    opened.addEventListener("open", () => {
      failures = 0;
      document.dispatchEvent(new CustomEvent("live:open"));
    });
    opened.addEventListener("update", (e) => { heard(e); morph(e.data); });
    opened.addEventListener("guide", (e) => { heard(e); putGuide(e.data); });
    // The link was revoked: the page reloads into "this link is no longer valid".
    opened.addEventListener("signed-out", () => { opened.close(); window.location.reload(); });
    // Another tab or device of the same viewer has the stream now; two tabs reconnecting
    // in turn would push each other out for ever.
    opened.addEventListener("replaced", () => { replaced = true; opened.close(); });
    opened.addEventListener("error", () => {
      poll();
      // The browser reconnects by itself (Last-Event-ID) unless the answer was no stream
      // at all (a 503 when every slot is taken, or the server gone): then open it again.
      if (opened.readyState === EventSource.CLOSED && !replaced) {
        const wait = REOPEN_MS[Math.min(failures, REOPEN_MS.length - 1)];
        failures += 1;
        setTimeout(() => { if (source === opened) open(); }, wait);
      }
    });
  }

  let polling = false;
  let again = false; // asked for while a poll was out: its answer may be older than the ask
  function poll() {
    if (streamUp()) return;
    if (polling) { again = true; return; }
    polling = true;
    again = false;
    fetch(live.dataset.poll, { credentials: "same-origin", headers: { "X-Live": "down" } })
      .then((r) => {
        if (r.status === 401 || r.status === 403) { window.location.reload(); return null; }
        return r.ok ? r.text() : null;
      })
      .then((html) => {
        if (html === null || streamUp()) return;
        morph(html);
        const s = state();
        const wrap = byId("turn-guide-wrap");
        if (s && wrap && wrap.dataset.refresh && s.dataset.guide !== guideKey() && window.htmx) {
          window.htmx.ajax("GET", `${wrap.dataset.refresh}?key=${encodeURIComponent(guideKey())}`,
            { source: wrap, target: wrap, swap: "innerHTML" });
        }
      })
      .catch(() => {})
      .finally(() => {
        polling = false;
        if (again) poll();
      });
  }
  setInterval(poll, POLL_MS);
  // An action answered while the stream was down asks for #live at once.
  document.body.addEventListener("live-poll", poll);

  // An action's answer leaves #live to the stream while it is up (web/forms.py).
  document.addEventListener("htmx:configRequest", (e) => {
    e.detail.headers["X-Live"] = streamUp() ? "up" : "down";
  });

  // ``keeping``: idiomorph's callbacks that keep what the player holds, for a page's own
  // parts outside #live (static/game.js's correction panels).
  window.tsukijiLive = { morph, streamUp, poll, keeping: callbacks };
  attend(null, snapshot());
  open();
})();
