#!/usr/bin/env python
"""Phone-speed benchmark (issue #16): what a player feels on a mid-range phone.

    python bench/bench_phone.py [--runs 20] [--cold-runs 20]
        [--app-dir DIR --label NAME [--app-dir DIR2 --label NAME2 ...]]

A 4-player open-money game on the real server (``python -m companion serve`` on a free
port of 127.0.0.1, a fresh database), created through the JSON API; the table screen and
four phones join it through their ``/join/<token>`` links, in Debian's Chromium driven by
Playwright. A phone is a browser context of 390x844 (mobile, touch); its page runs under
CDP ``Network.emulateNetworkConditions`` (40 ms latency, 1.5 Mbit/s down and up) and, while
it is the phone being measured, ``Emulation.setCPUThrottlingRate`` ×6. The table screen is
1280x800, CPU ×1, the same network.

**One phone at CPU ×6 at a time.** On Linux Chromium throttles a page by interrupting its
main thread every 200 µs and *spinning* it (a busy loop on the clock) for 5/6 of the time,
idle or not: each throttled page burns up to a whole core. Four throttled phones on a
2-core machine starve one another and the server (measured: ~0.35–0.4 core per idle
throttled phone, 1.4 cores for four), which is nothing like four phones with a CPU each.
So each payment is measured with exactly one phone at ×6 (A for (a), B for (b)), every
other page at ×1; they still receive the update and still share the CPU (the server,
the table screen and the other phones on the core the throttled phone leaves).

The first turn is started, then ``--runs`` times (after ``--warmup`` untimed), two
payments, one with phone A at ×6, one with phone B at ×6, each app in turn:

(a) phone A (Aiko, ×6) taps "Record payment" on its own payment form (¥100 from Aiko to
    the supply; the fields are filled before the tap, outside the timing): the time from
    the tap's ``pointerdown`` to the moment every ``[data-yen="Aiko"]`` inside ``#live`` on
    phone A reads the new amount, both read in the page (an init script: a capturing
    ``pointerdown`` listener and a MutationObserver, stamping
    ``performance.timeOrigin + performance.now()``). "Shows" is the DOM holding the text
    (the MutationObserver's callback); the next row, to the ``requestAnimationFrame``
    after it, is about when it is painted.
(b) the same tap → the table screen showing Aiko's new Yen (the payment with phone A at
    ×6, the tap as slow as a phone's), and → phone B (the payment with phone B at ×6 and
    phone A at ×1: only the receiving phone is slow). The same in-page stamps, compared on
    one clock (``timeOrigin + now()``: the wall clock at each page's start plus its
    monotonic clock; every page runs on this machine).
(d) requests per update per page: every request each page makes (``page.on("request")``)
    from just before the tap until 1 s after the last page showed the new Yen, minus the
    stream (an EventSource, connected before and kept open; a reconnection is counted on
    its own row) and, on phone A, minus its own form POST. Phones A and B count in their
    ×6 payments; C, D and the table screen (×1) in every payment. The issue's target, "1
    (the stream's own message)", is 0 here: the message comes on the open stream.
    Beside it, the main-thread long tasks (PerformanceObserver ``longtask``, > 50 ms)
    that started in the same window on the ×6 phone: their summed duration.
(c) once every payment is done, phone A is closed and its seat page is loaded cold
    ``--cold-runs`` times: each load a new browser context (empty cache) with phone A's
    seat cookie, CPU ×6 (every other page ×1) and the phone network. "Usable" is the
    latest of first contentful paint, the load event's end and the end of the last long
    task before the main thread has been free of long tasks for 500 ms after the load
    event (a short time-to-interactive), from the navigation's start. Bytes on the wire:
    the sum of CDP ``Network.loadingFinished.encodedDataLength`` of every request that
    finished (the stream never does), headers included; decoded: the document's and
    resources' ``decodedBodySize``; main-thread time: CDP ``Performance.getMetrics``
    ``TaskDuration`` (throttled time, until the quiet 500 ms ended).

With several ``--app-dir`` (say the code before the issue and the current checkout), each
gets its own server, game, screen and phones, all open at once, and the runs alternate
between them one by one, so that a noisy neighbour hits both alike. ``--app-dir DIR``
runs ``python -m companion serve`` with ``PYTHONPATH=DIR`` and ``DIR`` as its working
directory (its templates and static files with it); without one, this checkout.

Prints a Markdown table: medians and max. Only 127.0.0.1 is ever contacted (Chromium
resolves no other host: ``--host-resolver-rules``); every wait is bounded.
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

from bench_score import Server, free_port  # noqa: E402  (this folder is on sys.path)

PLAYERS = ["Aiko", "Bo", "Chiyo", "Daichi"]
ME, OTHER = PLAYERS[0], PLAYERS[1]
PAYMENT = 100
WAIT_MS = 20_000  # the longest any page may take to show an update or load
SETTLE_MS = 1_000  # (d): requests are counted until this long after the last page showed
QUIET_MS = 500  # (c): main thread free of long tasks this long after the load event

CPU_PHONE, CPU_SCREEN = 6, 1
NETWORK = {
    "offline": False,
    "latency": 40,
    "downloadThroughput": 1.5e6 / 8,
    "uploadThroughput": 1.5e6 / 8,
}
PHONE: dict[str, Any] = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
    "locale": "en-US",
}
SCREEN: dict[str, Any] = {"viewport": {"width": 1280, "height": 800}, "locale": "en-US"}
LAUNCH_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
    # nothing but 127.0.0.1 resolves: the benchmark cannot reach anything else
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
]

#: Installed in every page before its own scripts: the tap's time, the first moment the
#: armed Yen shows, the long tasks, and the page's EventSources (to know the stream is open).
INIT_SCRIPT = r"""
(() => {
  const now = () => performance.timeOrigin + performance.now();
  const b = (window.__bench = {
    t0: null, want: null, shown: null, frame: null, longtasks: [], streams: [],
  });
  addEventListener("pointerdown", () => { b.t0 = now(); }, true);
  const ES = window.EventSource;
  if (ES) {
    window.EventSource = class extends ES {
      constructor(url, init) { super(url, init); b.streams.push(this); }
    };
  }
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        b.longtasks.push([performance.timeOrigin + e.startTime, e.duration]);
    }).observe({ type: "longtask", buffered: true });
  } catch (e) { /* no long task timing */ }
  const check = () => {
    const w = b.want;
    if (!w || b.shown !== null) return;
    const live = document.getElementById("live");
    if (!live) return;
    const shown = live.querySelectorAll(`[data-yen="${CSS.escape(w.name)}"]`);
    if (!shown.length) return;
    for (const el of shown) if (el.textContent.replace(/\D/g, "") !== w.digits) return;
    b.shown = now();
    requestAnimationFrame(() => { b.frame = now(); });  // the frame that will paint it
  };
  b.answered = () => {  // when the first request after the tap (the form's POST) ended
    const after = performance.getEntriesByType("resource")
      .filter((r) => performance.timeOrigin + r.startTime >= b.t0);
    if (!after.length) return null;
    const r = after[0], origin = performance.timeOrigin;
    return [origin + r.responseEnd, r.transferSize, origin + r.startTime];
  };
  b.arm = (name, digits) => {
    b.want = { name, digits };
    b.shown = b.frame = b.t0 = null;
    performance.clearResourceTimings();  // (a)'s POST is then the first request after the tap
    check();
  };
  new MutationObserver(check).observe(document, {
    subtree: true, childList: true, characterData: true,
  });
})();
"""

STREAM_OPEN = "window.__bench.streams.some((s) => s.readyState === 1)"

#: (c): the page's figures once it has loaded and then stayed free of long tasks.
QUIET = f"""() => {{
  const nav = performance.getEntriesByType("navigation")[0];
  if (!nav || !nav.loadEventEnd) return false;
  const tasks = window.__bench.longtasks;
  const last = tasks.length ? tasks[tasks.length - 1] : null;
  const busy = last ? last[0] - performance.timeOrigin + last[1] : 0;
  return performance.now() - Math.max(nav.loadEventEnd, busy) >= {QUIET_MS};
}}"""
COLD_FIGURES = """() => {
  const nav = performance.getEntriesByType("navigation")[0];
  const fcp = performance.getEntriesByName("first-contentful-paint")[0];
  const tasks = window.__bench.longtasks.map(([t, d]) => [t - performance.timeOrigin, d]);
  const lastTask = tasks.reduce((m, [t, d]) => Math.max(m, t + d), 0);
  const decoded = performance.getEntriesByType("resource")
    .reduce((s, r) => s + (r.decodedBodySize || 0), nav.decodedBodySize || 0);
  return {
    fcp: fcp ? fcp.startTime : null,
    load: nav.loadEventEnd,
    lastTask: lastTask,
    longTasks: tasks.reduce((s, [, d]) => s + d, 0),
    decoded: decoded,
  };
}"""


def median(values: list[float]) -> float:
    return float(statistics.median(values))


# --- the servers -------------------------------------------------------------------------


class AppServer(Server):
    """``python -m companion serve`` from ``app_dir`` (its own ``companion`` package first
    on the path), on a free port, its database and log in ``tmp``."""

    def __init__(self, name: str, app_dir: Path, tmp: Path) -> None:
        port = free_port()
        self.name, self.port, self.log_path = name, port, tmp / f"{name}.log"
        self.log = self.log_path.open("w", encoding="utf-8")
        self.app_dir = app_dir
        self.env = dict(os.environ, PYTHONUNBUFFERED="1", PYTHONPATH=str(app_dir))
        cmd = [sys.executable, "-m", "companion", "serve", "--host", "127.0.0.1"]
        cmd += ["--port", str(port), "--db", str(tmp / f"{name}.sqlite3"), "--no-qr"]
        self.process = subprocess.Popen(
            cmd, cwd=app_dir, env=self.env, stdout=self.log, stderr=subprocess.STDOUT
        )
        self.url = f"http://127.0.0.1:{port}"

    def package(self) -> str:
        """Where the server's interpreter finds ``companion`` (to check ``--app-dir``)."""
        out = subprocess.run(
            [sys.executable, "-c", "import companion; print(companion.__file__)"],
            cwd=self.app_dir,
            env=self.env,
            capture_output=True,
            text=True,
            timeout=60,
            check=True,
        )
        return out.stdout.strip()


