"""The Japanese of :mod:`companion.web.schemas`' field wordings: per field (and per body
where one field name means something else), what the field is (``label``) and what it must
be (``what``), and the sentences that replace the default one for some kinds of error.
The sentence that holds them is a message code (``field.must`` in
companion/translations/ja/LC_MESSAGES/messages.po); tests/test_edge_sentences.py fails
while a wording has no Japanese here.

Imported by schemas.py only (it holds no logic); the numbers come from there."""

from __future__ import annotations

from typing import Final

from ..rules.auctions import KINDS
from ..rules.bookkeeping import MAX_COUNT, MAX_YEN, NOTE_MAX

_PLAYER = "このテーブルのプレイヤーの名前"
_ANY_PARTY = 'プレイヤーの名前か"supply"'


def wordings(
    max_seq: int, max_lot: int, max_seed: int, max_figure: int
) -> dict[str, tuple[str, str]]:
    """Field name → (label, what), as schemas.WORDINGS."""
    counts = f'市場ごとの0から{MAX_COUNT}までの数のオブジェクト（{{"eel": 2}}など）'
    return {
        "expected_seq": ('見た版（"expected_seq"）', f"最後に見た記録の番号（0から{max_seq:,}）"),
        "to_seq": ('取り消し先の記録（"to_seq"）', f"履歴の記録の番号（0から{max_seq:,}）"),
        "correction": ('訂正かどうか（"correction"）', "trueかfalse"),
        "amount": ("金額", "300のような円の整数"),
        "from": ('支払う人（"from"）', _ANY_PARTY),
        "to": ('受け取る人（"to"）', _ANY_PARTY),
        "note": ("メモ", f"{NOTE_MAX}文字以内の文字列"),
        "player": ("プレイヤー", _PLAYER),
        "fish": ("魚", '"eel"や"tuna"のような魚トークンのキー'),
        "count": ("数", f"1から{MAX_COUNT}までの整数"),
        "value": ("印刷された値", "タカアシガニは4・6・8、マグロは15・20・25"),
        "side": ("サケの面", '"fresh"（新鮮な面）か"degraded"（鮮度が落ちた「4」の面）'),
        "market": ("市場", '"eel"のような魚市場のID'),
        "item": ("アイテム", '"freezer"・"cart"・"buyer_token"のどれか'),
        "track": ("トラック", '"eel"か"swordfish"'),
        "pay": ('今支払うか（"pay"）', "true（価格を今支払う）かfalse"),
        "owner": ("売り手", _PLAYER),
        "kind": ("競りの種類", "次のどれか：" + "、".join(KINDS)),
        "drawn": ("手で引いたトークン", '"tuna:20"のようなトークンコード'),
        "lot": ("ロット", f'{max_lot}個以内のトークンコードのリスト（["eel", "tuna:20"]など）'),
        "barrels": ("樽", counts),
        "winner": ("落札者", "プレイヤーの名前。「物々交換」ですべての提示を断るならnull"),
        "players": ("プレイヤー", "2人から6人の名前のリスト"),
        "entry": (
            "入場",
            '"ap"・"cart"・{"cart": 2}・"yen"・"free"・{"token": {"fish": …}}・'
            '{"barrel": {"fish": …, "row": …, "price": …}}のどれか',
        ),
        "licenses": ("漁業免許", "0から4までの整数"),
        "sell": (
            "売るもの",
            f"魚ごとの0から{MAX_COUNT}までの数のオブジェクト（タカアシガニとマグロは印刷された値）"
            '。{"eel": 2}や{"tuna": [20, 15]}など',
        ),
        "sell_barrels": ("売る樽", '{"row": "upper", "price": 100}のリスト'),
        "trade": ("交換するタコ", f"1から{MAX_COUNT}までの整数"),
        "takoyaki_prices": ("たこ焼きの価格", "100円単位の価格のリスト"),
        "cans": ("イワシの缶詰", f"1から{MAX_COUNT}までの整数"),
        "caught": ("獲った樽", counts.replace('"eel": 2', '"eel": 1')),
        "unloaded": ("降ろした樽", counts),
        "for_sale": (
            "売りに出す樽",
            '{"fish": "eel", "price": 300}のリスト。価格は100円単位（0円も可）',
        ),
        "reprice": (
            "新しい価格",
            '{"row": "upper", "fish": "eel", "price": 300, "to": 200}のリスト',
        ),
        "freezer": ('冷凍庫（"freezer"）', "trueかfalse"),
        "sell_boats": (
            "売る船",
            '["two_slot"]のような船のリスト（docs/actions.mdに一覧があります）',
        ),
        "buy": ("買う船", '["three_slot"]のような船のリスト'),
        "trade_in": ("下取りの船", '"one_slot"のような自分の船'),
        "boat": ("船", '"two_slot"のような船（docs/actions.mdに一覧があります）'),
        "loans": ("ローン", "0から3までの整数"),
        "shares": ("株", "0から2までの整数"),
        "left": ("左の場所のトークン", '["squid", "tuna:20"]のようなトークンコードのリスト'),
        "right": ("右の場所のトークン", '["mackerel"]のようなトークンコードのリスト'),
        "trades": (
            "交換",
            '[{"place": 4, "tokens": ["octopus", "mackerel"]}]のようなリスト。'
            "場所は2・3・4・5・10のどれか",
        ),
        "freezers": ("借りる冷凍庫", "0から2までの整数"),
        "boats": (
            "船",
            '船ごとに1つの活動のリスト（[{"boat": "b1", "do": "undock"}, '
            '{"boat": "b2", "do": "catch", "fish": "eel"}, '
            '{"boat": "b3", "do": "dock", "at": "1"}]など）',
        ),
        "do": ("活動", '"undock"（出港）・"catch"（漁獲）・"dock"（入港）のどれか'),
        "at": ("入港する場所", '"leftmost"・"1"・"2"・"overseas"のどれか'),
        "licence": ("使う漁業免許", '"horse_mackerel"のような魚市場のID'),
        "group": ("「海外」市場のグループ", "1から12までの整数"),
        "rent": ("借りる船", '[{"boat": "three_slot", "from": "ships"}]のようなリスト'),
        "buyer_tokens": ("バイヤートークン", "0から2までの整数"),
        "expansion_tokens": ("拡張トークン", '"fish"と"external"の1つか2つのリスト'),
        "groups": (
            "寿司のグループ",
            '1から5個のトークンコードのグループ1から5個のリスト（[["fugu"]]など）',
        ),
        "carts": ("借りる台車", "0から2までの整数"),
        "caught_himono": (
            "干物の漁業免許で獲った樽",
            '市場ごとの数のオブジェクト（{"mackerel": 1}など）',
        ),
        "himono_prices": (
            "干物の価格",
            "100円単位の価格のリスト。いっぱいの干物の漁業免許1枚に1つ",
        ),
        "discarded": ("捨てた樽", '市場ごとの数のオブジェクト（{"eel": 1}など）'),
        "discarded_himono": ("捨てた干物の樽", '市場ごとの数のオブジェクト（{"mackerel": 1}など）'),
        "tokens": ("トークン", '魚ごとの数のオブジェクト（{"mackerel": 1}など）'),
        "buy_fugu": ("買う鮮度が落ちたフグ", f"0から{MAX_COUNT}までの整数"),
        "price": ("価格", "300のような100円単位の円の整数"),
        "row": ("段", '"upper"か"lower"'),
        "money": ('所持金（"money"）', '"open"か"closed"'),
        "expansion": ('拡張（"expansion"）', "trueかfalse"),
        "fish_markets": (
            '魚市場（"fish_markets"）',
            '["mackerel", "eel"]のような魚市場のIDのリスト',
        ),
        "external_markets": (
            '外部市場（"external_markets"）',
            '["ships", "bank"]のような外部市場のIDのリスト',
        ),
        "variants": (
            'バリアント（"variants"）',
            '"more_markets"・"known_order"・"crash"・"blue_ship"・"small_barges"のリスト',
        ),
        "seed": ("シード", f"0から{max_seed:,}までの整数"),
        "fixed_fish": ('必ず使う魚市場（"fixed_fish"）', '"mackerel"か"horse_mackerel"'),
        "start_player": ('スタートプレイヤー（"start_player"）', "席の番号（最初のプレイヤーは0）"),
        "type": ("操作の種類", '"pay"のような、docs/actions.mdに書かれている操作の種類のどれか'),
        "auction": ("競り", '"a17"のような、続いている競りのID'),
        "draws": ("引いたトークン", '「ハマグリ・カキ」の樽1個につき1つの"clam"か"oyster"のリスト'),
        "markets": ("市場", '["mackerel", "ships"]のような市場のIDのリスト'),
        "buyer": ('バイヤートークン（"buyer"）', "true（バイヤートークンを使う）かfalse"),
        "place": ("スペース", "4のような、ボードのスペースのどれか"),
        "places": ("スペース", "ボードのスペースにあるトークン"),
        "token": ("トークン", '"tuna:20"のようなトークンコード'),
        "barrel": ("樽", '{"fish": "eel", "row": "upper", "price": 300}'),
        "licences": ("ボードの漁業免許", "0から99までの整数"),
        "octopus_tokens": ("タコのトークン", "0から99までの整数"),
        # The parts of a tsukiji-snapshot document (the calculator's).
        "yen": ("円", "円の整数"),
        "name": ("名前", "空でない名前"),
        "fresh": ("新鮮なサケ", "0以上の整数"),
        "degraded": ("鮮度が落ちたサケ", "0以上の整数"),
        "external": ("外部市場", '["ships", "bank"]のような外部市場のIDのリスト'),
        "format": ("形式", '"tsukiji-snapshot/1"'),
        "remaining": ("残りのトークン", "0以上の整数"),
        "snapshot": ("スナップショット", "tsukiji-snapshot/1形式のオブジェクト"),
        "board_numbers": ("ボードの数字", f"0から99までの数か、{max_figure:,}円までの価格"),
    }


