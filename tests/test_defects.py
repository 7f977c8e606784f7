"""Defects from the issue list, each pinned by a small test on the rendered HTML or JSON."""

from __future__ import annotations

import re
from typing import Any

SETUP = {
    "players": ["Aiko", "Bo", "Chiyo"],
    "seed": 5,
    "fish_markets": ["mackerel", "tuna", "spider_crab", "eel", "squid"],
    "external_markets": ["ships", "bank", "rentals"],
}


class Game:
    def __init__(self, client: Any, **setup: Any) -> None:
        self.client = client
        r = client.post("/api/games", json={**SETUP, **setup})
        assert r.status_code == 201
        body = r.get_json()
        self.id, self.host = body["id"], body["host_token"]
        self.tokens = {s["name"]: s["token"] for s in body["seats"]}

    def act(self, **action: Any) -> None:
        r = self.client.post(
            f"/api/games/{self.id}/actions",
            json=action,
            headers={"Authorization": f"Bearer {self.host}"},
        )
        assert r.status_code == 201, r.get_json()

    def history(self) -> list[str]:
        r = self.client.get(
            f"/api/games/{self.id}", headers={"Authorization": f"Bearer {self.host}"}
        )
        return [h["text"] for h in r.get_json()["history"]]

    def page(self, who: str) -> str:
        token = self.host if who == "host" else self.tokens[who]
        browser = self.client.application.test_client()
        assert browser.get(f"/join/{token}").status_code == 303
        page = "table" if who == "host" else "seat"
        r = browser.get(f"/games/{self.id}/{page}")
        assert r.status_code == 200
        return str(r.get_data(as_text=True))


def test_history_counts_singular_and_plural(client: Any) -> None:
    g = Game(client)
    g.act(type="take_license", player="Aiko", market="eel", count=1)
    g.act(type="take_item", player="Aiko", item="cart", count=1)
    g.act(type="take_loan", player="Bo", count=2)
    g.act(type="buy_share", player="Chiyo", count=1)
    g.act(type="gain_fish", player="Aiko", fish="eel", count=1)
    g.act(type="gain_fish", player="Bo", fish="eel", count=2)
    lines = g.history()
    assert "Aiko took 1 Eel licence" in lines
    assert "Aiko took 1 Cart" in lines
    assert "Bo took 2 loans" in lines
    assert "Chiyo bought 1 share" in lines
    assert "Aiko took 1 Eel token" in lines
    assert "Bo took 2 Eel tokens" in lines
    assert not any(re.search(r"\b1 \w+(?: \w+)? ?\w*s\b", line) for line in lines), lines