def commit_of(app_dir: Path) -> str:
    try:
        out = subprocess.run(
            ["git", "-C", str(app_dir), "describe", "--always", "--dirty"],
            capture_output=True,
            text=True,
            timeout=30,
            check=True,
        )
        return out.stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return "?"


# --- the pages ---------------------------------------------------------------------------


@dataclass
class Device:
    label: str
    context: Any
    page: Any
    cdp: Any
    rate: int = 1
    requests: list[tuple[str, str, str]] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def throttle(self, rate: int) -> None:
        if rate != self.rate:
            self.cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
            self.rate = rate


def emulate(context: Any, page: Any, cpu: int) -> Any:
    """CPU throttling and the phone network on ``page``, through its own CDP session."""
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", NETWORK)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": cpu})
    return cdp


def only_throttled(targets: list[Target], phone: Device | None) -> None:
    """CPU ×6 on ``phone`` alone, every other page at ×1 (see the module's docstring:
    Chromium throttles on Linux by spinning the page's main thread)."""
    for t in targets:
        for device in t.devices.values():
            device.throttle(CPU_PHONE if device is phone else CPU_SCREEN)


def open_device(browser: Any, label: str, url: str, phone: bool) -> Device:
    """A new context (its own cookies and cache) opening ``url`` (a join link), until the
    page it lands on has its stream open; the phone's network, CPU ×1 for now."""
    context = browser.new_context(**(PHONE if phone else SCREEN))
    context.add_init_script(INIT_SCRIPT)
    page = context.new_page()
    device = Device(label, context, page, emulate(context, page, CPU_SCREEN))
    page.on("request", lambda r: device.requests.append((r.method, r.url, r.resource_type)))
    page.on("pageerror", lambda e: device.errors.append(f"{label}: uncaught {e}"))
    page.on(
        "console",
        lambda m: device.errors.append(f"{label}: console {m.text}") if m.type == "error" else None,
    )
    response = page.goto(url, timeout=WAIT_MS)
    if response is None or response.status != 200:
        raise RuntimeError(f"{label}: {url} answered {response and response.status}")
    try:
        page.wait_for_function(STREAM_OPEN, timeout=WAIT_MS)
    except Exception as error:
        raise RuntimeError(f"{label}: no EventSource open on {page.url} ({error})") from error
    return device


