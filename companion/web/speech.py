"""What the table screen may say aloud (issue #22, item 3): the big moments of the game,
as sentences in the table screen's language, made from the public view alone (the
table screen's own: never a secret). static/speech.js speaks a moment once, the first
time its key appears after the page was loaded, and only where the table screen opted in;
the browser's own speech synthesis does it, so nothing leaves the device.
"""

from __future__ import annotations

from typing import Any

from ..i18n import name_of
from ..report_text import say


def big_moments(view: dict[str, Any]) -> list[dict[str, str]]:
    """(key, text) of each big moment the table shows now: whose turn it is, the end of
    the game triggered, an auction opened or settled, the winner."""
    t = view["turn"]
    out = []
    if t["started"] and not t["finished"]:
        out.append(
            {
                "key": f"turn:{t['number']}:{t['current_seat']}",
                "text": say("speak.turn", turn=t["number"], player=t["current"]),
            }
        )
        if t["triggered_by"]:
            out.append(
                {"key": "triggered", "text": say("speak.triggered", player=t["triggered_by"])}
            )
    for a in view["auctions"]:
        if a["status"] == "open":
            kind = name_of(f"auction.{a['kind']}", a["kind_name"])
            out.append(
                {
                    "key": f"auction:{a['id']}:open",
                    "text": say("speak.auction_open", owner=a["owner"], kind=kind),
                }
            )
        elif a["status"] == "settled" and a.get("result"):
            out.append({"key": f"auction:{a['id']}:settled", "text": str(a["result"])})
    score = view.get("score")
    if t["finished"] and score:
        winners = list(score["winners"])
        code = "speak.winner" if len(winners) == 1 else "speak.winners"
        out.append({"key": "end", "text": say(code, names=say("play.and").join(winners))})
    return out
