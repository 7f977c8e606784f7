"""Tsukiji Market, the card game, played as a real table plays it (exploratory QA): the
real server process, two phones, and the taps a hurried hand makes on a slow Wi-Fi."""

from __future__ import annotations

import json
import re
import urllib.request

import pytest
from test_attention import IN_VIEW, RECORD_VIBRATE

pytestmark = [pytest.mark.browser, pytest.mark.server]

#: Counts the card forms' takes (posts to /cards/act) as the page makes them (fetch is
#: called in the submit event, so the count is known as soon as the tap's click returns).
COUNT_POSTS = """
window.cardPosts = 0;
const fetched = window.fetch.bind(window);
window.fetch = (url, ...rest) => {
  if (String(url).includes("/cards/act")) window.cardPosts += 1;
  return fetched(url, ...rest);
};
"""


def api(base: str, path: str, body: object, token: str | None = None) -> dict:
    req = urllib.request.Request(base + path, data=json.dumps(body).encode(), method="POST")
    req.add_header("Content-Type", "application/json")
    if token:
        req.add_header("Authorization", f"Bearer {token}")
    with urllib.request.urlopen(req) as answer:
        return json.loads(answer.read())


def new_game(base: str, cards: list[dict] | None = None) -> tuple[str, str, list[str]]:
    """A card game made through the API (with its 18 ``cards`` defined, if given): its id,
    host token and the two seat tokens."""
    body: dict = {"game": "tsukiji_market", "players": ["Aiko", "Bo"], "notches": 3}
    if cards is not None:
        body["cards"] = cards
    made = api(base, "/api/games", body)
    return made["id"], made["host_token"], [s["token"] for s in made["seats"]]


def aiko_wins_a_bid(base: str, phone, script: str | None = None) -> tuple:
    """A new game in which Bo bids 1 through the API and Aiko taps 3 on her phone (with
    ``script`` run on it first): the game, the host's token, her phone and its card form,
    in view."""
    from playwright.sync_api import expect

    game, host, seats = new_game(base)
    aiko = phone()
    if script:
        aiko.add_init_script(script)
    aiko.goto(f"{base}/join/{seats[0]}")
    api(base, f"/api/games/{game}/bids", {"fingers": 1}, seats[1])
    aiko.locator(".cards-fingers").get_by_role("button", name="3", exact=True).click()
    form = aiko.locator("form.cards-take")
    expect(form).to_be_visible()
    return game, host, aiko, form


def two_taps_while_the_first_is_out(page, first, second) -> None:
    """Tap ``first`` and then ``second`` while the card posts wait unanswered (held by
    ``page.route``): only one post goes out (COUNT_POSTS). Then its answer is let through."""
    held: list = []
    page.route("**/cards/act*", lambda route: held.append(route))
    first.click()
    second.click()
    assert page.evaluate("window.cardPosts") == 1
    for route in held:
        with page.expect_response("**/cards/act*"):
            route.continue_()


def settle(page) -> None:
    """Let the page put in what it has been answered (a morph is a task after the answer)."""
    page.evaluate("() => new Promise((done) => setTimeout(done, 300))")


def test_a_double_tap_on_record_records_once_and_shows_no_refusal(live_server, phone):
    """Aiko taps "Record Aiko's card" twice before the first tap is answered (a double
    tap, or a second tap on a slow Wi-Fi). The card is recorded once and her phone says
    nothing went wrong. The second post used to go out too: the server refused it (the
    table had moved on since the form was drawn) and its answer, the same version with
    "The table changed since you looked…", was put over the first one's, so the phone
    said the card had not been taken when it had."""
    from playwright.sync_api import expect

    _game, _host, aiko, form = aiko_wins_a_bid(live_server.url, phone, COUNT_POSTS)
    form.get_by_label("red", exact=True).check()
    form.locator('input[name="points"][value="3"]').check()
    record = form.get_by_role("button", name=re.compile("^Record"))
    two_taps_while_the_first_is_out(aiko, record, record)
    expect(aiko.locator("#score-0 .total")).to_have_text("3")
    settle(aiko)
    expect(aiko.locator("#cards-live .error")).to_have_count(0)
    shown = aiko.locator("#cards-live").inner_text()
    aiko.reload()
    assert aiko.locator("#cards-live").inner_text() == shown