class Target:
    """One app as measured: its server, its game, its table screen and four phones."""

    def __init__(self, label: str, app_dir: Path, tmp: Path, index: int) -> None:
        self.label, self.app_dir = label, app_dir
        self.server = AppServer(f"app{index}", app_dir, tmp)
        self.devices: dict[str, Device] = {}
        self.game_id = self.host = ""
        self.seats: list[str] = []
        self.cookies: list[dict[str, Any]] = []
        self.samples: dict[str, list[float]] = {}
        self.errors: list[str] = []
        self.failures = self.cold_failures = 0

    def add(self, key: str, value: float) -> None:
        self.samples.setdefault(key, []).append(value)

    def api(self, method: str, path: str, body: Any = None, token: str = "") -> Any:
        import requests

        headers = {"Authorization": f"Bearer {token}"} if token else {}
        r = requests.request(method, self.server.url + path, json=body, headers=headers, timeout=30)
        if r.status_code >= 300:
            raise RuntimeError(f"{self.label}: {method} {path}: {r.status_code} {r.text[:300]}")
        return r.json()

    def act(self, body: dict[str, Any]) -> None:
        self.api("POST", f"/api/games/{self.game_id}/actions", body, self.host)

    def yen(self, name: str) -> int:
        state = self.api("GET", f"/api/games/{self.game_id}", token=self.host)
        return int(next(p["yen"] for p in state["players"] if p["name"] == name))

    def set_up(self, browser: Any, runs: int, phones: int) -> None:
        self.server.wait_listening()
        game = self.api("POST", "/api/games", {"players": PLAYERS, "money": "open"})
        self.game_id, self.host = game["id"], game["host_token"]
        self.seats = [s["token"] for s in game["seats"]]
        # Aiko can pay ¥100 per run and then some; then the first turn (the start player's)
        self.act({"type": "pay", "from": "supply", "to": ME, "amount": PAYMENT * (runs + 10)})
        self.act({"type": "next_turn"})
        base = self.server.url
        self.devices["table"] = open_device(browser, "table", f"{base}/join/{self.host}", False)
        for name, token in list(zip(PLAYERS, self.seats, strict=True))[:phones]:
            self.devices[name] = open_device(browser, name, f"{base}/join/{token}", True)
        self.cookies = self.devices[ME].context.cookies()

    def reload_all(self) -> None:
        """After a failed run: every page fresh again, its stream open."""
        for device in self.devices.values():
            device.page.reload(timeout=WAIT_MS)
            device.page.wait_for_function(STREAM_OPEN, timeout=WAIT_MS)

    def close(self) -> None:
        for device in self.devices.values():
            device.context.close()
        self.devices.clear()
        self.server.stop()


