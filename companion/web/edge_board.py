"""Parsing the board game's bodies at the edge (as :mod:`.edge` parses every body): its
actions, auctions, bids and choices, and its New game settings, JSON or an htmx form,
each through the models of :mod:`.schemas` before the door sees it."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from flask import request
from pydantic import ValidationError
from werkzeug.datastructures import MultiDict

from ..door import Refused, refusal_of
from ..rules.auction_moves import Choose
from ..rules.bookkeeping import MAX_COUNT
from ..rules.catalogue import FISH_MARKETS
from ..rules.errors import IllegalAction
from ..rules.figures import disputed_defaults, to_remember
from ..rules.messages import Message
from ..rules.moves import MOVES
from ..rules.sealed_bids import SealedBid
from ..rules.setup import GameConfig, bad_character, make_config, with_remembered
from ..store import Store
from . import action_schemas, schemas
from .action_schemas import ACTIONS, AUCTIONS, FORM_STOCK
from .arg_models import body_of
from .context import store
from .edge import Action, _if_match, _object, _with_query_version, form_fields
from .schemas import TOKEN_CODES, parse

# -- actions -----------------------------------------------------------------------------------


def _action_model(kind: Any) -> type[schemas.ActionBody]:
    if not isinstance(kind, str) or not kind:
        raise Refused(400, Message("edge.needs_type"), "type")
    model = ACTIONS.get(kind)
    if model is not None:
        return model
    if kind in MOVES and MOVES[kind].internal:
        raise Refused(
            400,
            Message("door.auction_internal"),
            "type",
        )
    if len(kind) > schemas.ID_MAX:
        raise Refused(400, Message("edge.no_such_type"), "type")
    raise Refused(400, Message("door.no_action", {"name": repr(kind)}), "type")


def action_json(data: Any) -> Action:
    body = _object(data, Message("edge.action_shape"))
    model = _action_model(body.get("type"))
    action = parse(model, body, str(body["type"]))
    expected = action.expected_seq if action.expected_seq is not None else _if_match()
    return Action(str(body["type"]), action.args(), expected, action.correction)


def action_form(form: MultiDict[str, str] | None = None) -> Action:
    """An action from an htmx form: the same model as the JSON body, its strings read as
    numbers and flags where the model wants them."""
    fields = _with_query_version(form_fields(form))
    model = _action_model(fields.get("type"))
    action = parse(model, fields, fields["type"], form=True)
    return Action(fields["type"], action.args(), action.expected_seq, action.correction)


# -- auctions ----------------------------------------------------------------------------------


def _auction_model(kind: Any) -> type[action_schemas.AuctionBody]:
    model = AUCTIONS.get(kind) if isinstance(kind, str) else None
    if model is None:
        raise Refused(400, schemas.wording("auction", "kind").sentence("must"), "kind")
    return model


def auction_json(data: Any) -> tuple[dict[str, Any], int | None]:
    body = _object(
        data,
        Message("edge.auction_shape"),
    )
    auction = parse(_auction_model(body.get("kind")), body, str(body.get("kind")))
    expected = auction.expected_seq if auction.expected_seq is not None else _if_match()
    return auction.body(), expected


#: Fields of the page's auction form besides its ``lot_<code>`` and ``barrel_<market>``.
_AUCTION_FORM = frozenset({"kind", "owner", "drawn", "lot", "expected_seq"})


def _form_stock(key: str, value: str) -> int:
    """One count of the auction form, at most MAX_COUNT: the lot list is built from these,
    so a count is checked before any list grows."""
    try:
        return FORM_STOCK.validate_python(value, context={"form": True})
    except ValidationError:
        raise Refused(
            400,
            Message("edge.lot_counts", {"max": MAX_COUNT}),
            key,
        ) from None


def auction_form() -> tuple[dict[str, Any], int | None]:
    """The page's auction form: the counts of the lot (``lot_eel=2``) and of the Overseas
    barrels (``barrel_tuna=3``) become the same body as the JSON API's, keeping only the
    fields the chosen kind has (the form shows them all)."""
    fields = _with_query_version(form_fields())
    lot = [code for code in request.form.getlist("lot") if code.strip()]
    barrels: dict[str, int] = {}
    for key, value in fields.items():
        if key.startswith("lot_"):
            code = key[4:]
            if code not in TOKEN_CODES:
                raise Refused(400, Message("edge.lot_token"), key)
            lot += [code] * _form_stock(key, value)
        elif key.startswith("barrel_"):
            market = key[7:]
            if market not in FISH_MARKETS:
                raise Refused(400, Message("edge.barrels_market"), key)
            count = _form_stock(key, value)
            if count:
                barrels[market] = count
        elif key not in _AUCTION_FORM:
            raise Refused(400, Message("edge.no_field", {"field": schemas.quoted(key)}), key)
    kind = fields.get("kind")
    model = _auction_model(kind)
    body: dict[str, Any] = {"kind": kind, "owner": fields.get("owner")}
    if model is action_schemas.DockingAuction and "drawn" in fields:
        body["drawn"] = fields["drawn"]
    elif model is action_schemas.LotAuction:
        body["lot"] = lot
    elif model is action_schemas.OverseasAuction:
        body["barrels"] = barrels
    if "expected_seq" in fields:
        body["expected_seq"] = fields["expected_seq"]
    # The values are typed now except expected_seq, which the form mode reads.
    auction = parse(model, body, str(kind), form=True)
    return auction.body(), auction.expected_seq


# -- bids and choices --------------------------------------------------------------------------

_SEND_AMOUNT = Message("edge.bid_shape")
#: A sealed bid's body and a tie's choice, from the rules' dataclasses (issue #18 step 8).
BID = body_of(SealedBid)
CHOOSE = body_of(Choose)


def bid_json(data: Any) -> int:
    amount: int = parse(BID, _object(data, _SEND_AMOUNT), "bid").model_dump()["amount"]
    return amount


def bid_form() -> int:
    amount: int = parse(BID, form_fields(), "bid", form=True).model_dump()["amount"]
    return amount


def winner_json(data: Any) -> str | None:
    body = _object(data, Message("edge.choose_shape"))
    if "winner" not in body:
        raise Refused(
            400,
            Message("edge.choose_shape"),
            "winner",
        )
    winner: str | None = parse(CHOOSE, body, "choose").model_dump()["winner"]
    return winner


def winner_form() -> str | None:
    """A form's winner; an empty one declines every offer (Barter)."""
    fields = form_fields()
    chosen = parse(CHOOSE, {"winner": None, **fields}, "choose", form=True)
    winner: str | None = chosen.model_dump()["winner"]
    return winner