def test_the_card_to_record_comes_into_view_on_the_winner_s_phone(live_server, phone):
    """Aiko wins the bid on a 390×844 phone: the card she must record ("Aiko's card: its
    colour") and every tap of it, "Record Aiko's card" included, are in view without a
    scroll. They sat below the Scale: the Record button was about 400 px below
    the bottom of the screen."""
    from playwright.sync_api import expect

    _game, _host, aiko, form = aiko_wins_a_bid(live_server.url, phone)
    expect(form.locator("legend").first).to_have_text("Aiko's card: its colour")
    expect(form.locator("legend").first).to_be_in_viewport(ratio=1)
    expect(form.get_by_role("button", name=re.compile("^Record"))).to_be_in_viewport(ratio=1)


def test_the_table_screen_keeps_the_scores_in_view_while_a_card_waits(live_server, screen, phone):
    """The table screen at 1280×800, both phones joined, Aiko's card to record: the Scale,
    the round (the last reveal, what is waited for), both scores and the card's every tap,
    "Record Aiko's card" included, are on the screen. In one column the card form pushed
    the scores about 200 px below its bottom; then, with the scores beside it, "Record
    Aiko's card" sat at about 930 px. With the 18 cards defined, on a Japanese table
    screen, the last of the picks and "Not among these?" ran to about 1,470 px."""
    from playwright.sync_api import expect

    def a_card_waits(table, cards: list[dict] | None = None) -> None:
        game, host, seats = new_game(live_server.url, cards)
        for token in seats:
            phone().goto(f"{live_server.url}/join/{token}")
        table.goto(f"{live_server.url}/join/{host}")
        expect(table.locator("#join-h")).to_have_count(0)
        for token, fingers in zip(seats, (3, 1), strict=True):
            api(live_server.url, f"/api/games/{game}/bids", {"fingers": fingers}, token)
        expect(table.locator("form.cards-take").first).to_be_visible()
        for shown in ("#barrel-text", "#last-reveal", "p.notice", "#score-0", "#score-1"):
            expect(table.locator(shown)).to_be_in_viewport(ratio=1)

    table = screen(1280, 800)
    a_card_waits(table)
    record = table.get_by_role("button", name="Record Aiko's card")
    expect(record).to_be_in_viewport(ratio=1)
    colours = ("red", "blue", "green", "yellow", "purple", "black")
    cards = [{"colour": colours[n % 6], "points": n % 10, "wasabi": n % 5 == 0} for n in range(18)]
    table = screen(1280, 800, extra_http_headers={"Accept-Language": "ja"})
    a_card_waits(table, cards)
    expect(table.locator("button.card-pick")).to_have_count(18)
    expect(table.locator("button.card-pick").last).to_be_in_viewport(ratio=1)
    expect(table.locator(".cards-manual > summary")).to_be_in_viewport(ratio=1)


def test_a_speciality_bonus_goes_to_the_player_chosen_while_the_phones_play_on(live_server, screen):
    """The table screen enters Bo's Speciality bonus while the phones play on: the host
    types 5, Aiko's bid comes in (the region is morphed) and the host taps Bo. The bonus
    is Bo's. With the old drop-down, the morph put its choice back on its first option
    (Aiko) between the choice and the tap: "Aiko scored a Speciality bonus of 5"."""
    from playwright.sync_api import expect

    game, host, seats = new_game(live_server.url)
    table = screen(1280, 800)
    table.goto(f"{live_server.url}/join/{host}")
    table.get_by_text("Speciality bonus").click()
    table.get_by_label("Bonus points").fill("5")
    api(live_server.url, f"/api/games/{game}/bids", {"fingers": 2}, seats[0])
    expect(table.locator("#bid-by")).to_contain_text("Aiko: has bid")
    expect(table.get_by_label("Bonus points")).to_have_value("5")
    table.get_by_role("button", name="Add the bonus to Bo").click()
    expect(table.locator("#history li").first).to_have_text("Bo scored a Speciality bonus of 5")
    expect(table.locator("#score-1")).to_contain_text("Speciality: 5")
    expect(table.locator("#score-0")).not_to_contain_text("Speciality")