def overrides() -> dict[tuple[str, str], tuple[str, str]]:
    """(body, field) → (label, what), as schemas.OVERRIDES."""
    counts = f'市場ごとの0から{MAX_COUNT}までの数のオブジェクト（{{"eel": 2}}など）'
    return {
        ("lose_fish", "to"): ('トークンの行き先（"to"）', '"market"か"box"'),
        ("give_fish", "from"): ('渡す人（"from"）', _PLAYER),
        ("give_fish", "to"): ('受け取る人（"to"）', _PLAYER),
        ("take_boat", "from"): ('ボード（"from"）', '"ships"か"used_ships"'),
        ("fishing", "boat"): ("船", '"b2"のような自分の船のID'),
        ("discard", "boat"): ("船", '"b2"のような海上にある自分の船のID'),
        ("transfer", "from"): ('漁船（"from"）', '"b2"のような海上にある自分の漁船'),
        ("transfer", "to"): ('はしけ（"to"）', '"b3"のような海上にある自分のはしけ'),
        ("return_boat", "to"): ('ボード（"to"）', '"ships"か"used_ships"'),
        ("set_track", "value"): ("マス", "トラックのマス（1から13）"),
        ("add_market", "market"): ("市場", '"squid"や"bank"のような魚市場か外部市場のID'),
        ("overseas", "drawn"): ("手で引いたトークン", '["tuna:20"]のようなトークンコードのリスト'),
        ("visit", "market"): ("市場", '"eel"のような場にある市場のID'),
        ("purchase", "barrels"): (
            "樽",
            "売りに出ている樽1個から30個のリスト。それぞれ"
            '{"from": 名前, "fish": "eel", "row": "upper", "price": 300}',
        ),
        ("purchase", "from"): ('売り手（"from"）', _PLAYER),
        ("visit", "barrels"): ("「海外」市場に入港させる樽", counts),
        ("visit", "tokens"): (
            "売るトークン",
            '["mackerel", "tuna:15"]のようなトークンコードのリスト',
        ),
        ("bid", "amount"): ("入札額", "円の整数"),
    }


