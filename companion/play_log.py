"""A finished game as one logged play (issue #22, item 1): the BG Stats import link and the
same play as plain text a person can paste into a BoardGameGeek log.

BG Stats documents a link that opens its import dialog with a play filled in:
``https://app.bgstatsapp.com/createPlay.html?data=<url-encoded JSON>``. The JSON is made
here from the final score (the board game's final Yen, the card game's points), the log's
first and last times and the setup's start player. The link is only a link: nothing here
(or anywhere in the app) sends it anywhere; a player taps it or not.

Neither rulebook nor the digested rules name the games' BoardGameGeek ids, so ``game``
carries the name alone (BG Stats matches it, or asks).

Only a finished game has a play: before the end (closed money!) :func:`logged_play` is
None, so no page can show a score that is not final.
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any, cast
from urllib.parse import quote

from . import cardgame
from .cardgame.scoring import outcome
from .cardgame.scoring import score as card_score
from .eventlog import GameState
from .games import is_cards
from .i18n import format_yen
from .report_text import say

BGSTATS_URL = "https://app.bgstatsapp.com/createPlay.html?data="
#: The games' names as BoardGameGeek and BG Stats know them.
BOARD_NAME = "Tokyo Tsukiji Market"
CARDS_NAME = "Tsukiji Market"


def _time(text: str) -> datetime | None:
    try:
        return datetime.fromisoformat(text)
    except (TypeError, ValueError):
        return None


def _times(state: GameState) -> tuple[datetime | None, datetime | None]:
    if not state.events:
        return None, None
    return _time(state.events[0].created_at), _time(state.events[-1].created_at)


def _players(state: GameState) -> tuple[list[dict[str, Any]], str, int | None]:
    """The players (name, score, rank, winner, startPlayer), the score's unit ("yen" or
    "points") and the board game's turn count (None for the card game)."""
    if is_cards(state.config):
        table = cast(cardgame.State, state.table)
        result = outcome(table)
        winners = set(result.winners) if result is not None else set()
        totals = [card_score(table, seat).total for seat in range(len(table.players))]
        players = []
        for seat, name in enumerate(table.players):
            # Two players: a winner is first, the other second (a true tie: both first).
            rank = 1 if seat in winners else 1 + len(winners)
            players.append(
                {
                    "name": name,
                    "score": totals[seat],
                    "rank": rank,
                    "winner": seat in winners,
                    # WA-SA-BI's bids are simultaneous: nobody starts.
                    "startPlayer": False,
                }
            )
        return players, "points", None
    final = state.table.score()
    start = state.config.start_player
    names = list(state.config.players)
    players = [
        {
            "name": p.name,
            "score": p.final_yen,
            "rank": p.rank,
            "winner": p.name in final.winners,
            "startPlayer": names.index(p.name) == start,
        }
        for p in final.players
    ]
    return players, "yen", state.table.turn.number


def finished(state: GameState) -> bool:
    if is_cards(state.config):
        return bool(cast(cardgame.State, state.table).finished)
    return bool(state.table.turn.finished)


def _score_text(amount: int, unit: str, lang: str) -> str:
    if unit == "yen":
        return format_yen(amount, lang)
    return say("play.points", lang, points=amount)


def _comment(
    state: GameState, players: list[dict[str, Any]], unit: str, turns: int | None, lang: str
) -> str:
    winners = [p for p in players if p["winner"]]
    names = say("play.and", lang).join(p["name"] for p in winners)
    best = _score_text(winners[0]["score"], unit, lang) if winners else ""
    knives = False
    if is_cards(state.config):
        result = outcome(cast(cardgame.State, state.table))
        knives = result is not None and result.reason == "knives"
    if knives:
        line = say("play.won_knives", lang, names=names)
    elif len(winners) > 1:
        line = say("play.won_shared", lang, names=names, score=best)
    else:
        line = say("play.won", lang, names=names, score=best)
    if turns is not None:
        line += say("play.turns", lang, players=len(players), turns=turns)
    return line + say("play.by_app", lang)


def logged_play(state: GameState, lang: str) -> dict[str, Any] | None:
    """The play of a finished game for BG Stats (``json``), its link (``url``) and its
    plain text (``text``) in ``lang``; None while the game goes on."""
    if not finished(state):
        return None
    players, unit, turns = _players(state)
    first, last = _times(state)
    name = CARDS_NAME if is_cards(state.config) else BOARD_NAME
    play: dict[str, Any] = {"sourceName": "Tsukiji Companion", "game": {"name": name}}
    if first is not None:
        play["playDate"] = first.isoformat(timespec="seconds")
    duration = None
    if first is not None and last is not None:
        duration = max(0, round((last - first).total_seconds() / 60))
        play["durationMin"] = duration
    play["players"] = players
    play["comments"] = _comment(state, players, unit, turns, lang)
    data = json.dumps(play, ensure_ascii=False, separators=(",", ":"))
    return {
        "json": play,
        "url": BGSTATS_URL + quote(data, safe=""),
        "text": play_text(play, unit, lang),
    }


def play_text(play: dict[str, Any], unit: str, lang: str) -> str:
    """The play as lines a person pastes into a BoardGameGeek log. (The sentences carry
    their own spaces: Japanese puts none between them.)"""
    # The game's name as its box prints it in the reader's language (the JSON keeps the
    # name BG Stats knows).
    cards = play["game"]["name"] == CARDS_NAME
    head = [say("play.game_cards" if cards else "play.game_board", lang)]
    if "playDate" in play:
        head.append(play["playDate"][:10])
    if "durationMin" in play:
        head.append(say("play.minutes", lang, minutes=play["durationMin"]))
    head.append(say("play.players", lang, players=len(play["players"])))
    lines = [say("play.sep", lang).join(head)]
    for p in sorted(play["players"], key=lambda p: p["rank"]):
        marks = []
        if p["winner"]:
            marks.append(say("play.winner", lang))
        if p["startPlayer"]:
            marks.append(say("play.start_player", lang))
        line = say(
            "play.line",
            lang,
            rank=p["rank"],
            name=p["name"],
            score=_score_text(p["score"], unit, lang),
        )
        if marks:
            line += say("play.marks", lang, marks=say("play.sep", lang).join(marks))
        lines.append(line)
    lines.append(play["comments"])
    return "\n".join(lines)
