"""The one sealed-secret mechanism: seal, receipt, reveal.

A seat seals a value (a bid in Yen, a number of fingers) under a key (an auction's id, a
round's): the value is kept apart from the event log, which records only that the seat has
sealed, and the seat gets a receipt. When every expected seat has sealed (or the owner
reveals now), every value is revealed at once with its nonce and receipt, so each seat can
check its value was not altered.

>>> s = seal("a3", 1, 1700, nonce="00ff")
>>> s.receipt == receipt("a3", 1, 1700, "00ff"), len(s.receipt)
(True, 9)
>>> opened = reveal({1: (1700, "00ff", s.receipt)}, seats=(0, 1))
>>> opened.values, opened.receipts, opened.missing  # doctest: +ELLIPSIS
({1: 1700}, [[1, '00ff', '...']], (0,))
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Iterable, Mapping
from dataclasses import dataclass


def receipt(key: str, seat: int, value: int, nonce: str) -> str:
    """A short commitment to a sealed value: shown to the seat when sealing, published
    with the nonce at the reveal, so each seat can see its value was not altered."""
    digest = hashlib.sha256(f"{key}|{seat}|{value}|{nonce}".encode()).hexdigest()
    return f"{digest[:4]}-{digest[4:8]}".upper()


@dataclass(frozen=True)
class Sealed:
    """One seat's sealed value, as it is kept until the reveal (never in the log)."""

    key: str
    seat: int
    value: int
    nonce: str
    receipt: str


def seal(key: str, seat: int, value: int, *, nonce: str | None = None) -> Sealed:
    """Seal ``value`` for ``seat`` under ``key``, with a fresh nonce (or ``nonce``)."""
    nonce = secrets.token_hex(8) if nonce is None else nonce
    return Sealed(key, seat, value, nonce, receipt(key, seat, value, nonce))


@dataclass(frozen=True)
class Opened:
    """The values of a reveal, seat → value, and what the log publishes to prove them:
    ``[seat, nonce, receipt]`` for each seat that sealed, in the order of the seats."""

    values: dict[int, int]
    receipts: list[list[int | str]]
    missing: tuple[int, ...]


def all_in(sealed: Iterable[int], seats: Iterable[int]) -> bool:
    """Whether every one of ``seats`` has sealed."""
    return set(seats) <= set(sealed)


def reveal(sealed: Mapping[int, tuple[int, str, str]], seats: Iterable[int]) -> Opened:
    """Open the values ``sealed`` (seat → value, nonce, receipt) of the expected
    ``seats``, in their order; a seat that did not seal is ``missing``."""
    order = list(seats)
    values = {s: sealed[s][0] for s in order if s in sealed}
    receipts: list[list[int | str]] = [[s, *sealed[s][1:]] for s in order if s in sealed]
    return Opened(values, receipts, tuple(s for s in order if s not in sealed))