# --- (a), (b), (d): one payment tapped on phone A ------------------------------------------


def pay_form(page: Any) -> Any:
    return page.locator("form:has(input[name='type'][value='pay'])").first


def one_update(targets: list[Target], target: Target, measured: str, timed: bool) -> None:
    """Phone A pays ¥100 to the supply by a tap; ``measured`` (A or B) is the one phone
    at CPU ×6."""
    only_throttled(targets, target.devices[measured])
    phone = target.devices[ME]
    digits = str(target.yen(ME) - PAYMENT)
    form = pay_form(phone.page)
    form.locator("select[name='from']").select_option(ME)
    form.locator("select[name='to']").select_option("supply")
    form.locator("input[name='amount']").fill(str(PAYMENT))
    for device in target.devices.values():
        device.page.evaluate("([n, d]) => window.__bench.arm(n, d)", [ME, digits])
        device.requests.clear()
    form.locator("button[type='submit']").tap(timeout=WAIT_MS)
    try:
        for device in target.devices.values():
            device.page.wait_for_function("window.__bench.shown !== null", timeout=WAIT_MS)
    except Exception as error:  # a page that never showed it: count it, start afresh
        print(f"  {target.label}: an update was not shown within {WAIT_MS} ms: {error}")
        target.failures += 1
        target.reload_all()
        return
    phone.page.wait_for_timeout(SETTLE_MS)  # (d)'s window; events keep arriving meanwhile
    seen = {
        label: device.page.evaluate(
            "() => ({t0: window.__bench.t0, shown: window.__bench.shown,"
            " frame: window.__bench.frame, longtasks: window.__bench.longtasks,"
            " answered: window.__bench.answered()})"
        )
        for label, device in target.devices.items()
    }
    t0 = seen[ME]["t0"]
    if t0 is None:
        raise RuntimeError(f"{target.label}: the tap's pointerdown was never seen")
    if not timed:
        return
    end = max(s["shown"] for s in seen.values()) + SETTLE_MS
    if measured == ME:
        target.add("a", seen[ME]["shown"] - t0)
        if seen[ME]["frame"] is not None:
            target.add("a_frame", seen[ME]["frame"] - t0)
        if seen[ME]["answered"] is not None:
            target.add("a_post", seen[ME]["answered"][0] - t0)
            target.add("a_post_kb", seen[ME]["answered"][1] / 1000)
            target.add("a_sent", seen[ME]["answered"][2] - t0)
        target.add("b_table", seen["table"]["shown"] - t0)
    else:
        target.add("b_phone", seen[OTHER]["shown"] - t0)
    for label, device in target.devices.items():
        if label in (ME, OTHER) and label != measured:
            continue  # A and B count when they are the phone at CPU ×6
        count, streams, own_post = 0, 0, label == ME
        for method, url, kind in device.requests:
            if kind == "eventsource" or url.split("?", 1)[0].endswith("/stream"):
                streams += 1  # a stream (re)connecting: none expected, it stays open
                continue
            if own_post and method == "POST":
                own_post = False  # the tap's own form POST
                continue
            count += 1
        target.add(f"d_{label}", count)
        target.add("d_streams", streams)
        if label == measured:
            busy = sum(d for t, d in seen[label]["longtasks"] if t0 <= t <= end)
            target.add(f"lt_{label}", busy)