# -- new games ---------------------------------------------------------------------------------


def _setup_refusal(exc: IllegalAction) -> Refused:
    """A setup rule's refusal, as the door words any rule's: a clause after its field's
    name ("The Nori board’s “Tokens” must be …")."""
    return refusal_of(exc)


def _config(settings: action_schemas.Config) -> GameConfig:
    return make_config(
        list(settings.players),
        money=settings.money,
        expansion=settings.expansion,
        fish_markets=settings.fish_markets,
        external_markets=settings.external_markets,
        variants=list(settings.variants),
        seed=settings.seed,
        fixed_fish=settings.fixed_fish,
        start_player=settings.start_player,
        board_numbers=settings.board_numbers,
        fleet=2,
    )


def _memory() -> Store:
    """The server's store, which remembers the board numbers between games (AMB-40)."""
    return store()


def config_json(data: Any) -> GameConfig:
    """The API's game settings. The board numbers a request gives are remembered for this
    server's next games, and those it leaves out are taken from what was remembered. They
    are kept before the game is created (this is called only to create one): should the
    game then fail to be saved, the numbers are still the host's, and a retry finds them."""
    body = _object(data, Message("edge.config_shape"))
    try:
        config = _config(parse(action_schemas.Config, body, "config"))
    except IllegalAction as exc:
        raise _setup_refusal(exc) from None
    memory = _memory()
    given = {(m, f) for m, figures in config.board_numbers.items() for f in figures}
    memory.remember_numbers(to_remember(config.board_numbers, set(), config.player_count))
    return with_remembered(config, memory.remembered_numbers(config.player_count), given)