def said(max_figure: int) -> dict[tuple[str, str], str]:
    """(field or body.field, kind of error) → the whole sentence, as a Wording's ``said``."""
    return {
        ("amount", "low"): "金額は0円より多くなければなりません。",
        ("amount", "high"): f"金額は{MAX_YEN:,}円以下でなければなりません。",
        ("board_numbers", "must"): "ボードの数字は整数です。",
        ("board_numbers", "low"): "ボードの数字は0から99までの数か、0円からの価格です。",
        ("board_numbers", "high"): f"ボードの数字は99までの数か、{max_figure:,}円までの価格です。",
        ("board_numbers", "shape"): 'ボードの数字は{"nori": {"tokens": 6}}のように魚市場ごとに'
        "指定します。",
        ("bid.amount", "must"): "入札額は300のような円の整数です。0円は入札できます。",
        ("bid.amount", "missing"): '{"amount": …}を円で送ってください。0円は入札できます。',
        ("bid.amount", "low"): "入札額は負にできません。0円は入札できます。",
        ("bid.amount", "high"): f"入札額は{MAX_YEN:,}円までです。",
        ("bid.amount", "multiple"): "入札額は100円単位でなければなりません。",
    }


#: The default label of a field no wording knows ("the field "x"").
UNKNOWN_LABEL: Final = "項目{name}"
UNKNOWN_WHAT: Final = "docs/actions.mdに書かれているとおり"
