/* The phone stays awake during a game (issue #11). Where the browser allows it (Chromium,
   Safari 16.4+, Firefox 126+, and only on a secure context: https or localhost), the page
   holds a Screen Wake Lock while it is shown, and takes it again when it comes back (the
   browser lets go of it whenever the page is hidden). On the plain-HTTP LAN address a
   table uses, browsers refuse the lock; there the page shows one line telling how to set
   the phone's own auto-lock, with an OK that hides it for good on this device.

   Loaded on every page, it acts on the game pages only (the table screen and a phone).
   Its words come from its own script tag (data-hint, data-dismiss), written by the
   server in the page's language. */
(() => {
  "use strict";

  const script = document.currentScript;
  const DISMISSED = "tc-wake-hint-dismissed";

  function onGamePage() {
    return document.body && document.body.matches(".page-seat, .page-table");
  }

  function showHint() {
    const main = document.getElementById("main");
    if (!main || !script || document.getElementById("wake-hint")) return;
    try {
      if (window.localStorage.getItem(DISMISSED)) return;
    } catch (e) { /* storage blocked: show the hint every time */ }
    const box = document.createElement("div");
    box.id = "wake-hint";
    box.className = "notice row wake-hint";
    box.setAttribute("role", "note");
    const text = document.createElement("p");
    text.textContent = script.dataset.hint || "";
    const ok = document.createElement("button");
    ok.type = "button";
    ok.className = "button small";
    ok.textContent = script.dataset.dismiss || "OK";
    ok.addEventListener("click", () => {
      box.remove();
      try { window.localStorage.setItem(DISMISSED, "1"); } catch (e) { /* not kept */ }
    });
    box.append(text, ok);
    main.prepend(box);
  }

  function start() {
    if (!onGamePage()) return;
    if (!("wakeLock" in navigator) || !window.isSecureContext) {
      showHint();
      return;
    }
    let lock = null;
    let asking = false;
    // A browser that refuses three times (headless, a policy) is not asked on every tap:
    // each ask is main-thread work in front of the tap's own action.
    let refusals = 0;
    const acquire = async () => {
      if (asking || document.visibilityState !== "visible" || (lock && !lock.released)) return;
      asking = true;
      try {
        lock = await navigator.wakeLock.request("screen");
      } catch (e) {
        // Refused (battery saver, a policy, no user gesture yet): try again on the next
        // tap; the hint says what else works meanwhile.
        showHint();
        refusals += 1;
        if (refusals < 3) document.addEventListener("pointerdown", acquire, { once: true });
      } finally {
        asking = false;
      }
    };
    document.addEventListener("visibilitychange", acquire);
    acquire();
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