#: The hidden field of the New game page saying for how many players its board numbers
#: were shown: they are printed per player count, so after a change of count the page's
#: numbers are stale and the remembered (or default) ones for the new count are used.
BOARD_PLAYERS = "board_players"


def _board_fields(
    form: MultiDict[str, str], players: int
) -> tuple[dict[str, dict[str, str]], set[tuple[str, str]]]:
    """The page's ``board.<market>.<figure>`` fields: those filled in, and every one shown
    (filled or left empty), or none when the page says it showed them for another player
    count (a form without that field, from a script, is taken as it is)."""
    entered: dict[str, dict[str, str]] = {}
    shown: set[tuple[str, str]] = set()
    shown_for = (form.get(BOARD_PLAYERS) or "").strip()
    if shown_for and shown_for != str(players):
        return entered, shown
    for key in form:
        parts = key.split(".")
        if len(parts) == 3 and parts[0] == "board":
            shown.add((parts[1], parts[2]))
            value = (form.get(key) or "").strip()
            if value:
                entered.setdefault(parts[1], {})[parts[2]] = value
    return entered, shown


def config_form(form: MultiDict[str, str], remember: bool = False) -> GameConfig:
    """The New game form as a setup (IllegalAction when a setting breaks a setup rule or
    is not in the expected form; the page words it as a sentence). The board numbers the
    page did not show are taken from what this server remembers; with ``remember`` (the
    game is being created) those it showed are remembered, an emptied one forgotten."""
    for key in form:
        if bad_character(key) is not None or any(
            bad_character(v) is not None for v in form.getlist(key)
        ):
            raise IllegalAction(Message("edge.setting_chars"), key)
    expansion = form.get("expansion", "")
    players = [n for n in form.getlist("player") if n.strip()]
    settings: dict[str, Any] = {
        "players": players,
        "money": form.get("money") or "open",
        "variants": [v for v in ("more_markets", "known_order", "crash") if form.get(v) == "on"],
    }
    if expansion:
        settings["expansion"] = expansion
        settings["fixed_fish"] = form.get("fixed_fish") or "mackerel"
    seed = (form.get("seed") or "").strip()
    if seed:
        settings["seed"] = seed
    if form.get("manual") == "on":
        settings["fish_markets"] = form.getlist("fish_market")
        settings["external_markets"] = form.getlist("external_market")
    # Numbers printed on the boards, entered by the host: board.<market>.<figure>.
    entered, shown = _board_fields(form, len(players))
    settings["board_numbers"] = entered
    try:
        parsed = parse(action_schemas.Config, settings, "config", form=True)
    except Refused as exc:
        raise IllegalAction(exc.message.removesuffix("."), exc.field) from None
    # A seed of 0 on the page means "draw one".
    config = _config(parsed.model_copy(update={"seed": parsed.seed or None}))
    # Keep only the numbers of markets in play, and a disputed figure only where it
    # differs from the app's reading (the page shows that reading in the field).
    p = config.player_count
    playing = config.fish_markets + config.external_markets
    kept = {
        m: {f: n for f, n in figures.items() if n != (disputed_defaults((m,), p).get(m, {}).get(f))}
        for m, figures in config.board_numbers.items()
        if m in playing
    }
    kept = {m: figures for m, figures in kept.items() if figures}
    shown = {(m, f) for m, f in shown if m in playing}
    memory = _memory()
    if remember:
        in_play = {m: dict(figures) for m, figures in config.board_numbers.items() if m in playing}
        memory.remember_numbers(to_remember(in_play, shown, p))
    return with_remembered(replace(config, board_numbers=kept), memory.remembered_numbers(p), shown)