def test_a_tap_the_wi_fi_lost_says_so_and_the_next_one_goes(live_server, phone):
    """Aiko taps her bid while the café's Wi-Fi drops it (the post never reaches the
    server): her phone says so, in one line of her language, and nothing changed; her
    next tap goes through and the line goes. The lost tap used to change nothing and say
    nothing: she could only guess that her bid was not in."""
    from playwright.sync_api import expect

    game, host, seats = new_game(live_server.url)
    aiko = phone(extra_http_headers={"Accept-Language": "ja"})
    aiko.goto(f"{live_server.url}/join/{seats[0]}")
    aiko.route("**/cards/bid", lambda route: route.abort("internetdisconnected"))
    aiko.locator(".cards-fingers").get_by_role("button", name="3", exact=True).click()
    expect(aiko.locator("#flash")).to_have_text(
        "タップがテーブルのサーバーに届きませんでした。Wi-Fiを確かめて、もう一度タップしてください。"
    )
    expect(aiko.locator("#bid-by")).to_contain_text("Aiko：まだ入札していません")
    aiko.unroute("**/cards/bid")
    aiko.locator(".cards-fingers").get_by_role("button", name="3", exact=True).click()
    expect(aiko.locator("#bid-by")).to_contain_text("Aiko：入札済み")
    expect(aiko.locator("#flash")).to_have_text("")


def test_a_refused_card_is_said_where_the_player_tapped(live_server, phone):
    """In a game with its 18 cards defined, Aiko describes a card that is none of them
    (purple 9) and taps Record: the refusal ("No card of this game's deck is purple worth
    9…") is on her screen, beside the form. It was put at the top of the card region,
    some 1,400 px above her screen, scrolled down to the form: the tap seemed to do
    nothing."""
    from playwright.sync_api import expect

    game, _host, seats = new_game(live_server.url, [{"colour": "red", "points": 1}] * 18)
    aiko = phone()
    aiko.goto(f"{live_server.url}/join/{seats[0]}")
    api(live_server.url, f"/api/games/{game}/bids", {"fingers": 1}, seats[1])
    aiko.locator(".cards-fingers").get_by_role("button", name="3", exact=True).click()
    expect(aiko.locator("button.card-pick").first).to_be_visible()
    aiko.get_by_text("Not among these? Describe the card instead").click()
    form = aiko.locator("details form.cards-take")
    form.get_by_label("purple", exact=True).check()
    form.locator('input[name="points"][value="9"]').check()
    form.get_by_role("button", name=re.compile("^Record")).click()
    error = aiko.locator("#cards-live .error")
    expect(error).to_contain_text("purple worth 9")
    expect(error).to_be_in_viewport(ratio=1)
    expect(form.get_by_role("button", name=re.compile("^Record"))).to_be_in_viewport()
    # A refused card keeps what she ticked, to be put right (only a recorded one resets).
    settle(aiko)
    expect(form.get_by_label("purple", exact=True)).to_be_checked()
    expect(form.locator('input[name="points"][value="9"]')).to_be_checked()


def test_a_tap_a_stalled_wi_fi_holds_is_given_up_and_taps_again(live_server, phone):
    """Aiko's bid is sent into a stalled Wi-Fi: no answer and no error, ever. After a
    while (the page's clock, run by the test) her phone says the tap did not reach the
    server, and the same button taps again. The post used to stay out for as long as
    the browser kept the connection, and the same tap was not sent again meanwhile: her
    taps on 3 did nothing, without a word."""
    from playwright.sync_api import expect

    _game, _host, seats = new_game(live_server.url)
    aiko = phone()
    aiko.add_init_script(COUNT_POSTS.replace("/cards/act", "/cards/bid"))
    aiko.clock.install()
    aiko.goto(f"{live_server.url}/join/{seats[0]}")
    stalled: list = []

    def stall(route) -> None:  # never answered
        stalled.append(route)

    aiko.route("**/cards/bid", stall)
    three = aiko.locator(".cards-fingers").get_by_role("button", name="3", exact=True)
    three.click()
    assert aiko.evaluate("window.cardPosts") == 1
    aiko.clock.run_for(60_000)
    expect(aiko.locator("#flash")).to_contain_text("did not reach the table's server")
    aiko.unroute("**/cards/bid")
    three.click()
    assert aiko.evaluate("window.cardPosts") == 2
    expect(aiko.locator("#bid-by")).to_contain_text("Aiko: has bid")
    expect(aiko.locator("#flash")).to_have_text("")


