"""Parsing at the edge: every request body (JSON or an htmx form) becomes typed arguments
once, here, before the door sees it. A body that cannot be parsed is refused with one
sentence naming the field; nothing is built from a request before its identity is checked
(the routes call these after ``identify``)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from flask import request
from werkzeug.datastructures import MultiDict

from ..door import Refused
from ..rules.errors import IllegalAction
from ..rules.setup import GameConfig, make_config


@dataclass(frozen=True)
class Action:
    kind: str
    args: dict[str, Any]
    expected: int | None = None
    correction: bool = False


def _setup_refusal(exc: IllegalAction) -> Refused:
    message = exc.message[0].upper() + exc.message[1:]
    return Refused(400, message if message.endswith(".") else message + ".", exc.field)


def json_body() -> Any:
    return request.get_json(silent=True)


def _expected_raw(raw: Any) -> int | None:
    if raw is None or raw == "":
        return None
    try:
        return int(str(raw).strip('"'))
    except ValueError:
        raise Refused(400, "expected_seq must be a whole number.", "expected_seq") from None


def expected_json(data: Any) -> int | None:
    raw = data.get("expected_seq") if isinstance(data, dict) else None
    return _expected_raw(raw if raw is not None else request.headers.get("If-Match"))


def expected_form() -> int | None:
    return _expected_raw(request.form.get("expected_seq") or request.args.get("expected_seq"))


def action_json(data: Any) -> Action:
    if not isinstance(data, dict):
        raise Refused(400, "The body must be a JSON object with a \"type\".")
    kind = data.get("type")
    if not isinstance(kind, str):
        raise Refused(400, "The action needs a \"type\".", "type")
    args = {k: v for k, v in data.items() if k not in ("type", "expected_seq", "correction")}
    return Action(kind, args, expected_json(data), bool(data.get("correction")))


def action_form() -> Action:
    """An action from an htmx form: fields as strings; empty fields left out."""
    action: dict[str, Any] = {}
    for key in request.form:
        if key in ("as", "expected_seq"):
            continue
        value = request.form.get(key, "").strip()
        if value != "":
            action[key] = value
    if "pay" in action:
        action["pay"] = action["pay"] not in ("off", "false", "0")
    kind = action.pop("type", "")
    correction = bool(action.pop("correction", False))
    return Action(str(kind), action, expected_form(), correction)


def auction_json(data: Any) -> tuple[dict[str, Any], int | None]:
    if not isinstance(data, dict):
        raise Refused(400, "An auction is a JSON object with a \"kind\" and an \"owner\".")
    return data, expected_json(data)


def auction_form() -> tuple[dict[str, Any], int | None]:
    form = request.form
    body: dict[str, Any] = {"kind": form.get("kind"), "owner": form.get("owner")}
    if form.get("drawn"):
        body["drawn"] = form.get("drawn")
    lot = [code for code in form.getlist("lot") if code]
    for key in form:
        if key.startswith("lot_") and form.get(key, "").isdigit():
            lot += [key[4:]] * min(int(form[key]), 30)
        if key.startswith("barrel_") and form.get(key, "").isdigit() and int(form[key]):
            body.setdefault("barrels", {})[key[7:]] = int(form[key])
    if lot:
        body["lot"] = lot
    return body, expected_form()


def bid_json(data: Any) -> int:
    if not isinstance(data, dict) or "amount" not in data:
        raise Refused(400, "Send {\"amount\": …} in Yen; ¥0 is allowed.", "amount")
    return _bid(data["amount"])


def bid_form() -> int:
    return _bid(request.form.get("amount", ""))


def _bid(amount: Any) -> int:
    if isinstance(amount, str) and amount.strip().isdigit():
        amount = int(amount)
    if not isinstance(amount, int) or isinstance(amount, bool):
        raise Refused(400, "A bid is a whole number of Yen.", "amount")
    if amount < 0:
        raise Refused(400, "A bid cannot be negative; ¥0 is allowed.", "amount")
    if amount % 100:
        raise Refused(400, "A bid must be a multiple of ¥100.", "amount")
    return amount


def winner_json(data: Any) -> str | None:
    if not isinstance(data, dict) or "winner" not in data:
        raise Refused(400, 'Send {"winner": name}, or {"winner": null} to decline every '
                           "offer at Barter.", "winner")
    winner = data["winner"]
    return str(winner) if winner else None


def winner_form() -> str | None:
    return request.form.get("winner") or None


def undo_json(data: Any) -> tuple[int | None, int | None]:
    data = data if isinstance(data, dict) else {}
    to_seq = data.get("to_seq")
    if to_seq is not None and (not isinstance(to_seq, int) or isinstance(to_seq, bool)):
        raise Refused(400, "to_seq must be the number of a history entry.", "to_seq")
    return to_seq, expected_json(data)


def undo_form() -> tuple[int | None, int | None]:
    raw = request.form.get("to_seq")
    return (int(raw) if raw and raw.isdigit() else None), expected_form()


def redo_json(data: Any) -> int | None:
    return expected_json(data if isinstance(data, dict) else {})


def config_json(data: Any) -> GameConfig:
    if not isinstance(data, dict):
        raise Refused(400, "The body must be a JSON object.")
    try:
        return make_config(
            data.get("players"), money=data.get("money", "open"),
            expansion=bool(data.get("expansion", False)),
            fish_markets=data.get("fish_markets"), external_markets=data.get("external_markets"),
            variants=data.get("variants", ()), seed=data.get("seed"),
            fixed_fish=data.get("fixed_fish", "mackerel"),
            start_player=int(data.get("start_player", 0)),
            board_numbers=data.get("board_numbers"),
        )
    except IllegalAction as exc:
        raise _setup_refusal(exc) from None
    except (TypeError, ValueError, AttributeError):
        raise Refused(400, "The game settings are not in the expected form.") from None


def config_form(form: MultiDict[str, str]) -> GameConfig:
    """The New game form as a setup (IllegalAction when a setting breaks a setup rule)."""
    names = [n for n in (form.getlist("player") or []) if n.strip()]
    expansion = form.get("expansion") == "on"
    variants = [v for v in ("more_markets", "known_order", "crash") if form.get(v) == "on"]
    raw_seed = (form.get("seed") or "").strip()
    if raw_seed and not raw_seed.isdigit():
        raise IllegalAction("the seed must be a whole number", "seed")
    seed = int(raw_seed or 0) or None
    fish = form.getlist("fish_market") if form.get("manual") == "on" else None
    external = form.getlist("external_market") if form.get("manual") == "on" else None
    # Numbers printed on Expansion boards, entered by the host: board.<market>.<figure>.
    numbers: dict[str, dict[str, int]] = {}
    for key in form:
        parts = key.split(".")
        value = (form.get(key) or "").strip()
        if len(parts) == 3 and parts[0] == "board" and value:
            if not value.isdigit():
                raise IllegalAction("board numbers are whole numbers", key)
            numbers.setdefault(parts[1], {})[parts[2]] = int(value)
    config = make_config(
        names, money=form.get("money", "open"), expansion=expansion, fish_markets=fish,
        external_markets=external, variants=variants, seed=seed,
        fixed_fish=form.get("fixed_fish", "mackerel") if expansion else "mackerel",
        board_numbers=numbers,
    )
    # Keep only the numbers of markets in play.
    kept = {m: n for m, n in config.board_numbers.items() if m in config.fish_markets}
    return replace(config, board_numbers=kept)