# --- (c): a cold load of phone A's seat page -----------------------------------------------


def cold_load(browser: Any, targets: list[Target], target: Target) -> None:
    only_throttled(targets, None)  # the page loading is the one at CPU ×6
    context = browser.new_context(**PHONE)
    try:
        context.add_cookies(target.cookies)
        context.add_init_script(INIT_SCRIPT)
        page = context.new_page()
        cdp = emulate(context, page, CPU_PHONE)
        cdp.send("Performance.enable")
        urls: dict[str, str] = {}
        wire: dict[str, float] = {}
        cdp.on(
            "Network.requestWillBeSent",
            lambda e: urls.__setitem__(e["requestId"], e["request"]["url"]),
        )
        cdp.on(
            "Network.loadingFinished",
            lambda e: wire.__setitem__(e["requestId"], e["encodedDataLength"]),
        )
        try:
            url = f"{target.server.url}/games/{target.game_id}/seat"
            response = page.goto(url, wait_until="load", timeout=WAIT_MS)
            if response is None or response.status != 200:
                raise RuntimeError(f"the seat page answered {response and response.status}")
            page.wait_for_function(QUIET, polling=50, timeout=WAIT_MS)
        except Exception as error:  # count it and go on: the run stays bounded
            unfinished = [u for rid, u in urls.items() if rid not in wire]
            print(f"  {target.label}: a cold load failed: {error}; unfinished: {unfinished}")
            target.cold_failures += 1
            return
        figures = page.evaluate(COLD_FIGURES)
        metrics = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
    finally:
        context.close()
    usable = max(figures["fcp"] or 0, figures["load"], figures["lastTask"])
    target.add("c_usable", usable)
    target.add("c_fcp", figures["fcp"] or float("nan"))
    target.add("c_load", figures["load"])
    target.add("c_longtasks", figures["longTasks"])
    target.add("c_task", metrics.get("TaskDuration", float("nan")) * 1000)
    finished = [
        n for rid, n in wire.items() if not urls.get(rid, "").split("?")[0].endswith("/stream")
    ]
    target.add("c_wire", sum(finished) / 1000)
    target.add("c_requests", len(finished))
    target.add("c_decoded", figures["decoded"] / 1000)