def test_a_player_on_another_phone_gets_a_new_code_from_the_table_screen(
    live_server, screen, phone
):
    """Both phones joined; Aiko's dies and she takes another. Her code works on one phone
    only: the new phone is told "ask the table screen to show your seat's code again",
    but the card game's table screen had no way to (its join codes went once both had
    joined): Aiko could never bid again. The table screen now shows a new code for her
    (the old phone is signed out), and her new phone joins with it and bids."""
    from urllib.parse import urlsplit

    from playwright.sync_api import expect

    _game, host, seats = new_game(live_server.url)
    table = screen(1280, 800)
    table.goto(f"{live_server.url}/join/{host}")
    old, bo = phone(), phone()
    old.goto(f"{live_server.url}/join/{seats[0]}")
    bo.goto(f"{live_server.url}/join/{seats[1]}")
    expect(table.get_by_role("heading", name="Join with your phone")).to_have_count(0)
    new = phone()
    new.goto(f"{live_server.url}/join/{seats[0]}")
    expect(new.locator("main")).to_contain_text("show your seat's code again")
    table.get_by_text("A player on another phone").click()
    table.get_by_role("button", name="Show a new code for Aiko").click()
    code = table.get_by_role("img", name="QR code to join as Aiko")
    expect(code).to_be_visible()
    new.goto(live_server.url + urlsplit(code.get_attribute("data-join-url") or "").path)
    expect(new.get_by_role("heading", name="Aiko's hand")).to_be_visible()
    new.locator(".cards-fingers").get_by_role("button", name="2", exact=True).click()
    expect(table.locator("#bid-by")).to_contain_text("Aiko: has bid")
    expect(old.locator(".cards-fingers")).to_have_count(0)  # signed out


def test_a_second_card_tapped_before_the_first_is_answered_is_not_sent(live_server, phone):
    """In a game with its 18 cards defined, Bo taps card No. 2 and, before it is answered,
    his finger lands on the card beside it. Card 2 is recorded and his phone shows no
    refusal. The second pick used to go out too: refused as stale ("The table changed
    since you looked…"), its answer was put over the first one's."""
    from playwright.sync_api import expect

    game, _host, seats = new_game(
        live_server.url, [{"colour": "red", "points": n % 10} for n in range(1, 19)]
    )
    bo = phone()
    bo.add_init_script(COUNT_POSTS)
    bo.goto(f"{live_server.url}/join/{seats[1]}")
    api(live_server.url, f"/api/games/{game}/bids", {"fingers": 1}, seats[0])
    bo.locator(".cards-fingers").get_by_role("button", name="3", exact=True).click()
    expect(bo.locator('button.card-pick[data-card="2"]')).to_be_visible()
    two_taps_while_the_first_is_out(
        bo,
        bo.locator('button.card-pick[data-card="2"]'),
        bo.locator('button.card-pick[data-card="3"]'),
    )
    expect(bo.locator("#score-1")).to_contain_text("red: 2")
    settle(bo)
    expect(bo.locator("#cards-live .error")).to_have_count(0)


def test_ticks_on_the_card_form_stay_through_an_update_and_go_once_recorded(live_server, phone):
    """Aiko, having won the bid, ticks blue, 5, Wasabi and the Draw icon; meanwhile the
    table screen gives Bo a Speciality bonus, which reaches her phone by the stream. Her
    ticks stay (the morph cleared them all: only typed values and open sections were
    kept). Once her card is recorded, the form that stays for her next card (the Draw
    icon's top card of the deck) starts from nothing ticked again, as its reload does."""
    from playwright.sync_api import expect

    game, host, aiko, form = aiko_wins_a_bid(live_server.url, phone)
    ticks = [
        form.get_by_label("blue", exact=True),
        form.locator('input[name="points"][value="5"]'),
        form.get_by_label("Wasabi", exact=True),
        form.get_by_label("Draw icon", exact=True),
    ]
    for tick in ticks:
        tick.check()
    bo_score = aiko.locator("#score-1 .total")
    before = bo_score.inner_text()
    api(
        live_server.url,
        f"/api/games/{game}/actions",
        {"type": "speciality", "player": "Bo", "points": 4},
        host,
    )
    expect(bo_score).not_to_have_text(before)  # the update came
    for tick in ticks:
        expect(tick).to_be_checked()
    form.get_by_role("button", name=re.compile("^Record")).click()
    expect(aiko.locator("#cards-live")).to_contain_text("takes the top card of the deck")
    expect(form).to_be_visible()  # the same form, for the card drawn
    settle(aiko)
    for tick in ticks:
        expect(tick).not_to_be_checked()
    expect(form.get_by_label("No icon", exact=True)).to_be_checked()
    shown = aiko.locator("#cards-live").inner_text()
    aiko.reload()
    assert aiko.locator("#cards-live").inner_text() == shown


