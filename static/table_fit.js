/* The table screen holds the whole table (#20): on a wide screen, while the turns run,
   every player's card, the markets and the history's newest line are on the screen at
   once (static/game.css lays them out). When a card holds more than its box (a late
   game's fleet, tokens and Harbor; six players and an auction at 1280×800), the cards'
   type is made smaller, the same for every card, a step at a time, until each card holds
   all it has, down to MIN; the markets likewise, so that the history's newest entry's
   sentence stays whole under them. The names, the Yen and the chips' least size are left alone (CSS).
   The scale is a custom property on <body>, outside #live, so a live update (morphed in)
   keeps it; it is worked out again from 1 after every update, on load and on resize. */
(() => {
  "use strict";

  /** The smallest scale of the cards' and the markets' type, and one step down. */
  const MIN = 0.7;
  const STEP = 0.05;
  /** The screens the layout fits (the same media query as game.css's fitting). */
  const WIDE = window.matchMedia("(min-width: 1100px) and (min-height: 600px)");

  const byId = (id) => document.getElementById(id);
  const over = (el) => el.scrollHeight > el.clientHeight + 0.5 || el.scrollWidth > el.clientWidth + 0.5;

  function playing() {
    return WIDE.matches && !!document.querySelector('#turn[data-phase="play"]');
  }

  /** Steps ``name`` down from 1 while ``bad()`` holds, to MIN at most. */
  function shrink(name, bad) {
    const style = document.body.style;
    let fit = 1;
    style.removeProperty(name);
    if (!playing()) return;
    while (fit > MIN + 1e-9 && bad()) {
      fit = Math.round((fit - STEP) * 100) / 100;
      style.setProperty(name, String(fit));
    }
  }

  function cardsOver() {
    return [...document.querySelectorAll("#players .player")].some(over);
  }

  function sideOver() {
    const markets = byId("markets-board");
    const history = byId("history");
    // The newest entry's sentence (its "who · when" under it may go under the edge: the
    // markets' type at the floor would be too small to read across the table first).
    const newest = document.querySelector("#log li:first-child .text") || document.querySelector("#log li:first-child");
    if (!markets || !history) return false;
    if (over(markets) || (history.parentElement && over(history.parentElement))) return true;
    if (!newest) return false;
    return newest.getBoundingClientRect().bottom > history.getBoundingClientRect().bottom + 0.5;
  }

  function fit() {
    shrink("--fit", cardsOver);
    shrink("--fit-markets", sideOver);
  }

  document.addEventListener("live:update", fit);
  document.addEventListener("htmx:afterSettle", fit);
  window.addEventListener("resize", fit);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", fit);
  else fit();
})();