# --- the report ----------------------------------------------------------------------------

#: (key, what, unit, target of #16)
ROWS: list[tuple[str, str, str, str]] = [
    ("a", "(a) tap → my page shows its result (phone A)", "ms", "≤ 150"),
    ("a_frame", "(a) the same, to the next animation frame (≈ painted)", "ms", ""),
    ("a_sent", "(a) of which from the tap until the form's POST started", "ms", ""),
    ("a_post", "(a) of which from the tap until the POST's answer arrived", "ms", ""),
    ("a_post_kb", "(a) the POST's answer on the wire (headers incl.)", "KB", ""),
    ("b_phone", "(b) the same tap → phone B shows it", "ms", "≤ 150"),
    ("b_table", "(b) the same tap → the table screen shows it", "ms", "≤ 100"),
    ("c_usable", "(c) seat page usable, cold load", "ms", "≤ 1,000"),
    ("c_fcp", "(c) of which first contentful paint", "ms", ""),
    ("c_load", "(c) of which the load event's end", "ms", ""),
    ("c_wire", "(c) bytes on the wire (finished requests, headers incl.)", "KB", "≤ 40"),
    ("c_decoded", "(c) bytes decoded (documents and resources)", "KB", ""),
    ("c_requests", "(c) requests finished", "", ""),
    ("c_task", "(c) main-thread task time (CDP TaskDuration)", "ms", ""),
    ("c_longtasks", "(c) long tasks, summed", "ms", ""),
    ("d_" + ME, "(d) requests per update, phone A (besides its POST)", "", "0 (+ stream)"),
    ("d_" + OTHER, "(d) requests per update, phone B", "", "0 (+ stream)"),
    ("d_" + PLAYERS[2], "(d) requests per update, phone C (CPU ×1)", "", "0 (+ stream)"),
    ("d_" + PLAYERS[3], "(d) requests per update, phone D (CPU ×1)", "", "0 (+ stream)"),
    ("d_table", "(d) requests per update, the table screen", "", ""),
    ("d_streams", "(d) stream reconnections per update per page (not counted above)", "", "0"),
    ("lt_" + ME, "long tasks per update, phone A, summed", "ms", ""),
    ("lt_" + OTHER, "long tasks per update, phone B, summed", "ms", ""),
]


def cell(values: list[float], unit: str, pick: Callable[[list[float]], float]) -> str:
    if not values:
        return "–"
    v = pick(values)
    if unit == "KB":
        return f"{v:.1f} KB"
    if unit == "ms":
        return f"{v:,.0f} ms"
    return f"{v:g}"


