"""A store's tables, as the migrations that made them (sqlite-utils): each runs once per
database, in order, and is recorded under its name."""

from __future__ import annotations

import json

import sqlite_utils
from sqlite_utils.migrations import Migrations

migrations = Migrations("tsukiji-companion")


@migrations()
def m001_games_seats_events(db: sqlite_utils.Database) -> None:
    db.table("games").create(
        {"id": str, "created_at": str, "rules_version": str, "config": str},
        pk="id",
    )
    db.table("tokens").create(
        {"token": str, "game_id": str, "role": str, "seat": int, "revoked": int, "created_at": str},
        pk="token",
        foreign_keys=[("game_id", "games", "id")],
        defaults={"revoked": 0},
    )
    db.table("tokens").create_index(["game_id", "role", "seat"])
    db.table("events").create(
        {
            "game_id": str,
            "seq": int,
            "type": str,
            "data": str,
            "actor": str,
            "created_at": str,
            "undone_by": int,
            "correction": int,
            "grp": str,
        },
        pk=("game_id", "seq"),
        foreign_keys=[("game_id", "games", "id")],
        defaults={"correction": 0},
    )


@migrations()
def m002_bids(db: sqlite_utils.Database) -> None:
    # Sealed bids live only here until the reveal: never in the event log, never in the
    # folded table, so no view can carry an amount before everyone sees it.
    db.table("bids").create(
        {
            "game_id": str,
            "auction_id": str,
            "seat": int,
            "amount": int,
            "nonce": str,
            "receipt": str,
            "updated_at": str,
        },
        pk=("game_id", "auction_id", "seat"),
        foreign_keys=[("game_id", "games", "id")],
    )


@migrations()
def m003_token_joined(db: sqlite_utils.Database) -> None:
    # One seat, one phone: a join link signs in one device; showing the code again issues
    # a new link (and signs that device out).
    db.table("tokens").add_column("joined_at", str)
    db.table("tokens").add_column("replaces_joined", int, not_null_default=0)


#: Fields the forms recorded as digit strings before the edge parsed them into numbers.
_NUMBER_FIELDS = ("amount", "count", "value")


@migrations()
def m004_numbers_in_events(db: sqlite_utils.Database) -> None:
    # Early form actions stored "count": "2"; the rules now take numbers only, so an old
    # game would no longer fold. Rewrite those strings as the numbers they meant.
    rows = db.execute("SELECT game_id, seq, data FROM events").fetchall()
    for game_id, seq, raw in rows:
        data = json.loads(raw)
        changed = False
        for key in _NUMBER_FIELDS:
            value = data.get(key) if isinstance(data, dict) else None
            if isinstance(value, str) and value.isascii() and value.strip().isdigit():
                data[key] = int(value)
                changed = True
        if changed:
            db.execute(
                "UPDATE events SET data = ? WHERE game_id = ? AND seq = ?",
                [json.dumps(data, ensure_ascii=False), game_id, seq],
            )


# The migration's name is recorded in every database made since: it keeps it.
@migrations(name="m005_board_numbers")
def m005_remembered_numbers(db: sqlite_utils.Database) -> None:
    # Numbers printed only on the boards (AMB-40) or disputed by the rulebooks (AMB-11),
    # entered once by the host and used by this server's next games, not kept per game:
    # one row per market, figure and player count (0 for the box's counts, the same for
    # every count). A game's own numbers stay in its config, so a change here never
    # alters a game already created.
    db.table("board_numbers").create(
        {"market": str, "figure": str, "players": int, "value": int, "updated_at": str},
        pk=("market", "figure", "players"),
    )


@migrations()
def m006_bid_token(db: sqlite_utils.Database) -> None:
    # A sealed bid shows its amount only to the link that sealed it (issue #17): a seat's
    # link issued anew (a lost phone, a code someone else scanned) does not hand over the
    # bid sealed before. A bid sealed before this column was sealed by the link live now.
    db.table("bids").add_column("token", str)
    db.execute(
        "UPDATE bids SET token = (SELECT token FROM tokens WHERE tokens.game_id = bids.game_id "
        "AND tokens.role = 'seat' AND tokens.seat = bids.seat AND tokens.revoked = 0)"
    )
