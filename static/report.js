/* The game's story in charts (issue #11): every [data-story] block holds its data as JSON
   (made by companion/web/report.py from the viewer's own view) and a canvas per chart;
   Chart.js (static/vendor, pinned) draws them. The tables under each chart hold the same
   numbers, so nothing here is the only way to read them. Every word comes from the
   server; this file holds none.

   On the table screen the panel's body is fetched by htmx and fetched again a moment after
   the table changes (#seen-version carries the version the page shows). The import page's
   form posts the chosen file to the JSON API and opens the new game's table screen. */
(() => {
  "use strict";

  const css = (name, fallback) =>
    getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;

  function money(format) {
    const number = new Intl.NumberFormat(document.documentElement.lang || "en");
    return (v) => {
      if (v === null || v === undefined) return "–";
      const sign = v < 0 ? "−" : "";
      return `${sign}${format.prefix}${number.format(Math.abs(v))}${format.suffix}`;
    };
  }

  function count() {
    const number = new Intl.NumberFormat(document.documentElement.lang || "en");
    return (v) => (v === null || v === undefined ? "–" : number.format(v));
  }

  function config(spec, payload, compact) {
    const fmt = spec.money ? money(payload.yen) : count();
    const text = css("--text", "#eef2f5");
    const grid = css("--border", "#3a4654");
    const font = { size: compact ? 13 : 15 };
    const line = spec.type === "line";
    const datasets = spec.datasets.map((d) => ({
      label: d.label,
      data: d.data,
      borderColor: d.color,
      backgroundColor: d.color,
      borderWidth: line ? 3 : 1,
      pointRadius: spec.type === "scatter" ? 7 : compact ? 2 : 3,
      pointHoverRadius: spec.type === "scatter" ? 9 : 5,
      spanGaps: false,
      tension: 0,
    }));
    const scales = {
      x: {
        ticks: { color: text, font },
        grid: { color: grid },
        title: { display: spec.type !== "bar", text: payload.axes.turn, color: text, font },
      },
      // Yen, Resources and a value track are whole numbers, none below 0 but a penalty:
      // a flat line gets an axis from 0, never one of fractions around it.
      y: {
        beginAtZero: true,
        ticks: { color: text, font, precision: 0, callback: (v) => fmt(v) },
        grid: { color: grid },
      },
    };
    if (spec.type === "scatter") {
      Object.assign(scales.x, { type: "linear", min: 0, max: Math.max(1, spec.x_max),
        ticks: { color: text, font, stepSize: 1, precision: 0 } });
    }
    if (spec.type === "bar") {
      scales.x.stacked = true;
      scales.y.stacked = true;
    }
    return {
      type: spec.type,
      data: { labels: spec.labels, datasets },
      options: {
        animation: false,
        responsive: true,
        maintainAspectRatio: false,
        interaction: spec.type === "scatter" ? { mode: "nearest", intersect: true }
          : { mode: "index", intersect: false },
        scales,
        plugins: {
          legend: { position: "bottom", labels: { color: text, font, boxWidth: 14 } },
          tooltip: {
            titleFont: font,
            bodyFont: font,
            footerFont: font,
            callbacks: {
              label: (c) => (spec.type === "scatter" ? c.raw.text : `${c.dataset.label}${payload.colon || ": "}${fmt(c.parsed.y)}`),
              footer: spec.type === "bar"
                ? (items) => fmt(spec.datasets.reduce((sum, d) => sum + d.data[items[0].dataIndex], 0))
                : undefined,
            },
          },
        },
      },
    };
  }

  const drawn = new WeakMap(); // canvas → its Chart, so a redraw replaces it

  function draw(root) {
    if (!window.Chart) return;
    root.querySelectorAll("[data-story]").forEach((block) => {
      const source = block.querySelector("script.story-data");
      if (!source) return;
      const payload = JSON.parse(source.textContent);
      const compact = block.classList.contains("compact");
      block.querySelectorAll("canvas[data-chart]").forEach((canvas) => {
        const spec = payload.charts[canvas.dataset.chart];
        if (!spec) return;
        const old = drawn.get(canvas);
        if (old) old.destroy();
        drawn.set(canvas, new window.Chart(canvas, config(spec, payload, compact)));
      });
    });
  }

  // ---- importing a game file --------------------------------------------------------------
  // The import's own answer sets this browser's table screen cookie and names the table
  // screen's address: no token ever goes into an address the browser keeps (its history).
  // A file over the server's one limit is refused here, in the page's sentence, before it
  // is sent; were it sent, the server's own 413 (not JSON) gets the same sentence.
  function importForm(form) {
    const error = document.getElementById("import-error");
    const say = (text) => {
      error.innerHTML = "";
      const p = document.createElement("p");
      p.className = "error";
      p.textContent = text;
      error.appendChild(p);
    };
    form.addEventListener("submit", async (e) => {
      e.preventDefault();
      const file = form.elements.file.files[0];
      if (!file) { say(form.dataset.noFile); return; }
      if (file.size > Number(form.dataset.limit)) { say(form.dataset.tooLarge); return; }
      const button = form.querySelector("button[type=submit]");
      button.disabled = true;
      try {
        const r = await fetch(form.action, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: await file.text(),
        });
        if (r.status === 413) { say(form.dataset.tooLarge); return; }
        const answer = await r.json();
        if (r.status === 201) {
          window.location.assign(answer.table_url);
          return;
        }
        say(answer.error);
      } catch {
        // No answer (the Wi-Fi dropped) or none in JSON (a proxy's page): said in the page's
        // language; String(err) said "TypeError: Failed to fetch", in English.
        say(form.dataset.lost);
      } finally {
        button.disabled = false;
      }
    });
  }

  // ---- the replay (issue #22): the scrubber over the log ------------------------------------
  // Each position asks the server for the table after that entry (an htmx fragment, made
  // from the public view of the log folded to it); the newest answer asked for wins.
  function replay(section) {
    const range = section.querySelector("input[type=range]");
    const frame = section.querySelector("#replay-frame");
    if (!range || !frame) return;
    let asked = 0;
    let timer = null;
    const show = () => {
      const n = Number(range.value);
      const ask = ++asked;
      const url = section.dataset.url.replace(/\/replay\/0(?=\?|$)/, `/replay/${n}`);
      fetch(url, { headers: { "HX-Request": "true" } })
        .then((r) => (r.ok ? r.text() : Promise.reject(new Error(String(r.status)))))
        .then((html) => {
          if (ask !== asked) return; // a newer position was asked for meanwhile
          frame.innerHTML = html;
        })
        .catch(() => {});
    };
    range.addEventListener("input", () => {
      clearTimeout(timer);
      timer = setTimeout(show, 60);
    });
    section.addEventListener("click", (e) => {
      const button = e.target instanceof Element ? e.target.closest("button[data-step]") : null;
      if (!button) return;
      const next = Math.min(Number(range.max), Math.max(0, Number(range.value) + Number(button.dataset.step)));
      if (String(next) === range.value) return;
      range.value = String(next);
      show();
    });
  }

  // The logged play's Copy button (templates/report/_play.html).
  document.addEventListener("click", (e) => {
    const button = e.target instanceof Element ? e.target.closest("button[data-copy]") : null;
    const text = button ? document.querySelector(button.dataset.copy) : null;
    if (!(text instanceof HTMLTextAreaElement)) return;
    text.select();
    if (navigator.clipboard) navigator.clipboard.writeText(text.value).catch(() => {});
  });

  function start() {
    draw(document);
    const form = document.getElementById("import-form");
    if (form) importForm(form);
    document.querySelectorAll("[data-replay]").forEach(replay);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