def report(targets: list[Target]) -> None:
    head = "| measurement | target |"
    rule = "|---|---|"
    for t in targets:
        head += f" {t.label}: median | max | n |"
        rule += "---:|---:|---:|"
    print()
    print(head)
    print(rule)
    for key, what, unit, goal in ROWS:
        line = f"| {what} | {goal} |"
        for t in targets:
            values = t.samples.get(key, [])
            line += f" {cell(values, unit, median)} | {cell(values, unit, max)} | {len(values)} |"
        print(line)


# --- main ----------------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20, help="timed payments (default 20)")
    parser.add_argument("--warmup", type=int, default=2, help="untimed payments first (2)")
    parser.add_argument(
        "--phones",
        type=int,
        choices=(2, 3, 4),
        default=4,
        help="phones open in the 4-player game (default 4; fewer share the CPU with less)",
    )
    parser.add_argument("--cold-runs", type=int, help="cold loads (default: --runs)")
    parser.add_argument(
        "--app-dir",
        action="append",
        type=Path,
        help="a checkout to serve (PYTHONPATH=DIR, cwd DIR); repeat to compare (default: this one)",
    )
    parser.add_argument("--label", action="append", help="a name per --app-dir, in order")
    parser.add_argument(
        "--chromium", default=os.environ.get("CHROMIUM") or shutil.which("chromium")
    )
    args = parser.parse_args(argv)
    cold_runs = args.runs if args.cold_runs is None else args.cold_runs
    dirs: list[Path] = [d.resolve() for d in (args.app_dir or [ROOT])]
    labels: list[str] = list(args.label or [])
    labels += [f"{d.name}@{commit_of(d)}" for d in dirs[len(labels) :]]
    if len(set(labels)) != len(labels):
        parser.error("each --app-dir needs its own --label")
    if not args.chromium:
        parser.error("no Chromium found (apt-get install chromium, or --chromium PATH)")

    from playwright.sync_api import sync_playwright

    started = time.strftime("%Y-%m-%d %H:%M")
    load_before = os.getloadavg()
    targets: list[Target] = []
    with tempfile.TemporaryDirectory(prefix="bench-phone-") as tmp, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=args.chromium, headless=True, args=LAUNCH_ARGS)
        try:
            for label, app_dir in zip(labels, dirs, strict=True):
                targets.append(Target(label, app_dir, Path(tmp), len(targets)))
            for t in targets:
                print(
                    f"{t.label}: {t.app_dir} ({commit_of(t.app_dir)}), "
                    f"serving {t.server.package()}",
                    flush=True,
                )
                t.set_up(browser, 2 * (args.warmup + args.runs), args.phones)
            for i in range(args.warmup + args.runs):
                for measured in (ME, OTHER):
                    for t in targets:
                        one_update(targets, t, measured, timed=i >= args.warmup)
                if (i + 1) % 5 == 0:
                    print(f"  {2 * (i + 1)} payments per app", flush=True)
            for t in targets:  # (c) replaces phone A's stream: its page goes first
                phone = t.devices.pop(ME)
                t.errors += phone.errors
                phone.context.close()
            for _ in range(cold_runs):
                for t in targets:
                    cold_load(browser, targets, t)
            print(
                f"\n{started}, Python {platform.python_version()}, Chromium {browser.version}, "
                f"{platform.system()} {platform.machine()}, {os.cpu_count()} CPUs, "
                f"load average {load_before[0]:.1f} at the start, {os.getloadavg()[0]:.1f} "
                f"at the end; {args.runs} + {args.runs} payments (+{2 * args.warmup} untimed), "
                f"{cold_runs} cold loads per app"
            )
            for t in targets:
                errors = Counter(t.errors + [e for d in t.devices.values() for e in d.errors])
                print(
                    f"{t.label}: {t.failures} updates not shown in time, "
                    f"{t.cold_failures} cold loads failed, "
                    f"{sum(errors.values())} uncaught errors or console errors"
                )
                for e, n in errors.most_common(6):
                    print(f"  {n} × {e[:160]}")
            report(targets)
        finally:
            for t in targets:
                try:
                    t.close()
                except Exception as error:  # keep stopping the others' servers
                    print(f"{t.label}: {error}")
            browser.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