def test_a_phone_is_called_when_its_bid_or_its_card_is_needed(live_server, screen, phone):
    """The board game's phones are called when their bid or their turn comes (their form
    in view, a vibration, the tab's title, a screen reader's line); the card game's phones
    were not: a phone scrolled down or lying on the table gave no sign that its fingers or
    its card were awaited. Bo has no phone: the table device is made his hand on purpose
    ("This device is Bo's phone", asked first), and it is called as Aiko's phone is."""
    from playwright.sync_api import expect

    base = live_server.url
    game, host, seats = new_game(base)
    aiko, table = phone(), screen(1280, 800)
    for page in (aiko, table):
        page.add_init_script(RECORD_VIBRATE)
    aiko.goto(f"{base}/join/{seats[0]}")
    # Every disclosure is a 44 px target (they were 25 px: a card's other half, the table
    # screen's Speciality bonus and new codes).
    for address in ("/games/new/cards/deck", f"/join/{host}"):
        table.goto(base + address)
        heights = table.locator("summary:visible").evaluate_all(
            "els => els.map(e => e.getBoundingClientRect().height)"
        )
        assert heights and min(heights) >= 44, (address, heights)
        # So are the page's own links: back to the New game page, to the 18 cards (20 px).
        link = table.locator("main > p > a" if "deck" in address else "#deck-link").first
        assert link.evaluate("e => e.getBoundingClientRect().height") >= 44
        if "deck" in address:  # a colour typed in full view (it was 24 px wide)
            width = table.locator('[name="c1_other"]').evaluate("e => e.offsetWidth")
            assert width >= 100, width
    claim = table.get_by_role("button", name="This device is Bo’s phone")
    table.once("dialog", lambda d: d.dismiss())
    claim.click()
    expect(table.get_by_role("heading", name="Join with your phone")).to_be_visible()
    assert table.url.endswith("/table")
    table.once("dialog", lambda d: d.accept())
    claim.click()
    expect(table.get_by_role("heading", name="Bo's hand")).to_be_visible()
    for page in (aiko, table):
        page.wait_for_function("window.tsukijiLive && window.tsukijiLive.streamUp()")
        assert page.title().startswith("● Your bid is needed — ")

    # Aiko bids 3 and scrolls down; Bo bids 1: Aiko's card is needed, and said so.
    aiko.locator(".cards-fingers").get_by_role("button", name="3", exact=True).click()
    expect(aiko).not_to_have_title(re.compile("^●"))
    aiko.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    table.locator(".cards-fingers").get_by_role("button", name="1", exact=True).click()
    expect(aiko).to_have_title(re.compile("^● Take your card from the Scale — "))
    expect(aiko.locator("#attention")).to_have_text("Take your card from the Scale")
    assert aiko.evaluate("window.__buzz") == 1
    assert table.evaluate("window.__buzz") == 0 and not table.title().startswith("●")

    # Her card recorded (from the API, the table screen's token): both bid again.
    aiko.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    table.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    take = {"type": "take_card", "player": "Aiko", "colour": "red", "points": 3}
    api(base, f"/api/games/{game}/actions", take, host)
    for page, buzzes in ((aiko, 2), (table, 1)):
        expect(page).to_have_title(re.compile("^● Your bid is needed — "))
        expect(page.locator("#attention")).to_have_text("Your bid is needed")
        page.wait_for_function(IN_VIEW, arg="bid-sheet")
        assert page.evaluate("window.__buzz") == buzzes

    # Names of 30 characters on a Japanese page at 360 px (a katakana run is kept whole
    # there), and cards of a typed colour of 20 letters to pick: the Scale's two ends and
    # the picks wrap them instead of pushing the page sideways (643 px, 402 px).
    names = ["Aikoaikoaikoaikoaikoaikoaikoa", "ボー" * 15]
    cards = [{"colour": "abcdefghij" * 2, "points": n % 10} for n in range(1, 19)]
    body = {"game": "tsukiji_market", "players": names, "cards": cards}
    made = api(base, "/api/games", body)
    game, tokens = made["id"], [s["token"] for s in made["seats"]]
    for token, fingers in zip(tokens, (1, 3), strict=True):
        api(base, f"/api/games/{game}/bids", {"fingers": fingers}, token)
    ja = phone(extra_http_headers={"Accept-Language": "ja"})
    ja.set_viewport_size({"width": 360, "height": 740})
    ja.goto(f"{base}/join/{tokens[1]}")
    expect(ja.locator("button.card-pick").first).to_be_visible()
    assert ja.evaluate("document.documentElement.scrollWidth") <= 360
