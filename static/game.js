/* The game pages (the table screen and a phone): the message bar and the small helpers of
   the forms (the live part is static/live.js). Loaded deferred after htmx; these pages
   run no inline script. */
(() => {
  "use strict";

  /** A notice fades this long after it appears. */
  const NOTICE_MS = 4000;
  /** An error that names Yen or a bid fades too, later; other errors wait for a tap. */
  const MONEY_ERROR_MS = 10000;

  const byId = (id) => document.getElementById(id);
  const flash = byId("flash");

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

  // ---- a late answer never puts the guide back ------------------------------------------------
  // A Confirm's answer (or a refresh of the guide) is the guide as it was at its entry
  // (#turn-key's data-version). On a slow Wi-Fi the stream may have brought a newer #live
  // and its guide first (the table undid the action, or moved on to the next turn): that
  // answer is older than the page and is not put in, or the phone would show a turn that
  // is over and stay so (the stream has nothing newer to send). Its message still shows,
  // and the guide is asked for afresh: an action that left the turn's key as it was (a
  // free move) brought no guide by the stream, and its panel, still open with its
  // Confirm, would do it again.
  document.addEventListener("htmx:beforeSwap", (e) => {
    const target = e.detail.target;
    if (!target || target.id !== "turn-guide-wrap" || !e.detail.shouldSwap) return;
    const box = document.createElement("template");
    box.innerHTML = e.detail.serverResponse;
    const key = box.content.querySelector("#turn-key");
    const seen = byId("live-state");
    if (!key || !seen || !(Number(key.dataset.version) < Number(seen.dataset.version))) return;
    e.detail.shouldSwap = false;
    const said = box.content.querySelector("#flash");
    if (said && flash) flash.innerHTML = said.innerHTML;
    if (window.htmx && target.dataset.refresh) {
      window.htmx.ajax("GET", target.dataset.refresh, { source: target, target, swap: "innerHTML" });
    }
  });

  // ---- the track forms follow the board -------------------------------------------------------
  // The forms are outside #live, so the Eel / Swordfish space they show is copied from the
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

  // Once per live update (static/live.js), and once now.
  document.addEventListener("live:update", followTracks);
  followTracks();

  // ---- the history's times, in the viewer's own time ------------------------------------------
  // The server writes each entry's time in UTC (<time datetime="…Z">18:04:05</time>, what a
  // page without script shows); the browser knows its own time zone. Written again after
  // every live update and every swap, which bring the server's UTC text back.
  const two = (n) => String(n).padStart(2, "0");
  function localTimes() {
    document.querySelectorAll("time[datetime][data-local]").forEach((el) => {
      const at = new Date(el.dateTime);
      if (Number.isNaN(at.getTime())) return;
      const text = `${two(at.getHours())}:${two(at.getMinutes())}:${two(at.getSeconds())}`;
      if (el.textContent !== text) el.textContent = text;
    });
  }
  document.addEventListener("live:update", localTimes);
  document.addEventListener("htmx:afterSettle", localTimes);
  localTimes();

  // ---- a closed panel's forms, fetched when it opens (#16), following the game --------------
  // The page carries only the forms it shows (templates/game/_forms.html); a closed panel
  // names its forms' address and they come, for this viewer and as the game is now, when
  // it is first opened. A failed fetch leaves the panel to try again on its next opening.
  // Their choices are the game's (the Auction bag's tokens, the markets not yet
  // Overfished), and the panels are outside #live: after every live update an open panel
  // is asked again and morphed in (what the player typed or chose stays theirs, as in
  // #live), a closed one when it next opens; an answer older than a later ask is dropped.
  const asked = new WeakMap(); // a panel → the number of its latest ask
  const sent = new WeakSet(); // a panel's forms whose post was recorded since its last ask
  /** The choices the player made in a panel's menus: [menu, option] while that differs
   * from what the server chose. One the game no longer offers stays chosen (never another
   * in its place): posted, it is refused in the rules' words. */
  const chosen = (root) => [...root.querySelectorAll("select")].flatMap((menu) => {
    const first = [...menu.options].find((o) => o.defaultSelected) || menu.options[0];
    const mine = menu.selectedOptions[0];
    return first && mine && mine !== first ? [[menu, mine.cloneNode(true)]] : [];
  });
  function askPanel(details) {
    const src = details.dataset.panelSrc;
    const body = details.querySelector(":scope > .panel-body");
    if (!src || !body) return;
    const n = (asked.get(details) || 0) + 1;
    asked.set(details, n);
    const first = details.dataset.panel !== "loaded" && details.dataset.panel !== "stale";
    if (first) details.dataset.panel = "loading";
    fetch(src, { credentials: "same-origin" })
      .then((r) => r.text().then((html) => {
        if (asked.get(details) !== n) return; // a later ask is out
        if (!r.ok) {
          if (first) { body.innerHTML = html; delete details.dataset.panel; }
          return;
        }
        const mine = chosen(body);
        // What the host typed or ticked stays, as in #live (static/live.js keeps it).
        const keeping = window.tsukijiLive && window.tsukijiLive.keeping;
        if (first || !window.Idiomorph || !keeping) body.innerHTML = html;
        else window.Idiomorph.morph(body, html, { morphStyle: "innerHTML", callbacks: keeping });
        for (const [menu, option] of mine) {
          if (!menu.isConnected) continue;
          if (![...menu.options].some((o) => o.value === option.value)) {
            if (sent.has(menu.form)) continue; // what it sent was done: the server's choice now
            menu.append(option);
          }
          menu.value = option.value;
        }
        body.querySelectorAll("form").forEach((form) => sent.delete(form));
        details.dataset.panel = "loaded";
        if (window.htmx) window.htmx.process(body);
        followTracks();
      }))
      .catch(() => {
        if (asked.get(details) !== n || !first) return;
        delete details.dataset.panel;
        body.textContent = body.dataset.failed || "";
      });
  }
  document.addEventListener("toggle", (e) => {
    const details = e.target;
    if (!(details instanceof HTMLDetailsElement) || !details.open || !details.dataset.panelSrc) return;
    if (!details.dataset.panel || details.dataset.panel === "stale") askPanel(details);
  }, true);
  // A panel's own post: once it is answered the panel is asked again (an update the
  // stream brought while the post was out was not put in under it).
  document.addEventListener("htmx:afterRequest", (e) => {
    const form = e.detail.elt instanceof Element ? e.detail.elt.closest("form") : null;
    const details = form && form.closest("details[data-panel-src]");
    if (!details || !details.open || details.dataset.panel !== "loaded") return;
    if (e.detail.xhr && e.detail.xhr.status < 300) sent.add(form);
    askPanel(details);
  });
  document.addEventListener("live:update", () => {
    document.querySelectorAll("details[data-panel-src][data-panel]").forEach((details) => {
      if (!details.open) {
        if (details.dataset.panel === "loaded") details.dataset.panel = "stale";
        return;
      }
      // Never under a post still out from it: its answer's update asks again.
      if (!details.querySelector(".htmx-request")) askPanel(details);
    });
  });

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

// The turn guide's steppers and the price slots that follow a count (no framework).
(function () {
  "use strict";
  function fire(input) {
    input.dispatchEvent(new Event("input", { bubbles: true }));
    input.dispatchEvent(new Event("change", { bubbles: true }));
  }
  // A field that goes only once it changes (a new price, a sale): the fields of a
  // .turn-changed block carry their name (data-name) while its stepper is off its first
  // value, and none before, so the form does not send them.
  function changed(root) {
    (root || document).querySelectorAll(".turn-changed").forEach(function (box) {
      var step = box.querySelector(".tstep-input");
      var on = !!step && Number(step.value) !== Number(step.defaultValue);
      box.querySelectorAll("[data-name]").forEach(function (el) {
        if (on) el.name = el.dataset.name; else el.removeAttribute("name");
      });
    });
  }
  function turn(slot, on) {
    slot.hidden = !on;
    slot.querySelectorAll("input, button").forEach(function (el) { el.disabled = !on; });
  }
  function slots(root) {
    changed(root);
    // A slot that follows a tap: on while its fieldset's chosen radio opens it (a boat's
    // barrel prices, while it docks at home).
    (root || document).querySelectorAll(".turn-slot[data-with]").forEach(function (slot) {
      var box = slot.closest("fieldset");
      var chosen = box && box.querySelector('input[type="radio"]:checked');
      turn(slot, !!chosen && chosen.dataset.opens === slot.dataset.with);
    });
    (root || document).querySelectorAll(".turn-slot[data-needs]").forEach(function (slot) {
      var form = slot.closest("form");
      if (!form) return;
      // The count, or a radio group's checked value (a trade's place; "No trade" is "").
      var named = '[name="' + slot.dataset.needs + '"]';
      var count = form.querySelector(named + ":not([type=radio]), " + named + ":checked");
      // A count that is itself hidden counts as 0 (sale 3 hides with sale 2).
      var n = count && !count.disabled ? parseInt(count.value || "0", 10) || 0 : 0;
      var on = n * (parseInt(slot.dataset.per || "1", 10)) > parseInt(slot.dataset.index, 10);
      turn(slot, on);
    });
  }
  // A radio that names its group (a boat's taps on the Fishing panel): the group takes
  // the chosen radio's data-name, so its item's number says when it goes (undocks, then
  // docks, then catches). Before the form's own change listener (capture).
  document.addEventListener("change", function (e) {
    var radio = e.target;
    if (!(radio instanceof HTMLInputElement) || radio.type !== "radio" || !radio.dataset.name) return;
    var box = radio.closest("fieldset");
    if (!box) return;
    box.querySelectorAll('input[type="radio"][data-name]').forEach(function (el) {
      el.name = radio.dataset.name;
    });
  }, true);
  // A stepper refuses a value past its limit on the spot, with the reason under it: the
  // value goes back to the limit, so the preview and Confirm get the same number.
  function limit(input, wanted) {
    var why = document.getElementById(input.id + "-why");
    var lo = Number(input.min), hi = Number(input.max);
    var v = wanted === undefined ? Number(input.value) : wanted;
    var said = "";
    if (input.value !== "" && !isNaN(v)) {
      if (input.max !== "" && v > hi) { said = why ? why.dataset.over : ""; input.value = hi; }
      else if (input.min !== "" && v < lo) { said = why ? why.dataset.under : ""; input.value = lo; }
    }
    if (why) { why.textContent = said; why.hidden = !said; }
    if (said) input.setAttribute("aria-invalid", "true"); else input.removeAttribute("aria-invalid");
  }
  // A one-tap price chip (the Fishing panel's ¥200 ¥300 …) sets its stepper.
  document.addEventListener("click", function (e) {
    var chip = e.target.closest && e.target.closest(".tstep-set");
    if (!chip) return;
    var input = document.getElementById(chip.getAttribute("aria-controls"));
    if (!input || input.disabled) return;
    input.value = chip.dataset.set;
    limit(input);
    fire(input);
  });
  document.addEventListener("click", function (e) {
    var btn = e.target.closest && e.target.closest(".tstep-btn");
    if (!btn) return;
    var input = document.getElementById(btn.getAttribute("aria-controls"));
    if (!input || input.disabled) return;
    var up = btn.dataset.step === "1";
    var step = Number(input.step) || 1;
    var wanted = (Number(input.value) || 0) + (up ? step : -step);
    if (up) input.stepUp(); else input.stepDown();
    slots(input.form);
    fire(input);
    limit(input, wanted);  // after fire(): its input event would clear the reason
  });
  document.addEventListener("input", function (e) {
    if (e.target.classList && e.target.classList.contains("tstep-input")) limit(e.target);
    if (e.target.form && e.target.closest(".turn-guide")) slots(e.target.form);
  }, true);
  document.addEventListener("htmx:afterSettle", function () { slots(document); });
  document.addEventListener("live:guide", function () { slots(document); });

  // ---- my turn comes first (#20) ---------------------------------------------------------------
  // After a Confirm (the guide comes back whole) the guide's head is brought to the top of
  // the screen, so its next step is in view wherever the Confirm was; a panel opened from
  // the guide is brought into view when its head is off screen.
  function toTop(el) {
    // Its head just below the sticky top bar.
    window.scrollBy(0, el.getBoundingClientRect().top - barBottom() - 8);
  }
  function intoView(el) {
    if (!el) return;
    const r = el.getBoundingClientRect();
    if (r.top < barBottom() || r.top > window.innerHeight * 0.6) toTop(el);
  }
  function wholly(el) {
    const r = el.getBoundingClientRect();
    return r.top >= barBottom() && r.bottom <= window.innerHeight;
  }
  function barBottom() {
    const bar = document.querySelector(".topbar");
    if (!bar || getComputedStyle(bar).position !== "sticky") return 0;
    return Math.max(0, bar.getBoundingClientRect().bottom);
  }
  // A preview came: its Confirm is the next tap. When it is below the screen the page
  // moves up just enough to show it, never past the form's head. (During my turn the top
  // bar scrolls with the page, game.css: a control slid half under a sticky bar is one
  // a thumb misses.) Never while the player is tapping: a preview answers each tap, and
  // on a slow network it comes between two taps; the page moving then would put another
  // control under the second tap (a stepper's + pressed twice). It moves once the taps
  // have paused for TAP_PAUSE_MS.
  const TAP_PAUSE_MS = 600;
  let lastTap = -Infinity;
  document.addEventListener("pointerdown", () => { lastTap = performance.now(); }, true);
  function confirmInView(preview) {
    const wait = lastTap + TAP_PAUSE_MS - performance.now();
    if (wait > 0) { setTimeout(() => confirmInView(preview), wait); return; }
    if (!preview.isConnected) return;
    const form = preview.closest("form");
    const confirm = form && form.querySelector(".turn-confirms, .turn-confirm");
    if (!confirm) return;
    const over = confirm.getBoundingClientRect().bottom + 12 - window.innerHeight;
    const room = form.getBoundingClientRect().top - barBottom();
    const by = Math.min(over, room);
    if (by > 0) window.scrollBy(0, by);
  }
  // The preview follows the table: a change recorded elsewhere (a licence taken on another
  // phone, a correction on the table screen) can change what Confirm would do, and the
  // preview sits outside #live. After every live update it is asked again (its Confirm
  // expects the entry it was made at, so a stale one is refused, never recorded). Asked
  // so, it never moves the page (confirmInView is for the player's own taps).
  // Only while the guide on show is the update's own: when the update moved the turn's
  // key (the turn passed, the game ended), its new guide is the stream's next event, and
  // the panel on show would only be refused.
  const guideIsCurrent = () => {
    const s = document.getElementById("live-state");
    const key = document.getElementById("turn-key");
    return !!(s && key && s.dataset.myTurn && key.value === s.dataset.guide);
  };
  document.addEventListener("live:update", function () {
    const form = document.querySelector("#turn-guide form.turn-form");
    if (!form || !window.htmx || !guideIsCurrent()) return;
    if (form.querySelector(".turn-confirm.htmx-request")) return;
    window.htmx.trigger(form, "change", { live: true });
  });
  // A grid of tiles on show (the Markets grid, the free moves) follows the table too: a
  // tile's cost and why (too few AP, no token, too little Yen) move with changes that
  // leave the turn's key as it was (an auction won, a correction). Asked again after
  // every live update and put in only when it differs, never over a tap still out or a
  // panel tapped since (the tapped one wins), and without moving the page.
  const busy = () => !!document.querySelector("#turn-guide .htmx-request");
  document.addEventListener("live:update", function () {
    const panel = document.getElementById("turn-panel");
    const mark = panel && panel.querySelector(":scope > [data-tiles]");
    if (!mark || busy() || !guideIsCurrent()) return;
    fetch(mark.dataset.tiles, { credentials: "same-origin" })
      .then((r) => (r.ok ? r.text() : null))
      .then((html) => {
        if (html === null || !mark.isConnected || busy()) return;
        const box = document.createElement("template");
        box.innerHTML = html;
        if (box.innerHTML === panel.innerHTML) return;
        panel.replaceChildren(box.content);
        if (window.htmx) window.htmx.process(panel);
        slots(panel);
      })
      .catch(() => {});
  });
  document.addEventListener("htmx:afterSettle", function (e) {
    const target = e.detail && e.detail.target;
    if (!target || !target.id) return;
    const asked = e.detail.requestConfig && e.detail.requestConfig.triggeringEvent;
    if (asked && asked.detail && asked.detail.live) return;
    // After the frame: the preview's own helpers (slots) have laid it out by then.
    if (target.id === "turn-preview") requestAnimationFrame(() => confirmInView(target));
  });
  // A panel or the guide that a tap brought is moved into view as it is put in, in the
  // same task: after htmx's settle (20 ms later) the page would move under a next tap
  // already aimed at the new controls (a script's, or a quick thumb's).
  document.addEventListener("htmx:afterSwap", function (e) {
    const target = e.detail && e.detail.target;
    if (!target || !target.id) return;
    if (target.id === "turn-guide-wrap" || target.id === "turn-panel") slots(target);
    if (target.id === "turn-guide-wrap") {
      const guide = document.getElementById("turn-guide");
      const choices = guide && guide.querySelector(".turn-choices");
      const head = guide && guide.querySelector(".turn-head");  // its End my turn
      if (guide && !((!head || wholly(head)) && (choices ? wholly(choices) : wholly(guide))))
        toTop(guide);
    } else if (target.id === "turn-panel" && target.firstElementChild) {
      // A panel that does not fit below where it starts is brought up whole.
      const r = target.getBoundingClientRect();
      if (r.bottom > window.innerHeight) toTop(target);
      else intoView(target);
    }
  });
  document.addEventListener("DOMContentLoaded", function () { slots(document); });
})();
