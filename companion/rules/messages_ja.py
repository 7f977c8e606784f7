"""The Japanese catalogue of the rules' messages: the same codes and placeholders as the
English one in :mod:`companion.rules.messages`, in the words of the Japanese rulebook
(「漁業」「購入」「市場」アクション, 漁業免許, 資源, 乱獲状態, 競り, 樽, 漁港ボード …).

Japanese has no plural: where the English picks a word by a count (``{count:barrel|
barrels}``) the Japanese writes the number with its counter (``{count}個``) or nothing.
Yen are written ``{amount:,}円``. Sentences that the edge completes (the lowercase
clauses ``arg.*``, ``bk.*``, ``au.*``) carry no final 「。」, as their English lacks the
full stop. The names of ids (markets, tokens, reasons …) are in :data:`NAMES`; an external
market is named in brackets as the rulebook writes it (「銀行」), so ``{market}市場``
reads 「銀行」市場 as well as サバ市場.

The glossary (the book's word, never the variants after it; tests/test_i18n_glossary.py
checks every Japanese message): 手番 (not ターン); 鮮度が落ちた (not 劣化); ローン (not
借金); 利子 (not 利息); 台車 (not カート); 魚市場 (not 漁業市場); 共通サプライ and
市場のサプライ (not ストック, 供給); 単独最下位 (not 単独最少); 一番左の停泊所,
「1」の停泊所, 「2」の停泊所 (never 停泊所0, 停泊所2); 提示 for a Barter offer (not
申し出); 所持金 for the money mode
(公開・非公開); moves that take no action point are アクションとは別の行動 (not 無料);
a licence that costs nothing is 無料, an empty License space is 空き; the table screen
is テーブル画面 (never the role name "host", nor ホスト); the report page is ゲームの経過
(not 物語), its total 最終所持金.

Counters (tests/test_i18n_natural.py): 枚 for licences, shares, loans and cards; 個 for
tokens, barrels and rented items; 隻 for boats; 点 for action points; a turn is 第1手番
(not 1手番目); a repeated name is counted once (「ウナギ×2」). Two sentences end the first
with 「。」, never the English colon.

Standard library only: this module belongs to the rules core.

>>> CATALOGUE["short_of_yen"].format(player="Aiko", have=300, what="イカ市場への入場",
...                                  need=1000)
'Aikoの所持金は300円だけです。イカ市場への入場には1,000円かかります。'
"""

from __future__ import annotations

from .catalogue import EXTERNAL_MARKETS, FISH_MARKETS

#: Fish tokens, as the rulebook names them (サバトークン, たこ焼きトークン …).
TOKEN_NAMES_JA: dict[str, str] = {
    "mackerel": "サバ",
    "eel": "ウナギ",
    "fugu": "フグ",
    "octopus": "タコ",
    "takoyaki": "たこ焼き",
    "red_snapper": "マダイ",
    "salmon": "サケ",
    "spider_crab": "タカアシガニ",
    "squid": "イカ",
    "tuna": "マグロ",
    "clam": "ハマグリ",
    "oyster": "カキ",
    "himono": "干物",
    "horse_mackerel": "アジ",
    "nori": "海苔",
    "sardine": "イワシ",
    "swordfish": "メカジキ",
}

NAMES: dict[str, str] = {
    **{k: v.ja for k, v in FISH_MARKETS.items()},
    **{k: f"「{v.ja}」" for k, v in EXTERNAL_MARKETS.items()},
    **TOKEN_NAMES_JA,
    "salmon_degraded": "サケ（鮮度が落ちた「4」の面）",
    "supply": "共通サプライ",
    "box": "箱",
    "bag": "競り袋",
    "market": "その市場",
    "harbor": "漁港ボード",
    "hand": "自分のトークン",
    "docking_auction": "入港時の競り",
    "for_sale": "販売エリアの上段",
    "upper": "上段",
    "lower": "下段",
    "canned": "イワシの缶詰のスペース",
    # reasons of Yen movements
    "entry": "入場コスト",
    "licence_payout": "漁業免許",
    "sale": "売却",
    "licence": "漁業免許",
    "docking_bonus": "荷降ろしの報酬",
    "purchase": "購入",
    # "oyster" (¥200 for a drawn Oyster) is the token's name, カキ, above
    "cans": "イワシの缶詰",
    "fugu_self_buy": "鮮度が落ちたフグ",
    "overfished": "乱獲状態",
    "swordfish_bonus": "メカジキのボーナス",
    # ways to pay an entry
    "entry.ap": "アクションポイント",
    "entry.cart": "台車",
    "entry.yen": "円",
    "entry.free": "無料の入場",
    "entry.token": "魚トークン",
    "entry.barrel": "樽",
    # kinds of request (in "… is not something a … takes"): the API's names stay
    "kind.fishing": "「漁業」アクション",
    "kind.purchase": "「購入」アクション",
    "kind.start_turn": "start_turn",
    "kind.visit": "visit",
    "kind.preview": "preview",
    "kind.load_himono": "load_himono",
    "kind.mackerel_sale": "サバの売却",
    # items
    "freezer": "冷凍庫",
    "cart": "台車",
    "buyer_token": "バイヤートークン",
    # auctions
    "auction.spider_crab": "タカアシガニの競り",
    "auction.tuna": "マグロの競り",
    "auction.swordfish": "メカジキの競り",
    "auction.auction_market": "「競り」市場の競り",
    "auction.barter": "「物々交換」",
    "auction.overseas": "「海外」市場の競り",
    # the Bank's stock
    "bank.loans": "ローン",
    "bank.shares": "株",
    # boats (external markets)
    "one_slot": "1スロット漁船",
    "two_slot": "2スロット漁船",
    "three_slot": "3スロット漁船",
    "four_slot": "4スロット漁船",
    "blue": "青の漁船",
    "barge": "6スロットのはしけ",
    "small_barge": "4スロットのはしけ",
    # reasons and kinds of the external markets
    "boat": "船",
    "boat_sale": "船の売却",
    "boat_rent": "船のレンタル",
    "loan": "ローン",
    "share": "株",
    "rental": "レンタル",
    "port": "停泊所を開く",
    "auction_fee": "「競り」の手数料",
    "kind.open_port": "open_port",
    "kind.assign_buyer": "assign_buyer",
    "kind.take_boat": "take_boat",
    "kind.return_boat": "return_boat",
    "kind.return_rental": "return_rental",
    # what an Expansion token brings, the Auction market's lot, the Oyster's payout
    "entering.fish": "魚市場",
    "entering.external": "外部市場",
    "expansion_token": "拡張トークン",
    "auction_market": "「競り」",
    "oyster_bonus": "カキ",
}

#: The board game's sentences (companion/rules/messages.py).
BOARD: dict[str, str] = {
    # -- refusals ----------------------------------------------------------------------------
    "not_your_turn": "今は{active}の手番です。{player}は今は行動できません。",
    "no_turn_yet": "まだ手番が始まっていません。「次の手番」で最初の手番を始めてください。",
    "game_over": "ゲームは終了しています。",
    "not_enough_ap": "{player}のアクションポイントは残り{left}点です。{what}には{need}点必要です。",
    "ap_spent": "{player}はこの手番のアクションポイントを使い切りました。{what}は今は始められ"
    "ません（「次の手番」で手番を終えます）。",
    "not_start_phase": "{player}には今、手番開始時の選択はありません。手番開始時の選択は、冷凍庫・"
    "鮮度が落ちたフグ・満杯の干物の漁業免許がある手番の開始時か、手番の最初のアクションの前に"
    "海上の樽を捨てるときに使います。",
    "discard_too_late": "海上の樽を捨てられるのは手番の開始時、アクションを行う前だけです。"
    "{player}はこの手番ですでにアクションを行いました。",
    "discard_more": "{player}が干物の漁業免許を使わずに漁獲して海上に持っている{market}樽は"
    "{at_sea}個で、{want}個ではありません。",
    "discard_more_himono": "{player}が干物の漁業免許で漁獲して海上に持っている{market}樽は"
    "{at_sea}個で、{want}個ではありません。",
    "himono_no_licence": "{player}は干物の漁業免許を持っていません。",
    "himono_catch_wrong": "干物の漁業免許で漁獲できるのはサバ樽・アジ樽・イワシ樽です（干物樽"
    "はそのどれも入手できないときだけ）。{market}樽は漁獲できません。",
    "himono_catch_licences": "{player}の干物の漁業免許{held}枚のうち、表向きは{usable}枚です。"
    "この「漁業」アクションで干物の漁業免許を使って漁獲できる樽は最大{usable}個で、{want}個では"
    "ありません（各免許の漁獲は1回まで、その免許で漁獲した樽2個が海上にある間は漁獲できません）。",
    "himono_barrel_not_yet": "干物の漁業免許で干物樽を漁獲できるのは、サバ樽・アジ樽・イワシ樽"
    "のどれも入手できないときだけです。{markets}はまだ入手できます。",
    "himono_not_for_sale": "{player}が干物の漁業免許を使わずに漁獲して海上に持っている{market}樽"
    "は{plain}個ですが、{placed}個を売りに出そうとしています。干物の漁業免許で漁獲した樽は"
    "売りに出さず、その免許の上に置きます。",
    "not_placed_himono": "{player}は{market}樽を{unloaded}個荷降ろしし、{placed}個を置こうとして"
    "いますが、海上にあったうち干物の漁業免許で漁獲したものは{himono}個だけです（それらは免許の"
    "上に置きます）。荷降ろししたそれ以外の{market}樽はすべて、漁港ボードの販売エリアの上段に"
    "売りに出します。",
    "himono_prices_count": "{player}の満杯の干物の漁業免許{count}枚が今、干物樽になります。"
    "その価格を{count}個指定してください（{given}個ではありません）。",
    "himono_price_needed": "{player}の満杯の干物の漁業免許が、先に干物樽{count}個になります。"
    "手番開始時の選択で、その価格を答えてください。",
    "himono_no_room": "{player}の干物の漁業免許に置けるのはあと{room}個で、{want}個では"
    "ありません。",
    "himono_load_wrong": "干物の漁業免許の上に置けるのはサバ・アジ・イワシの樽またはトークン"
    "だけです。{fish}は置けません。",
    "himono_nothing": "干物の漁業免許の上に置くトークンまたは樽を指定してください。",
    "no_freezer": "{player}は冷凍庫を持っていません。",
    "freezer_and_fugu": "冷凍庫を使う手番には鮮度低下がないため、その手番に鮮度が落ちたフグは"
    "購入できません。",
    "fugu_too_many": "{player}の販売エリアの下段にある鮮度が落ちたフグは{have}個で、{want}個では"
    "ありません。",
    "short_of_yen": "{player}の所持金は{have:,}円だけです。{what}には{need:,}円かかります。",
    "cannot_pay": "{player}は{what}の{need:,}円を支払えません。",
    "not_a_fish_market": "{name}という魚市場はありません。",
    "market_not_in_play": "{market}市場はこのゲームでは使われていません。",
    "external_not_guided": "{market}市場の訪問はまだガイドに対応していません。記録用のアクション"
    "で記録してください。",
    "entry_unknown": "{market}市場の入場コストはルールブックに載っていません。ボードの数字として"
    "入力するか、この訪問を記録用のアクションで記録してください。",
    "entry_not_printed": "{market}市場には{entry}では入れません。示されている入場コスト："
    "{options}。",
    "entry_bad": '入場コストの支払い方を指定してください："ap"、"cart"、"yen"、"free"、'
    '{{"token": …}}、{{"barrel": …}}のいずれかです。',
    "free_once": "{market}市場には入場コストがなく、1手番に1回しか入れません。",
    "no_cart": "{player}は台車を持っていません。",
    "entry_token_wrong": "{market}市場の入場コストのトークンは{allowed}で、{fish}ではありません。",
    "entry_barrel_wrong": "{market}市場の入場コストは自分の漁港ボードの{allowed}樽で、{fish}では"
    "ありません。",
    "not_held": "{player}は{fish}を{count}個持っていません。",
    "bag_tokens_left": "競り袋に残っている{fish}トークンは{left}個です。",
    "bag_tokens_left_valued": "競り袋に残っている「{value}」の{fish}トークンは{left}個です。",
    "market_tokens_left": "{market}市場に残っている{fish}トークンは{left}個だけです。",
    "not_held_valued": "{player}は「{value}」の{fish}トークンを持っていません。",
    "not_for_sale": "{owner}の漁港ボードの{row}に{price:,}円で売りに出ている{fish}はありません。",
    "sardine_licence_held": "イワシの漁業免許を持っている間はイワシ市場に入れません。先に免許を"
    "戻してください（無料）。",
    "nori_licence_held": "海苔市場には漁業免許を取るためにしか入れず、{player}はすでに1枚持って"
    "います。",
    "no_interaction": "{market}市場では少なくとも1回は処理を行わなければなりません：漁業免許の"
    "購入、売却、またはその市場の特別な処理です。",
    "cannot_sell": "{market}市場は魚トークンを買い取りません。",
    "sell_wrong_fish": "{market}市場が買い取るのは{allowed}だけで、{fish}は買い取りません。",
    "sell_list": '売却するトークンの印刷された値を指定してください。例：{{"{key}": [20, 15]}}。',
    "sell_barrels_only_mackerel": "漁港ボードの樽を買い取るのはサバ市場だけです。",
    "bad_count": "{what}は{low}から{high}までの整数でなければなりません。",
    "bad_price": "漁港ボードの価格は100円単位です（0円も可）。{price}は使えません。",
    "bad_field": "{field}は{kind}で指定する項目ではありません。",
    "licence_price_unknown": "{market}の漁業免許の価格はルールブックに載っていません。"
    "「漁業免許を取る」で記録してください。",
    "licences_per_visit": "{market}市場への1回の入場で購入できる漁業免許は最大{limit}枚です。",
    "licences_per_player": "1人のプレイヤーが持てる{market}の漁業免許は{limit}枚までです。",
    "licences_left": "{market}市場に残っている漁業免許は{left}枚です。",
    "spaces_free": "{player}の空いている免許スペースは4つのうち{free}つです。",
    "takoyaki_count": "タコ{octopus}個はたこ焼き{gets}個になります。価格を{gets}個指定して"
    "ください。",
    "takoyaki_left": "タコ市場に残っているたこ焼きは{left}個です。",
    "cans_left": "イワシの缶詰のスペースにあるトークンは{left}個です。",
    "catch_no_licence": "{player}が持っている{market}を漁獲できる漁業免許は{licences}枚です。"
    "1回の「漁業」アクションで漁獲できる{market}樽は最大{can}個で、{want}個ではありません。",
    "catch_overfished": "{market}は乱獲状態です。その樽は箱に戻されています。",
    "catch_empty": "{market}市場に残っている樽は{left}個で、{want}個はありません。",
    "catch_licences_joint": "{player}の漁業免許では、これらの漁獲を1回の「漁業」アクションで"
    "すべて行うことはできません。各免許の漁獲は1回までです。",
    "unload_more_than_at_sea": "{player}が海上に持っている{market}樽は{at_sea}個で、{want}個では"
    "ありません。",
    "not_placed": "{player}は{market}樽を{unloaded}個荷降ろしし、{placed}個を置こうとしています。"
    "荷降ろししたすべての{market}樽は、漁港ボードの販売エリアの上段に売りに出します。",
    "not_for_sale_fish": "{market}樽は売りに出さず、{where}へ送られます。",
    "for_sale_not_unloaded": "{player}は{market}樽を{placed}個売りに出そうとしていますが、荷降ろし"
    "したのは{unloaded}個です。",
    "reprice_only_fishing": "価格を変えられるのは「漁業」アクション中だけです。",
    "draw_needed": "{kind}の競りには、引いたトークン（{fish}）が必要です。サーバーが引きます。",
    "drawn_wrong": "引いたトークン{code}は競り袋にありません。",
    "own_barrel": "{player}は自分の漁港ボードから購入することはできません。",
    "nothing_to_buy": "購入する樽を1個以上指定してください。",
    "co_draw_needed": "ハマグリとカキの樽を1個購入するごとに、ハマグリかカキを1個引きます。引いた"
    "ものを指定してください（サーバーが引きます）。",
    "co_draw_wrong": "{code}は競り袋の中のハマグリでもカキでもありません。",
    "auction_open": "{kind}がまだ続いています。ほかのことをする前に、それを終えるか取り消して"
    "ください。",
    "entry.option_ap": "アクションポイント{count}点",
    "entry.option_yen": "{amount:,}円",
    "entry.option_free": "1手番に1回無料",
    "entry.option_token": "{fish}トークン1個",
    "entry.option_token_any": "任意の魚トークン1個",
    "entry.option_barrel": "自分の漁港ボードの{fish}樽1個",
    "entry.option_barrel_any": "自分の漁港ボードの樽1個",
    # -- the bookkeeping moves: clauses the edge makes a sentence of with their field
    # -- (「金額は整数でなければなりません。」) --------------------------------------------------
    "arg.required": "必須です",
    "arg.whole": "整数でなければなりません",
    "arg.yen_positive": "0円より多くなければなりません",
    "arg.yen_max": "{max:,}円以下でなければなりません",
    "arg.yen_step": "100円単位でなければなりません",
    "arg.count_min": "1以上でなければなりません",
    "arg.count_max": "{max}以下でなければなりません（それより多く置けるボードはありません）",
    "arg.flag": "trueかfalseでなければなりません",
    "arg.party": '必須です（プレイヤーの名前か"supply"）',
    "arg.note_long": "{max}文字以内でなければなりません",
    "arg.note_chars": "制御文字や文字の向きを変える文字は使えません",
    "bk.short": "{player}の所持金は{have:,}円だけです",
    "bk.short_licence": "{player}の所持金は{have:,}円だけです（漁業免許は{need:,}円です）",
    "bk.cannot_pay": "{player}は{need:,}円を支払えません",
    "bk.same_party": "支払う人と受け取る人が同じです",
    "bk.same_giver": "渡す人と受け取る人が同じです",
    "bk.no_player": "{name}という名前のプレイヤーはいません",
    "bk.no_fish_token": "{name}という魚トークンはありません",
    "bk.no_fish_market": "{name}という魚市場はありません",
    "bk.no_market": "{name}という市場はありません",
    "bk.no_action": "{name}というアクションはありません",
    "bk.not_in_play": "{market}市場はこのゲームでは使われていません",
    "bk.printed_values": "{fish}トークンに印刷されている値は{values}です",
    "bk.salmon_side": 'サケの面は"fresh"（新鮮）か"degraded"（鮮度が落ちた「4」の面）です',
    "bk.not_held": "{player}は{what}を持っていません",
    "bk.holds_only": "{player}が持っている{fish}は{count}個だけです",
    "bk.holds_only_degraded": "{player}が持っている{fish}（鮮度が落ちた面）は{count}個だけです",
    "bk.tokens_go": 'トークンは市場（"market"）か箱（"box"）に戻します',
    "bk.licences_per_visit": "{market}市場への1回の入場で購入できる漁業免許は最大{limit}枚です",
    "bk.licences_per_player": "1人のプレイヤーが持てる{market}の漁業免許は{limit}枚までです",
    "bk.spaces_free": "{player}の空いている免許スペースは4つのうち{free}つです",
    "bk.licences_left": "{market}市場に残っている漁業免許は{left}枚です",
    "bk.licence_price_unknown": "{market}の漁業免許の価格は不明です。支払いは別に記録し、"
    "漁業免許は支払いなしで受け取ってください",
    "bk.licences_not_held": "{player}はそのような漁業免許を{count}枚持っていません",
    "bk.item_kind": 'アイテムは"freezer"（冷凍庫）、"cart"（台車）、"buyer_token"（バイヤー'
    "トークン）のいずれかです",
    "bk.item_left": "{market}市場のボードに{item}は残っていません",
    "bk.item_not_held": "{player}はそれを持っていません",
    "bk.bank_not_in_play": "このゲームでは「銀行」市場は使われていません",
    "bk.bank_left": "「銀行」市場に残っている{kind}は{left}枚です",
    "bk.shares_no_loan": "{player}は株を持っているので、ローンを受けることはできません",
    "bk.loan_no_share": "{player}はローンを受けたので、株を購入することはできません",
    "bk.track_kind": 'トラックは"eel"（ウナギ）か"swordfish"（メカジキ）です',
    "bk.track_space": "価値マーカーは{low}から{high}のマスに置きます",
    "bk.overfished_already": "{market}はすでに乱獲状態です",
    "bk.needs_expansion": "その市場には拡張が必要です",
    "bk.in_play_already": "{market}市場はすでに使われています",
    "bk.game_over": "ゲームは終了しています",
    "bk.game_over_already": "ゲームはすでに終了しています",
    "bk.game_over_undo": "ゲームは終了しています。最終結果を変えるには取り消してください",
    "bk.auction_open": "{kind}がまだ続いています。ほかのことをする前に、それを終えるか取り消して"
    "ください",
    # -- tokens as people name them (「25」のマグロ、サケ（鮮度が落ちた面）) ------------------
    "token.name": "{fish}",
    "token.valued": "「{value}」の{fish}",
    "token.degraded": "{fish}（鮮度が落ちた面）",
    "token.count": "{what}{count}個",
    # -- auctions ------------------------------------------------------------------------------
    "au.which_token": "どの{fish}トークンかを指定してください（例：{key}:20）",
    "au.lot_too_small": "競りにかけるロットは2資源以上の価値がなければなりません",
    "au.lot_not_held": "ロットの{what}を持っていません",
    "au.no_auction": "そのような競りはありません",
    "au.kind": "種類は{kinds}のいずれかです",
    "au.another_open": "別の競りがまだ続いています。先にそれを決着させてください",
    "au.sells": "{kind}で売られるのは{fish}トークンです",
    "au.market_not_in_play": "{market}市場はこのゲームでは使われていません",
    "au.name_lot": "ロットに含めるトークンを指定してください",
    "au.fee": "{player}は手数料の{fee:,}円を支払えません",
    "au.list_barrels": "入港した船に積まれている樽を挙げてください",
    "au.not_a_market": "{name}は使われている魚市場ではありません",
    "au.barrel_counts": "樽の数は整数です",
    "au.no_barrels": "樽を積んでいない船は「海外」市場を訪れられません",
    "au.entry": "{player}は入場コストの{fee:,}円を支払えません",
    "au.convert": "{fish}樽{have}個がトークン{count}個に換わります",
    "au.back": "それぞれの市場に戻るもの：{barrels}。",
    "au.back_one": "{fish}樽{count}個",
    "au.short": "{barrels}の分のトークンは残っていないため、勝者はその分のトークンを"
    "受け取りません。",
    "au.co_unknown": "このゲームのハマグリとカキのトークンの数がわからないため、アプリでは"
    "勝者の分を引けません。この「海外」市場のロットは手で記録してください",
    "au.revealed_no_change": "入札は公開されました。もう入札を変えることはできません",
    "au.not_bidder": "{player}はこの競りの入札者ではありません",
    "au.revealed_already": "入札はすでに公開されています",
    "au.nothing_to_choose": "この競りでは今、選ぶものはありません",
    "au.accept_offer": "入札者のうち1人の提示を受け入れてください",
    "au.choose_tied": "同額の入札者から選んでください：{names}",
    "au.draws": "樽1個につきハマグリかカキを1個引いてください",
    # -- history lines of the bookkeeping moves and the auctions ------------------------------
    "history.pay": "{payer}が{payee}に{money}を支払いました{note}",
    "history.pay_from_supply": "共通サプライが{payee}に{money}を支払いました{note}",
    "history.yen": "{amount:,}円",
    "history.yen_hidden": "お金",
    "history.note": "（{note}）",
    "history.tokens": "{what}トークン{count}個",
    "history.gain_fish": "{player}が{tokens}を受け取りました",
    "history.lose_fish": "{player}が{tokens}を市場に戻しました",
    "history.lose_fish_box": "{player}が{tokens}を箱に戻しました",
    "history.give_fish": "{giver}が{taker}に{tokens}を渡しました",
    "history.red_snapper_one": "{player}がマダイ市場から次のマダイトークンを取りました",
    "history.red_snapper": "{player}がマダイ市場からマダイトークンを{count}個取りました",
    "history.take_license": "{player}が{market}の漁業免許を{count}枚取りました",
    "history.return_license": "{player}が{market}の漁業免許を{count}枚戻しました",
    "history.take_item": "{player}が{what}を{count}個取りました",
    "history.return_item": "{player}が{what}を{count}個戻しました",
    "item.freezer": "冷凍庫",
    "item.cart": "台車",
    "item.buyer_token": "バイヤートークン",
    "item.other": "{item}",
    "history.take_loan": "{player}がローンを{count}枚受けました",
    "history.buy_share": "{player}が株を{count}枚購入しました",
    "history.set_track": "{track}の価値マーカーを{value}に置きました",
    "history.overfished": "{market}が乱獲状態になりました",
    "history.add_market": "{market}市場がゲームに加わりました",
    "history.next_turn": "次の手番",
    "history.end_game": "ゲームを終了しました",
    "history.auction_open": "{owner}が{kind}を始めました",
    "history.auction_open_lot": "{owner}が{kind}を始めました：{lot}",
    "history.lot_barrels": "{market}樽{count}個",
    "history.bid_sealed": "{player}が入札しました（非公開）",
    "history.bids_revealed": "入札が公開されました",
    "history.chose": "{chooser}が{winner}を選びました",
    "history.owner_chose": "競りの主催者が{winner}を選びました",
    "history.table_chose": "テーブル画面が{winner}を選びました",
    "history.declined": "売り手はすべての提示を断りました",
    # -- what an action is, inside other sentences ---------------------------------------------
    "what.entry": "{market}市場への入場",
    "kind.visit_to": "{market}市場の訪問",
    "what.fishing": "「漁業」アクション",
    "what.purchase": "「購入」アクション",
    "what.visit": "「市場」アクション",
    "what.licences": "{market}の漁業免許{count}枚",
    "what.entry_yen": "{market}市場の入場コスト",
    "what.barrels": "樽",
    "what.fugu": "鮮度が落ちたフグ{count}個",
    "what.cans": "イワシの缶詰{count}個",
    "what.barrel": "{owner}の{fish}樽",
    # -- movements (preview and history) --------------------------------------------------------
    "mv.yen": "{payer} → {payee}：{amount:,}円（{reason}）",
    "mv.ap": "{player}がアクションポイントを{count}点使う（残り{left}点）",
    "mv.cart": "{player}が台車を使ってアクションポイント{count}点を得る",
    "mv.item_flip": "{player}の{item}を裏返す：残り1回",
    "mv.item_back": "{player}の{item}が{market}市場に戻る",
    "mv.free_entry": "{player}が{market}市場に無料で入る（この手番に1回）",
    "mv.token_in": "{player}が{where}から{fish}トークンを{count}個取る",
    "mv.token_in_valued": "{player}が{where}から「{value}」の{fish}トークンを取る",
    "mv.token_out": "{player}が{fish}トークン{count}個を{where}に戻す",
    "mv.token_out_valued": "{player}が「{value}」の{fish}トークンを{where}に戻す",
    "mv.token_kept": "{player}は{fish}トークン{count}個を手元に残す：セットにする相手がない",
    "mv.sell": "{player}が{fish}を{count}個売却して{amount:,}円を受け取る",
    "mv.track": "{track}の価値 {before} → {after}",
    "mv.licence_in": "{player}が{market}の漁業免許を{count}枚取る（ボードに残り{left}枚）",
    "mv.licence_out": "{player}の{market}の漁業免許がボードに戻る",
    "mv.barrels_board": "ボード上の{market}樽：{before} → {after}",
    "mv.barrels_box": "{market}樽{count}個が箱に戻る（乱獲状態）",
    "mv.harbor_add": "{player}が{fish}を{price:,}円で売りに出す（{row}）",
    "mv.harbor_remove": "{player}の{row}から{price:,}円の{fish}がなくなる",
    "mv.harbor_reprice": "{player}の{row}の{fish}：{before:,}円 → {price:,}円",
    "mv.degrade_out": "{player}の下段から{price:,}円の{fish}が取り除かれる（鮮度低下）",
    "mv.degrade_down": "{player}の上段の樽が下段に移る（{count}個）",
    "mv.freezer": "{player}が冷凍庫を使う：この手番は鮮度低下なし",
    "mv.catch": "{player}が{market}樽を{count}個漁獲する（海上に{at_sea}個）",
    "mv.unload": "{player}が{market}樽を{count}個荷降ろしする",
    "mv.left_over": "{fish}{count}個が余る：支払いがあるのは{per}個ごとだけ",
    "mv.auction": "{kind}の競り（{total}回中{number}回目）：開始時に引く{fish}トークン1個",
    "mv.canned": "イワシトークン{count}個をイワシの缶詰のスペースへ",
    "mv.overfished": "{market}が乱獲状態になる",
    "mv.phase": "{player}の手番：{phase}",
    "mv.himono": "{player}の干物の漁業免許：2個を戻し、干物樽1個を売りに出す",
    "mv.catch_himono": "{player}が干物の漁業免許で{market}樽を{count}個漁獲する（海上に{at_sea}"
    "個）",
    "mv.himono_face_down": "{player}の干物の漁業免許が裏向きになる：その免許で漁獲した樽{count}個"
    "が海上にある",
    "mv.himono_face_up": "{player}の干物の漁業免許が表向きに戻る",
    "mv.himono_barrel_on": "{player}が{fish}樽を干物の漁業免許の上に置く（{limit}個中{count}個目）",
    "mv.himono_token_on": "{player}が{fish}トークンを干物の漁業免許の上に置く（{limit}個中{count}"
    "個目）",
    "mv.himono_overflow": "{player}の干物の漁業免許は満杯：{market}樽は市場に戻る",
    "mv.himono_barrel_back": "{player}の干物の漁業免許から{fish}樽が戻る",
    "mv.himono_token_back": "{player}の干物の漁業免許から{fish}トークンがその市場に戻る",
    "mv.himono_waits": "{player}の満杯の干物の漁業免許は待機：干物樽が残っていない（AMB-42）",
    "mv.discard": "{player}が海上の{market}樽を{count}個捨てる",
    "mv.discard_himono": "{player}が干物の漁業免許で漁獲した海上の{market}樽を{count}個捨てる",
    # -- history lines ---------------------------------------------------------------------------
    "history.visit": "{player}が{market}市場を訪れました{details}",
    "history.fishing": "{player}が「漁業」アクションを行いました{details}",
    "history.purchase": "{player}が購入しました：{details}",
    "history.start_turn": "{player}が手番を始めました{details}",
    "history.details": "：{items}",
    "history.d_licences": "漁業免許{count}枚",
    "history.d_sold": "トークン{count}個を売却",
    "history.d_sold_barrels": "樽{count}個を売り戻し",
    "history.d_caught": "{count}個漁獲",
    "history.d_unloaded": "{count}個荷降ろし",
    "history.d_for_sale": "{count}個を売りに出す",
    "history.d_item": "{owner}の{fish}（{price:,}円）",
    "history.d_item_closed": "{owner}の{fish}",
    "history.d_freezer": "冷凍庫を使用",
    "history.d_fugu": "鮮度が落ちたフグを{count}個購入",
    "history.d_discarded": "海上の樽を{count}個捨てた",
    "history.d_himono": "干物樽{count}個を売りに出す",
    "history.load_himono": "{player}が干物の漁業免許の上に{count}個置きました",
    "history.turn_unspent": "{player}はアクションポイントを{count}点残して手番を終えました",
    "phase.start": "手番開始時の選択（冷凍庫、鮮度が落ちたフグ、干物の価格）",
    "phase.actions": "アクション",
    # -- setting up a game: clauses (setup.py) ----------------------------------------------
    "setup.players_list": "プレイヤーの名前を2〜6人分のリストで指定してください",
    "setup.name_needed": "どのプレイヤーにも名前が必要です",
    "setup.name_long": "名前は{max}文字以内です",
    "setup.name_chars": "名前に使えるのは見える文字と空白だけです（制御文字や書式文字は"
    "使えません）",
    "setup.name_reserved": "{name}という名前のプレイヤーは、履歴で共通サプライやテーブル画面と"
    "読み違えられます。別の名前にしてください",
    "setup.name_twice": "{name}という名前のプレイヤーが2人います",
    "setup.player_count": "プレイ人数は2〜6人です",
    "setup.fixed_fish": "必ず使う魚市場はサバ市場です（拡張ではアジ市場でもかまいません）",
    "setup.needs_expansion": "{market}市場には拡張が必要です",
    "setup.no_external": "{name}という外部市場はありません",
    "setup.market_once": "同じ市場は1回しか使えません",
    "setup.mackerel_always": "サバ市場は必ず使います（拡張ではアジ市場でもかまいません）",
    "setup.ships_always": "「漁船」市場は必ず使います",
    "setup.auction_players": "「競り」市場は3人以上のプレイでのみ使えます",
    "setup.aquarium_pair": "「水族館」市場と「新水族館」市場は必ず一緒に使います",
    "setup.markets_at_least": "{players}人プレイでは、魚市場を{fish}枚以上、外部市場を{ext}枚以上"
    "使います",
    "setup.markets_count": "{players}人プレイでは、魚市場を{fish}枚、外部市場を{ext}枚使います"
    "（もっと使うには「市場を増やす」バリアントをオンにしてください）",
    "setup.numbers_object": "魚市場ごとのオブジェクトでなければなりません",
    "setup.counts_object": "数のオブジェクトでなければなりません",
    "setup.not_a_figure": "{name}はボードの数字ではありません。{allowed}を使ってください",
    "setup.figure_range": "0から99までの整数でなければなりません",
    "figure.entry_ap": "入場（AP）",
    "figure.entry_yen": "入場（円）",
    "figure.yen_for": "トークン{count}個の円",
    "figure.places": "{market}の枠",
    "figure.yen_each": "{market}1個あたりの円",
    "setup.figure_yen_range": "0円から{most:,}円までの価格でなければなりません",
    "setup.figure_yen_step": "100円単位でなければなりません",
    "setup.variant_needs_expansion": "{name}バリアントには拡張が必要です",
    "setup.money": '所持金は"open"（公開）か"closed"（非公開）です',
    "setup.expansion": "拡張はオン（true）かオフ（false）です",
    "setup.variant": "{name}というバリアントはありません",
    "setup.seed": "シードは0から{max:,}までの整数でなければなりません",
    "setup.start_player": "スタートプレイヤーはプレイヤーの1人でなければなりません",
    "score.players": "プレイヤーは2人以上です",
    "score.bank": "ローンと株には「銀行」市場が必要です",
    # -- snapshots (snapshot.py): clauses after the field's name ------------------------------
    "snap.count": "0以上の整数でなければなりません",
    "snap.object": "オブジェクトでなければなりません",
    "snap.printed_list": "印刷された値のリストでなければなりません",
    "snap.one_of": "{choices}のいずれかでなければなりません",
    "snap.unknown_fish": "「{name}」という魚はありません",
    "snap.salmon_object": '{{"fresh": n, "degraded": n}}の形でなければなりません',
    "snap.salmon_side": "「{name}」というサケの面はありません",
    "snap.required_holds": "プレイヤーが{name}を持っているときは必須です",
    "snap.range": "{low}〜{high}の整数でなければなりません",
    "snap.fish_list": "魚市場のリストでなければなりません",
    "snap.unknown_market": "{name}という魚市場はありません",
    "snap.external_list": "外部市場のリストでなければなりません",
    "snap.unknown_external": "{name}という外部市場はありません",
    "snap.format": '"{format}"でなければなりません',
    "snap.players_list": "2〜6人のプレイヤーのリストでなければなりません",
    "snap.player_count": "2〜6人のプレイヤーを挙げなければなりません（{count}人ではありません）",
    "snap.name": "空でない名前でなければなりません",
    "snap.name_twice": "「{name}」はすでにほかのプレイヤーの名前です",
    "snap.yen": "円の額（整数）でなければなりません",
    "snap.bank": "{what}にはmarkets.externalに「銀行」市場が必要です",
    # -- the end of the game (endgame.py) ---------------------------------------------------
    "end.yen": "{player}は{goal_yen:,}円以上を持ち、資源の合計が単独最下位ではありません。"
    "ゲームの終了が誘発されます。",
    "end.resources": "{player}は{goal_r}資源以上を持ち、所持金が単独最下位ではありません。"
    "ゲームの終了が誘発されます。",
    "end.yen_blocked": "{player}は{goal_yen:,}円を持っていますが、資源の合計が単独最下位です。"
    "ゲームは続きます。",
    "end.resources_blocked": "{player}は{goal_r}資源を持っていますが、所持金が単独最下位です。"
    "ゲームは続きます。",
    "end.both_blocked": "{player}は{goal_yen:,}円を持っていますが資源の合計が単独最下位で、"
    "{goal_r}資源を持っていますが所持金が単独最下位です。ゲームは続きます。",
    "end.short": "{player}は{goal_yen:,}円まであと{yen:,}円、{goal_r}資源まであと{resources}資源"
    "です。ゲームは続きます。",
}

#: External markets, boats and ports (issue #9).
EXTERNAL: dict[str, str] = {
    "fleet_full": "{player}の船（{boats}）では海上の樽{count}個を運べません。漁船は1種類の魚を"
    "スロットの数まで（青の漁船は2種類）、はしけはどんな組み合わせでも積めますが、どの船も"
    "サケ樽は1個までです。",
    "fleet_no_port": "{player}の開いている停泊所には、入港する船（{boats}）をすべて置く空きが"
    "ありません。一番左と「1」の停泊所には漁船1隻ずつ、「2」の停泊所には漁船2隻またははしけ1隻を"
    "置けます。"
    "先に停泊所を開いてください（500円）。",
    "ext.no_interaction": "{market}市場では少なくとも1回は処理を行わなければなりません：{what}。",
    "ext.hint.ships": "船を売却または購入する",
    "ext.hint.bank": "ローンを受けるか株を購入する",
    "ext.hint.government": "そのスペースのどちらかに魚トークンを寄付する",
    "ext.hint.aquarium": "そのスペースに魚トークンを売却する",
    "ext.hint.trading": "そのスペースのどれかで魚トークンを交換する",
    "ext.hint.rentals": "冷凍庫か台車をレンタルする",
    "ext.token_code": '{code}は魚トークンではありません。"eel"、"tuna:20"、"salmon:degraded"'
    "のように指定してください。",
    "ext.token_value": "どの{fish}トークンかを、印刷された値（{values}のいずれか）で指定して"
    'ください（例："{fish_id}:{first}"）。',
    "ext.token_list": '{field}は["eel", "tuna:20"]のような魚トークンのリストです。',
    "ext.boat_list": '{field}は["two_slot"]のような船のリストです。',
    "ext.boat_kind": "{kind}は船ではありません。船は{kinds}です。",
    "ext.boat_rented": "{player}の{kind}は借りた船です。航海の後に返すもので、売却も下取りも"
    "できません。",
    "ext.boat_not_owned": "{player}は{kind}を持っていません。",
    "ext.boat_at_sea": "{player}の{kind}は海上の樽のために海上で必要です。売却や下取りができる"
    "のは停泊所にある船だけです。",
    "ext.no_port_place": "{player}の停泊所には{kind}を置く空きがありません。一番左と「1」の"
    "停泊所には漁船1隻ずつ、「2」の停泊所（開いていれば）には漁船2隻またははしけ1隻を置けます。先に停泊所を開いて"
    "ください。",
    "ext.trade_in_alone": "下取りは青の漁船を購入するときだけです。",
    "ext.trade_in_needed": "{market}市場の青の漁船には下取りも必要です。停泊所にある自分の漁船を"
    "1隻指定してください（trade_in）。",
    "ext.trade_in_ship": "青の漁船の下取りに出せるのは自分の漁船で、はしけや青の漁船（{kind}）は"
    "出せません。",
    "ext.board_has": "{market}市場のボードの{kind}は残り{left}です。",
    "ext.used_ships_final": "ゲームの終了が誘発された後は「中古漁船」市場を使えません。",
    "ext.loans_and_shares": "ローンを受けたプレイヤーは株を購入できません。ローンを受けるか株を"
    "購入するかのどちらかです。",
    "ext.loan_after_share": "{player}は株を持っているので、ローンを受けることはできません。",
    "ext.share_after_loan": "{player}はローンを受けたので、株を購入することはできません。",
    "ext.bank_loans_left": "「銀行」市場に残っているローンは{left}枚です。",
    "ext.bank_shares_left": "「銀行」市場に残っている株は{left}枚です。",
    "ext.government_full": "「政府」市場の2つのスペースはどちらも埋まっています。ゲームの残りの"
    "間、この市場には入れません。",
    "ext.place_room": "{place}に置けるトークンはあと{left}個です。",
    "ext.no_place": "{market}市場には{fish}のスペースがありません。",
    "ext.trades": '交換は[{{"place": 4, "tokens": ["octopus", "mackerel"]}}]のようなリストです。',
    "ext.trading_place": "「取引」市場のスペースは{places}のいずれかです。",
    "ext.trade_tokens": 'スペースに置くトークンを["octopus", "mackerel"]のように指定してください。',
    "ext.trade_worth": "{place}に置くトークンの価値は{worth}資源です。{need}資源以上が必要です。",
    "ext.rentals_left": "「レンタル」市場のボードに残っている{item}は{left}個です。",
    "ext.option_per_item": "無料、その後レンタルするアイテム1個につき{amount:,}円",
    "what.boat": "{market}市場の{kind}",
    "what.shares": "株{count}枚",
    "what.rent": "{item}{count}個",
    "ext.token": "{fish}",
    "ext.token_valued": "「{value}」の{fish}",
    "place.government_left": "「政府」市場の左側のスペース",
    "place.government_right": "「政府」市場の右側のスペース",
    "place.aquarium": "「水族館」市場の{fish}のスペース",
    "place.new_aquarium": "「新水族館」市場の{fish}のスペース",
    "place.trading": "「取引」市場の「{at_least}+」のスペース",
    "place.sushi": "「寿司屋」市場の{size}個用のスペース",
    "mv.ext_onto": "{player}が{tokens}を{place}に置く",
    "mv.ext_off": "{player}が{place}から{tokens}を取る",
    "mv.boat_sold": "{player}の{kind}が{market}市場のボードに移る",
    "mv.boat_bought": "{player}が{market}市場で買った新しい{kind}が停泊所に入る",
    "mv.boat_traded_in": "{player}が{kind}を下取りに出す：{market}市場のボードに移る",
    "mv.loans": "{player}がローンを{count}枚受ける（「銀行」に残り{left}枚）",
    "mv.shares": "{player}が株を{count}枚購入する（「銀行」に残り{left}枚）",
    "mv.rent_item": "{player}が{item}を{count}個レンタルする（ボードに残り{left}個）",
    "ext.ports_open": "{player}はすでに両方の停泊所を開いています。",
    "what.port": "「{port}」の停泊所を開くこと",
    "mv.port_open": "{player}が「{port}」の停泊所を開く",
    "history.open_port": "{player}が停泊所を開きました",
    "ext.boat_board": '船を取る先・戻す先は「漁船」市場（"ships"）か「中古漁船」市場'
    '（"used_ships"）です。',
    "history.take_boat": "{player}が{market}市場から{kind}を取りました",
    "history.return_boat": "{player}が{kind}を{market}市場に戻しました",
}

#: The 2-player card game (companion/cardgame/messages.py). The Japanese rulebook does not
#: cover it; its words follow the board game's (樽, 山札, 捨て札) and name the rest plainly
#: (天秤 the Scale, 目盛り its notches, 昼/夜 the Barrel card's sides).
CARDS: dict[str, str] = {
    # -- setup ---------------------------------------------------------------------------------
    "cards.players": "『TSUKIJI MARKET』は、名前の異なるちょうど2人のプレイヤーで遊びます。",
    "cards.name": "プレイヤーの名前は1〜{most}文字です。",
    "cards.notches": "天秤の目盛りは、中央の両側にそれぞれ{low}〜{high}個です。",
    "cards.variant": '天秤の面は"standard"（紫）か"nice_fish"（緑）です。',
    "cards.deck_size": "山札を指定する場合はちょうど{cards}枚で、{given}枚ではありません。",
    "cards.halves": "カードの色（半分）は1色か2色で、{given}色ではありません。",
    # -- refusals ------------------------------------------------------------------------------
    "cards.no_such_move": "{kind}というカードゲームのアクションはありません。",
    "cards.game_over": "ゲームは終了しています。終わり方を変えるには取り消してください。",
    "cards.not_a_player": "{name}はこのゲームのプレイヤーではありません。",
    "cards.waiting": "まず{first}です。次の入札はその後です。",
    "cards.bids_in": "両方の入札がそろいました。今公開されるので、入札は変えられません。",
    "cards.bid_missing": "{player}はまだ入札していません。出していない手を指0本とみなすことは"
    "できません。",
    "cards.fingers": "入札は指1本、2本、3本、4本のいずれかです。",
    "cards.fingers_for": "公開には{first}と{second}の両方の指の数が必要です。",
    "cards.nothing_waited": "今カードを取る人はいません。次は入札です。",
    "cards.not_yours": "今は{first}です。{player}の番ではありません。",
    "cards.wrong_source": "{player}が今カードを取るのは{expected}からで、{given}からでは"
    "ありません。",
    "cards.discard_now": "{player}は今、{owner}のカードを1枚捨て札にします。",
    "cards.take_now": "{player}は今、カードを取ります。捨て札にはしません。",
    "cards.steal_from": "{player}が奪う相手は、もう1人のプレイヤーの{owner}です。",
    "cards.colour": "カードの色は1〜{most}文字の名前です（例：red）。",
    "cards.points": "カードの点数は{low}から{high}までの整数です。",
    "cards.flag": "{name}はtrueかfalseです。",
    "cards.icon": 'カードのアイコンは"steal"、"draw"、"discard"のいずれか、またはなしです。',
    "cards.not_held": "{owner}はその効果を持つ{colour}の{points}点のカードを持っていません。",
    "cards.not_in_deck": "このゲームの山札に、その効果を持つ{colour}の{points}点のカードで、まだ"
    "どの山にもないものはありません。",
    "cards.speciality_points": "スペシャリティのボーナスは{low}から{high}までの整数の点数です。",
    "cards.speciality_after_knives": "ゲームはクイックナイフ4枚で終わりました。ボーナスで変わる"
    "ことはありません。",
    # -- who may record it ---------------------------------------------------------------------
    "cards.only_own_bid": "入札できるのはプレイヤーだけで、自分のスマートフォンからです。",
    "cards.only_own_card": "{player}のカードを記録できるのは、{player}のスマートフォンかテーブル"
    "画面だけです。",
    "cards.only_host": "それを記録できるのはテーブル画面だけです。",
    "cards.only_server": "両方の入札がそろうと、サーバーが公開します。",
    # -- what happened (history and notes) -----------------------------------------------------
    "cards.note.win": "{winner}が{high}対{low}で入札に勝ちました。樽が{loser}のほうへ{notches}"
    "目盛り動きます",
    "cards.note.clamped": "樽は天秤の{player}の端で止まります",
    "cards.note.night_tie": "夜の面で同数：天秤のカードは2枚とも捨て札になり、樽カードは昼の面"
    "になります",
    "cards.note.day_tie": "昼の面で同数：{first}が先に選び、{second}が残りのカードを取ります。"
    "樽カードは夜の面になります",
    "cards.note.centre_tie": "樽が中央にある状態で昼の面で同数：天秤のカードは2枚とも捨て札に"
    "なります",
    "cards.note.discard_other": "天秤のもう1枚のカードは捨て札になります",
    "cards.note.barrel": "樽が{player}のほうへ1目盛り動きます",
    "cards.note.steal_icon": "{player}が{owner}からカードを1枚奪います",
    "cards.note.draw_icon": "{player}が山札の一番上のカードを取ります",
    "cards.note.discard_icon": "{player}が{owner}のカードを1枚捨て札にします",
    "cards.note.no_target": "{owner}はカードを持っていません。取るものも捨てるものもありません",
    "cards.note.no_card": "引けるカードが残っていません",
    "cards.note.refill": "天秤にカードを{count}枚補充します",
    "cards.note.ran_out": "山札が尽きました（{nth}）",
    "cards.note.reshuffle": "捨て札（{count}枚）をシャッフルして新しい山札にします",
    "cards.note.last_draws": "捨て札（{count}枚）を裏返し、そこから引きます",
    "cards.note.end_of_scale": "樽が{player}の端に達しました。樽は中央に戻り、{player}が{owner}"
    "からカードを1枚奪います",
    "cards.note.nice_fish": "樽が{player}の端に達しました。樽は中央に戻り、{player}が山札の上から"
    "2枚を取ります",
    "cards.note.knives": "{player}がクイックナイフを4枚持ち、ただちに勝利します",
    "cards.note.deck_end": "山札が2回目に尽きました。ゲーム終了です",
    "cards.history.reveal": "ワ・サ・ビ：{first}は{first_fingers}本、{second}は{second_fingers}本",
    "cards.history.take": "{player}が{source}{colour}の{points}点を取りました{effects}",
    "cards.history.discard": "{player}が{owner}の{colour}の{points}点を捨て札にしました",
    "cards.history.speciality": "{player}がスペシャリティのボーナス{points}点を得ました",
    "cards.history.effects": "（{effects}）",
    "cards.effect.wasabi": "ワサビ",
    "cards.effect.knife": "クイックナイフ",
    "cards.effect.barrel": "樽",
    "cards.effect.steal": "奪うアイコン",
    "cards.effect.draw": "引くアイコン",
    "cards.effect.discard": "捨てるアイコン",
    "cards.source.draw": "山札から",
    "cards.source.steal": "{owner}から奪って",
    "cards.nth.1": "1回目",
    "cards.nth.2": "2回目",
    "cards.where.scale": "天秤",
    "cards.where.draw": "山札（一番上のカード）",
    "cards.where.steal": "{owner}の山（奪う）",
    "cards.wait.take_scale": "{player}が天秤からカードを取る番",
    "cards.wait.take_draw": "{player}が山札の一番上のカードを取る番",
    "cards.wait.take_steal": "{player}が{owner}からカードを奪う番",
    "cards.wait.discard": "{player}が{owner}のカードを捨て札にする番",
    # -- defined cards (the host's 18 cards, AMB-C2; one tap per card) -------------------------
    "cards.no_defined_cards": "このゲームにはカードが登録されていません。色・点数・効果でカードを"
    "入力してください。",
    "cards.card_number": "登録カードの番号は1から{most}までです。",
    "cards.half_one": "{card}番のカードは1色です。halfは0です。",
    "cards.half_two": "{card}番のカードは2色です。halfは0（1色目）か1（2色目）です。",
    "cards.half_without_card": "halfは登録カードの面です。カードの番号も指定してください。",
    "cards.card_mismatch": "{card}番のカードは入力された内容と違います。番号だけを指定するか、"
    "登録どおりの色・点数・効果を入力してください。",
    "cards.card_held": "{card}番のカードはすでに{owner}の山にあるので、もう一度取ることは"
    "できません。",
    "cards.card_not_held": "{owner}は{card}番のカードを持っていません。",
    "cards.deck_conflict": "すでに山にあるカードの中に、この18枚にないものがあります。カードを"
    "直すか、先にその取得を取り消してください。",
    "cards.deck_host_only": "カードを登録するのはテーブル画面です。スマートフォンはカードを使って"
    "遊びます。",
    "cards.deck_bad_colour": "{card}番のカード：色を選ぶか、1〜{most}文字で入力してください。",
    "cards.deck_bad_points": "{card}番のカード：点数は{low}から{high}までの整数です。",
    "cards.deck_none": "このサーバーにはまだ登録カードがありません。先に18枚のカードを登録して"
    "ください。",
    "cards.deck_not_cards": "このゲームはカードゲーム『TSUKIJI MARKET』ではないので、登録する"
    "カードはありません。",
    "cards.deck_saved": "18枚のカードをこのサーバーに保存しました。",
    "cards.deck_forgotten": "このサーバーの登録カードを消去しました。",
    "cards.bid_endpoint": "入札はプレイヤーのスマートフォンから入札の窓口（bids）へ送ります。"
    "アクションとしては送れません。",
    "cards.no_finger_bids": "このゲームに指での入札はありません。入札は競りで行います。",
    "cards.no_auctions": "カードゲーム『TSUKIJI MARKET』に競りはありません。",
    "cards.note.use_cards": "これ以降、取るカードは登録した18枚のいずれかです",
    "cards.history.use_cards": "テーブル画面がこのゲームに登録カード18枚を設定しました",
    "cards.history.card_no": "{player}が{card}番のカードを取りました",
}

#: Tokyo Jutaku (companion/jutaku/messages.py), in the words of its Japanese rules
#: (ショッピングセンター, 配当金, 黒ドリンク, 洗剤, 新聞／雑誌 …).
JUTAKU: dict[str, str] = {
    # -- names -----------------------------------------------------------------------------
    "jutaku.name.black": "黒ドリンク",
    "jutaku.name.red": "赤ドリンク",
    "jutaku.name.orange": "オレンジドリンク",
    "jutaku.name.yellow": "黄ドリンク",
    "jutaku.name.green": "緑ドリンク",
    "jutaku.name.blue": "青ドリンク",
    "jutaku.name.washer_dryer": "洗濯機／乾燥機",
    "jutaku.name.sheets_pillowcase": "シーツ／枕カバー",
    "jutaku.name.shirt_trousers": "シャツ／ズボン",
    "jutaku.name.bra_underwear_socks": "ブラジャー／下着／靴下",
    "jutaku.name.salmon": "サケ",
    "jutaku.name.spider_crab": "カニ",
    "jutaku.name.tuna": "マグロ",
    "jutaku.name.detergent": "洗剤",
    "jutaku.name.newspaper": "新聞／雑誌",
    # -- payout lines ----------------------------------------------------------------------
    "jutaku.line": "{what} {count}個 × {each:,}円：{amount:,}円",
    "jutaku.line.detergent": "洗剤で{what}1個の配当金が2倍：+{amount:,}円",
    "jutaku.line.detergent_unused": "2倍にする衣類がない洗剤{count}個：0円",
    "jutaku.line.salmon": "サケ {count}個 × {each:,}円（「{side}」の面）：{amount:,}円",
    "jutaku.line.printed": "「{value}」の{what} {count}個 × {each:,}円：{amount:,}円",
    "jutaku.line.newspaper": "新聞／雑誌 {count}個：0円（タイブレーク用に持っておく）",
    "jutaku.price": "{what}：{before:,}円 → {after:,}円",
    # -- refusals ----------------------------------------------------------------------------
    "jutaku.players": "『TOKYO JUTAKU』は、名前の異なる{low}〜{high}人のプレイヤーで遊びます。",
    "jutaku.name": "プレイヤーの名前は1〜{most}文字です。",
    "jutaku.no_player": "このテーブルにプレイヤー番号{player}はいません。",
    "jutaku.over": "ゲームは終了しています。1人を除く全員がショッピングセンターを2回出ました。",
    "jutaku.left_twice": "{player}はすでにショッピングセンターを2回出ています。",
    "jutaku.price_value": "{what}の価格は0円から{most:,}円までの{step}円単位でなければなりません。",
    "jutaku.unknown": "{name}はプレイヤーが店から持ち出すものではありません。",
    "jutaku.count": "{what}の数は0から{most}までの整数でなければなりません。",
    "jutaku.printed": "{what}はどれも、印刷された値{values}のいずれかです。",
    "jutaku.pieces": "ゲームにある{what}のコマは{most}個だけです。",
    "jutaku.tuna_unbought": "{player}が購入してまだ換金していないマグロは{bought}個なので、"
    "{carried}個は換金できません。先に購入したマグロを1個ずつ記録してください。",
    "jutaku.tuna_money": "{player}の所持金は{held:,}円です。このゲームで{number}個目のマグロは"
    "{price:,}円です。",
    "jutaku.tuna_left": "マグロのコマは{most}個すべて購入済みです。",
    # -- requests ----------------------------------------------------------------------------
    "jutaku.body": 'JSONオブジェクトで、価格、"salmon_cashed"、プレイヤーが持ち出すもの'
    '（"carried"）を送ってください。',
    "jutaku.carried_missing": 'プレイヤーが持ち出すものを"carried"として、{{"red": 1, '
    '"salmon": 2}}のように送ってください。',
    "jutaku.carried_shape": 'プレイヤーが持ち出すもの（"carried"）は、{{"red": 1}}のような数の'
    "オブジェクトです。",
    "jutaku.prices_shape": '価格は、{{"red": 200}}のようなカテゴリごとの円のオブジェクトです。',
    "jutaku.flag": '"salmon_cashed"はtrueかfalseです。',
    "jutaku.no_field": "このリクエストには{name}という項目はありません（項目はdocs/actions.mdに"
    "あります）。",
    "jutaku.who_leaves": "店を出るプレイヤーを選んでください。",
    "jutaku.who_buys": "マグロを買うプレイヤーを選んでください。",
    "jutaku.link": "このゲームのアドレスが壊れているため読み込めません。新しいゲームを始めて"
    "ください。",
    "jutaku.nothing_to_undo": "取り消すものはありません。",
}

#: The phone's turn guide (companion/web/turn.py): its choices and refusals.
GUIDE: dict[str, str] = {
    "guide.unknown_field": "このフォームには{field}という項目がありません。ページを再読み込みして"
    "ください。",
    "guide.entry_token": "この入場には、このフォームが示していないトークンが指定されています。",
    "guide.barrel_not_offered": "このフォームの樽に、ページが示していないものがあります。ページを"
    "再読み込みしてください。",
    "guide.token": "{fish}トークン",
    "guide.token_valued": "「{value}」の{fish}トークン",
    "guide.salmon_fresh": "新鮮なサケトークン",
    "guide.salmon_degraded": "鮮度が落ちたサケトークン",
    "guide.takoyaki_for_sale": "{price:,}円で売りに出したたこ焼き",
    "guide.few_ap": "アクションポイントが足りません。",
    "guide.from_cart": "台車による{option}",
    "guide.from_carts": "台車{count}回分による{option}",
    "guide.little_yen": "所持金が足りません。",
    "guide.free_used": "この手番ではもう使いました。",
    "guide.visited": "この手番ではもう訪れました。入場コストなしの訪問は1手番に1回です。",
    "guide.choose_entry": "入場コストの支払い方を選んでください。",
    "guide.bad_field": "{label}：ページが示したものではありません。ページを再読み込みして"
    "ください。",
    "guide.return_licence": "{player}が{market}の漁業免許を{count}枚ボードに戻します"
    "（払い戻しはありません）",
    "guide.hold_none": "持っていません。",
    "guide.own_barrel": "自分の{market}樽（{price:,}円、{row}）",
    "guide.harbor_none": "自分の漁港ボードにはありません。",
    "guide.ap_spent": "この手番のアクションポイントを使い切ったので、アクションは始められません。",
    "guide.entry_unknown": "このボードの入場コストはルールに印刷されていません。下のフォームで"
    "訪問を記録してください。",
    "guide.barrel_n": "{market}樽{n}",
    "guide.seat_only": "手番ガイドは、手番プレイヤーのスマートフォンで使います。",
    "guide.not_yours": "今は{active}の手番です。",
    "guide.no_panel": "手番ガイドにそのような部分はありません。",
    "guide.kind": "このフォームはガイド付きの手番を記録します：「市場」「漁業」「購入」アクション、"
    "または手番開始時の選択です。",
    "guide.recorded": "記録しました：{line}",
}

#: The setup checklist (companion/rules/setup.py, ``check.*``), in the words of the
#: Japanese rulebook's setup (漁業免許, 樽, 競り袋, 共通サプライ, 停泊所カバータイル …).
CHECKLIST: dict[str, str] = {
    "check.count": "{what} ×{count}",
    "check.unknown": "ボードに印刷された数の{what}",
    "check.licences": "漁業免許",
    "check.barrels": "樽",
    "check.tokens": "トークン",
    "check.octopus_tokens": "タコトークン",
    "check.licences.n": "漁業免許{count}枚",
    "check.barrels.n": "樽{count}個",
    "check.tokens.n": "トークン{count}個",
    "check.octopus_tokens.n": "タコトークン{count}個",
    "check.co_bag": "ハマグリとカキのトークンをすべて競り袋へ",
    "check.into_bag": "競り袋へ：{tokens}",
    "check.red_snapper": "{spots}か所のマスにトークンを1個ずつ",
    "check.octopus": "{tokens}、たこ焼きトークン{takoyaki}個",
    "check.sardine": "共通サプライに：{tokens}（イワシの缶詰のスペースは空けておく）",
    "check.marker": "価値マーカーを{value}に",
    "check.set_aside_licences": "先にプレイヤー用の漁業免許{count}枚を脇によけておく",
    "check.ships_aside": "プレイヤー用に1スロット漁船{count}隻を脇によけておく",
    "check.ships": "1スロット漁船{one_slot}隻、2スロット漁船{two_slot}隻、3スロット漁船"
    "{three_slot}隻、4スロット漁船{four_slot}隻",
    "check.barge_choice": "6スロットのはしけ1隻か4スロットのはしけ2隻（選ばなかったほうは箱に"
    "戻す）",
    "check.blue_ship": "使う場合は、4スロット漁船の横に青の4スロット漁船も",
    "check.barge": "6スロットのはしけ",
    "check.loans": "ローン{count}枚",
    "check.shares": "株{count}枚",
    "check.freezers": "冷凍庫{count}個",
    "check.carts": "台車{count}個",
    "check.buyer_tokens": "バイヤートークン{count}個",
    "check.expansion_tokens": "拡張トークン{count}個",
    "check.boat_rentals": "漁船レンタルトークン{count}個",
    "check.starts_empty": "最初は空",
    "check.empty_places": "スペースは空",
    "check.co_uncounted": "ハマグリとカキのトークンすべて（アプリは数えません）",
    "check.board_bag": "競り袋",
    "check.board_known_order": "市場の順番の公開",
    "check.known_fish": "使わない魚市場ボードを無作為に並べ替え、その順番のまま表向きに1列に並べる",
    "check.known_external": "外部市場ボードも同じように、2列目に並べる",
    "check.bag_to_box": "競り袋は箱に戻す",
    "check.board_box": "箱に戻すもの",
    "check.box_boards": "使わないボードすべてと、そのコマ",
    "check.box_bag": "競り袋",
    "check.yen": "{amount:,}円",
    "check.first_ship": "一番左の停泊所に1スロット漁船1隻",
    "check.harbor_board": "漁港ボード1枚。小さい停泊所カバータイル（1）を中央の停泊所に、大きい"
    "もの（2）を一番右の停泊所にかぶせる",
    "check.mackerel_licence": "サバの漁業免許1枚",
    "check.no_licence": "漁業免許なし（アジ市場を使用）",
    "check.board_player": "各プレイヤー",
    "check.board_supply": "共通サプライ",
    "check.other_yen": "残りの円すべて",
    "check.board_crash": "暴落トークン",
    "check.crash": "暴落トークン{count}個を共通サプライの横に",
    "check.open_money": "所持金は公開：全員の円が見える状態のまま",
    "check.closed_money": "所持金は非公開：各プレイヤーが自分の円を隠す",
    "check.board_start": "ゲーム開始前",
    "check.first_player": "{player}がスタートプレイヤー。時計回りに手番を進める",
    "check.bag_item": "{what}×{count}",
    "check.list": "{items}",
}

#: The Expansion's external markets: 「影響力」「寿司屋」「漁船レンタル」「競り」「海外」
#: 「新水族館」 (refusals, what is paid for, movements).
EXPANSION: dict[str, str] = {
    "ext.hint.influence": "バイヤートークンか拡張トークンを購入する",
    "ext.hint.sushi": "トークンのまとまりを空いているスペースに売却する",
    "ext.hint.boat_rentals": "船を借りる",
    "ext.hint.lot": "自分のトークンのロットを競りにかける",
    "ext.hint.overseas": "船を樽ごと入港させる",
    "ext.expansion_kinds": '拡張トークンは、選んだ種類の市場を場に加えます："fish"（魚市場）か'
    '"external"（外部市場）です。',
    "ext.influence_left": "「影響力」市場のボードに残っている{item}は{left}個です。",
    "ext.sushi_groups": "寿司のまとまりは、スペース1つにつき1つの、1〜5個のトークンのリストです。"
    '例：[["fugu", "eel", "salmon"]]。',
    "ext.sushi_shapes": "1つのまとまりのトークンはすべて形が異なっていなければなりません（サバと"
    "アジは同じ形、ハマグリとカキも同じ形です）。",
    "ext.sushi_taken": "{place}は埋まっています。寿司のまとまりは空いているスペースにだけ"
    "置けます。",
    "ext.sushi_price": "「寿司屋」市場の{size}個用のスペースの価格はルールブックにありません。"
    "ボードの数字として入力してください。",
    "ext.rent_list": '借りる船は[{{"boat": "three_slot", "from": "ships"}}]のようなリストです。',
    "ext.not_rentable": "{kind}は借りられません。",
    "ext.rental_tokens_left": "ボードに漁船レンタルトークンが残っていません。",
    "ext.new_aquarium_unknown": "「新水族館」市場の{fish}のスペースはルールブックにありません。"
    "その大きさと価格をボードの数字として入力してください。",
    "ext.lot_empty": "ロットのトークンを指定してください。",
    "ext.lot_worth": "このロットの価値は{worth}資源です。「競り」市場にかけられるのは2資源以上の"
    "ロットです。",
    "ext.no_rental": "{player}は借りた{kind}を持っていません。",
    "ext.overseas_barrels": '「海外」市場に入港させる海上の樽を{{"eel": 2}}のように指定して'
    "ください。",
    "what.influence": "{item}{count}個",
    "what.boat_rent": "{kind}を借りること",
    "what.auction_fee": "「競り」の手数料",
    "mv.buyer_tokens": "{player}がバイヤートークンを{count}個取る（ボードに残り{left}個）",
    "mv.expansion_token": "{player}の拡張トークンが箱に戻る：{kind}が場に加わる",
    "mv.box_empty": "箱にその種類（{kind}）のボードがもうないため、何も加わらない",
    "mv.market_enters": "{market}市場がゲームに加わり、ゲーム開始時と同じようにセットアップされる",
    "mv.boat_rented": "{player}が{market}市場から{kind}を借りる：停泊所に入る",
    "mv.rental_back": "{player}が借りた{kind}が{market}市場に戻り、そのトークンは「漁船レンタル」"
    "市場に戻る",
    "mv.lot": "{player}が{tokens}を出品する（{kind}）",
    "mv.auction_opens": "{kind}の一斉入札が始まる",
    "mv.overseas_dock": "{player}が{market}樽{count}個を「海外」市場に入港させる",
    "mv.overseas_short": "ロットの{market}樽{count}個の分の{market}トークンは残っていないため、"
    "勝者はその分を受け取らない",
    "history.return_rental": "{player}が借りた{kind}を{market}市場に戻しました",
}

# -- markets entering during the game and the crash variant (rules/entering.py, crash.py) --
ARRIVALS: dict[str, str] = {
    "arrive.market": "{cause}{market}市場がゲームに加わり、"
    "ゲーム開始時と同じようにセットアップされる",
    "arrive.none": "{cause}箱にその種類（{kind}）のボードが残っていないため、何も加わらない",
    "arrive.cause_overfished": "乱獲状態になった{market}の代わりに、",
    "arrive.cause_instead": "代わりに",
    "arrive.cause_mackerel": "{market}が乱獲状態になり、サバ市場が場にないため先に"
    "（免許はボードに置き、誰にも配らない）",
    "arrive.cause_expansion": "拡張トークンで",
    "arrive.cause_crash": "暴落した{market}の代わりに、",
    "arrive.cause_hand": "手動で",
    "crash.crashed_now": "{market}が暴落：暴落トークンを「暴落」面で置く"
    "（開いたまま。再び暴落しない）",
    "crash.closed_now": "{market}が暴落：暴落トークンを「閉鎖」面で置く"
    "（ゲーム終了まで入れず使えない）",
    "crash.closed": "{market}は暴落で閉鎖されています。"
    "ゲーム終了まで入ることも使うこともできません。",
    "mv.item_box": "{player}の{item}は箱に戻る（「レンタル」は閉鎖）",
    "mv.rental_back_box": "{player}が借りた{kind}が{market}市場に戻り、そのトークンは箱に戻る"
    "（「漁船レンタル」は閉鎖）",
    # The notes in brackets, 「。」 between them: the line is polite, a note plain.
    "history.aftermath": "{line}（{notes}）",
}

# -- Buyer tokens and the phone's free moves (issue #9) ----------------------------------------
BUYER: dict[str, str] = {
    "buyer.none_held": "{player}は渡せるバイヤートークンを持っていません。",
    "buyer.not_self": "{player}はバイヤートークンを自分に渡すことはできません。他のプレイヤーに"
    "渡してください。",
    "buyer.between_turns": "{player}の手番の後、{buyer}がバイヤートークンで購入しています。"
    "{buyer}が購入するか見送ると、次の手番が始まります。",
    "buyer.no_purchase": "{player}にはバイヤートークンによる購入の機会がありません。トークンを"
    "渡したプレイヤーの手番の直後に訪れます。",
    "buyer.not_theirs": "今のバイヤートークンによる購入は{buyer}のもので、{player}のものでは"
    "ありません。",
    "mv.buyer_assigned": "{player}がバイヤートークンを{to}に渡す：{to}の次の手番の直後に、"
    "{player}は漁港ボードから購入できる",
    "mv.buyer_back": "{player}のバイヤートークンが「影響力」市場に戻る",
    "mv.buyer_nothing": "{player}はバイヤートークンで何も購入しない",
    "mv.buyer_opens": "{after}の手番の後、{player}のバイヤートークンによる購入が始まる",
    "mv.game_ends": "ゲーム終了：最終得点計算に移る",
    "mv.turn_starts": "{player}の手番が始まる",
    "history.assign_buyer": "{player}がバイヤートークンを{to}に渡しました",
    "history.buyer_purchase": "{player}がバイヤートークンで購入しました：{details}",
    "history.buyer_nothing": "{player}はバイヤートークンで何も購入しませんでした",
    "ext.fee_step": "{worth}以上{amount:,}円",
}

#: Every Japanese sentence, by code: what ``render(message, "ja")`` reads.
CATALOGUE: dict[str, str] = {
    **BOARD,
    **EXTERNAL,
    **GUIDE,
    **CHECKLIST,
    **EXPANSION,
    **CARDS,
    **JUTAKU,
    **ARRIVALS,
    **BUYER,
}

# -- rules cards (issue #11: a card per market, companion/rules/rulecards.py) ----------------
# Kept apart, at the end: every code starts with "rc.".

RULECARDS: dict[str, str] = {
    "rc.title": "{market}",
    "rc.kind.fish_base": "魚市場（基本ゲーム）",
    "rc.kind.fish_expansion": "魚市場（拡張）",
    "rc.kind.external_base": "外部市場（基本ゲーム）",
    "rc.kind.external_expansion": "外部市場（拡張）",
    "rc.h.entry": "入場コスト",
    "rc.h.licences": "漁業免許",
    "rc.h.stock": "準備時にボードに置くもの",
    "rc.h.sells": "買い取りと支払い",
    "rc.h.special": "特別なルール",
    "rc.h.resources": "資源",
    "rc.h.overfished": "乱獲状態",
    "rc.h.crash": "外部市場の暴落（バリアント）",
    # -- figures
    "rc.fig.barrels": "樽",
    "rc.fig.tokens": "魚トークン",
    "rc.fig.licenses": "漁業免許",
    "rc.fig.clams": "競り袋に入れるハマグリトークン",
    "rc.fig.oysters": "競り袋に入れるカキトークン",
    "rc.fig.loans": "ローン",
    "rc.fig.shares": "株",
    "rc.fig.freezers": "冷凍庫",
    "rc.fig.carts": "台車",
    "rc.fig.buyer_tokens": "バイヤートークン",
    "rc.fig.expansion_tokens": "拡張トークン",
    "rc.fig.rental_tokens": "漁船レンタルトークン",
    "rc.fig.na_place": "{fish}のスペース（大きさと価格）",
    "rc.fig.na_clams": "ハマグリとカキのスペース（ハマグリ1個とカキ1個）の価格",
    "rc.fig.sushi_place": "{size}個用のスペースの価格",
    "rc.p_count": "{players}人で{count}",
    "rc.n.licenses": "{count}枚",
    "rc.n.barrels": "{count}個",
    "rc.n.tokens": "{count}個",
    "rc.n.loans": "{count}枚",
    "rc.n.shares": "{count}枚",
    "rc.n.freezers": "{count}個",
    "rc.n.carts": "{count}個",
    "rc.n.buyer_tokens": "{count}個",
    "rc.n.expansion_tokens": "{count}個",
    "rc.n.rental_tokens": "{count}個",
    "rc.n.boats": "{count}隻",
    "rc.n.clams": "{count}個",
    "rc.n.oysters": "{count}個",
    "rc.stock.same": "{what}：{count}。",
    "rc.stock.per_p": "{what}：{counts}。",
    "rc.stock.game": "{what}：{count}（{players}人プレイ）。",
    "rc.stock.item": "{what}：{count}。",
    "rc.stock.disputed": "{what}：{players}人で{count}（このゲームの準備のとおり）。",
    "rc.asked": "{what}：ボードには印刷されていますが、ルールブックにはありません。"
    "新しいゲームの画面で入力し、このサーバーが覚えておきます。",
    "rc.entered": "{what}：{count}（このゲームの準備時にボードから入力）。",
    "rc.entered_yen": "{what}：{amount:,}円（このゲームの準備時にボードから入力）。",
    "rc.not_entered": "{what}：ボードには印刷されていますが、ルールブックになく、"
    "このゲームでは入力されていないため、アプリは数えません。",
    # -- entry
    "rc.entry.ap": "アクションポイント{count}点。",
    "rc.entry.yen": "共通サプライに{amount:,}円。",
    "rc.entry.token": "{fish}トークン1個（持っているもの、または自分の漁港ボードで販売中の"
    "もの）。{market}市場のボードに戻します。",
    "rc.entry.any_token": "好きな種類の魚トークン1個（たこ焼きやイカも可）。その市場に戻します。",
    "rc.entry.barrel": "自分の漁港ボードで販売中の{market}の樽1個。この市場に戻します。",
    "rc.entry.any_barrel": "自分の漁港ボードで販売中の好きな魚の樽1個。その市場に戻します。",
    "rc.entry.free": "入場コストなし：1手番に1回まで。",
    "rc.entry.rentals": "アクションポイントは不要：コストは借りる品1つにつき{amount:,}円で、"
    "1手番に1回の制限もありません。",
    "rc.entry.asked": "ほかの入場コストはボードに印刷されていますが、ルールブックにはありません。"
    "新しいゲームの画面でアクションポイントのコストを入力し、このサーバーが覚えておきます。",
    "rc.entry.not_entered": "このゲームではボードの入場コストが入力されていません。",
    "rc.entry.cart": "台車はアクションポイントの入場コストのうち{count}点を支払えます"
    "（1手番のアクションポイントは{ap}点）。",
    "rc.entry.payout": "入場コストを支払った直後、{market}の漁業免許を持つ全員（入場した"
    "プレイヤーも）が免許1枚につき{amount:,}円を受け取ります。乱獲状態でも同じです。",
    "rc.entry.no_payout": "{market}市場に入場しても、漁業免許を持つプレイヤーは何も"
    "受け取りません。",
    "rc.entry.ext_no_payout": "外部市場は入場時に免許のお金を払いません。入場したら何かを"
    "しなければなりません。",
    "rc.entry.cannot": "入場できません。最終得点計算に1つの手順を加えるだけです。",
    "rc.entry.min_players": "{count}人以上のゲームでのみ使います。",
    "rc.sardine.no_entry": "イワシの漁業免許を持っている間は入場できません（先に無料で返せます）。",
    "rc.nori.entry": "漁業免許を取るためだけに入場するので、免許を持っている間は入場できません。",
    "rc.government.full": "両方のスペースが埋まったら、もう入場できません。",
    "rc.used_ships.final": "ゲーム終了の条件が満たされた後は使えません（条件を満たした"
    "プレイヤーの手番も含む）。",
    "rc.overseas.entry": "「漁業」アクションで入港するときだけ：1回の入場につき{amount:,}円と、"
    "その「漁業」アクションのアクションポイント{ap}点。",
    # -- licences
    "rc.lic.price": "漁業免許1枚{amount:,}円。",
    "rc.lic.free": "漁業免許は無料です。",
    "rc.lic.sardine": "ボードに2枚あるときは{first:,}円、最後の1枚は{last:,}円：2枚で{both:,}円。",
    "rc.lic.per_visit": "1回の入場で{count}枚まで。",
    "rc.lic.per_player": "1人{count}枚まで。",
    "rc.lic.any": "ボードにある分だけ、空いている免許スペースの分まで（免許スペースは{count}つ、"
    "冷凍庫・台車・バイヤートークンと共用）。",
    "rc.lic.return": "漁業免許は自分の手番ならいつでも無料で市場に戻せます（返金なし）。",
    "rc.fugu.licence_back": "フグの樽を自分の停泊所で荷降ろしすると、フグの漁業免許はすぐに"
    "ボードに戻ります。",
    # -- stock
    "rc.mackerel.licences": "漁業免許：全部で{box}枚。プレイヤーごとに1枚ずつ取り分けた後は"
    "{counts}。",
    "rc.mackerel.licences_hm": "準備時にアジがある場合（またはゲーム中にサバが加わる場合）は"
    "取り分けません：{counts}。",
    "rc.mackerel.licences_game": "漁業免許：{count}（{players}人プレイ、1人1枚ずつ取り分けた後）。",
    "rc.mackerel.licences_game_hm": "漁業免許：{count}（{players}人プレイ、アジがあるので"
    "取り分けなし）。",
    "rc.red_snapper.grid_tokens": "魚トークン：{count}個、マス目の各スペースに1個ずつ。",
    "rc.bag": "魚トークンは競り袋に入れます：{values}。",
    "rc.octopus.takoyaki_stock": "たこ焼きトークン：{count}個（タコトークンとは別に）。",
    "rc.track_start": "{market}の価値マーカーは{value}から始まります"
    "（価値トラック{low}〜{high}）。",
    "rc.sardine.canned_empty": "イワシの缶詰のスペースは空で始まります。",
    "rc.ships.board_same": "{kind}：{count}。",
    "rc.ships.board_per_p": "{kind}：{counts}。",
    "rc.ships.board_game": "{kind}：{count}。",
    "rc.ships.expansion_boats": "拡張：6スロットのはしけの代わりに4スロットのはしけ2隻を"
    "使えます。青の漁船を加えることもできます。",
    "rc.used_ships.empty": "ボードは空で始まり、売られた船が置かれます。",
    "rc.places": "トークンを置くスペースが{count}つ。",
    "rc.sushi.places": "トークンの数ごとに1つのスペース（{low}〜{high}個）。",
    # -- sales
    "rc.sell.none": "{market}市場は魚トークンを買い取りません。",
    "rc.sell.per_token": "{fish}トークン1個の売却につき{amount:,}円。",
    "rc.sell.mackerel": "返したもの{per}つにつき{amount:,}円：サバトークンと、自分の漁港ボード"
    "（上段・下段）のサバの樽。2つ組だけが支払われます。",
    "rc.sell.eel": "{amount:,}円 × 売却したトークンの数 × 売却前のウナギの価値。その後、"
    "売却したトークン1個につき価値が{drop}下がります。",
    "rc.sell.eel_example": "例：価値{value}でトークン{count}個を売ると{amount:,}円、価値は"
    "{after}になります。",
    "rc.sell.fugu": "一度にk個売ると{amount:,}円 × k²。全部売らなくてもかまいません。",
    "rc.sell.fugu_example": "例：フグ{count}個を一度に売ると{amount:,}円。",
    "rc.sell.spider_crab": "トークン1個につき{amount:,}円 × 印刷された値 + {bonus:,}円。"
    "トークンは競り袋に戻ります。",
    "rc.sell.tuna": "{amount:,}円 × 売却したトークンの印刷された値の合計。トークンは競り袋に"
    "戻ります。",
    "rc.sell.clams_oysters": "ハマグリ1個とカキ1個の組につき{amount:,}円。トークンは競り袋に"
    "戻り、組にならないトークンは手元に残ります。",
    "rc.sell.swordfish": "{amount:,}円 × 売却したトークンの数 × メカジキの価値、さらに1回の"
    "入場につき1度だけ{bonus:,}円。トークンは箱に戻り、その後1個につき価値が{drop}下がります。",
    "rc.octopus.trade": "交換：タコトークン1個を返すごとに、たこ焼き{count}個を好きな価格で"
    "自分の漁港ボードの販売エリアに置きます（ボードに残っている分まで）。",
    "rc.sardine.cans": "イワシの缶詰：缶詰のスペースのトークンを1個{amount:,}円で買えます。",
    "rc.aquarium_place": "「水族館」市場には{fish}のスペースが{count}つあり、1個{amount:,}円。",
    "rc.aquarium_shared": "「水族館」市場では{fish}を{place}のスペースに置けます（{count}つ、"
    "1個{amount:,}円、共用）。",
    # -- special rules of fish markets
    "rc.mackerel.own_barrels": "自分の樽を市場に売れる唯一の市場です。",
    "rc.eel.up": "ウナギの樽を荷降ろしして販売エリアに置くと、1個につき価値が{count}上がります。",
    "rc.track_clamp": "マーカーは{low}と{high}で止まり、超えた分の移動だけが失われます。",
    "rc.fugu.self_buy": "手番の開始時に、自分の鮮度が落ちたフグの樽を表示価格で共通サプライに"
    "支払って買えます（冷凍庫を使う手番を除く）。",
    "rc.octopus.takoyaki": "たこ焼きは鮮度が落ちません。購入したプレイヤーはたこ焼きトークン"
    "そのものを受け取ります。",
    "rc.red_snapper.grid": "購入した樽1個につきマス目の次のトークンを列ごとに取ります。"
    "その下の数字は順に：{numbers}。",
    "rc.salmon.sides": "上段から購入した樽は新鮮な面、下段から購入した樽は鮮度が落ちた"
    "「4」の面でトークンを受け取ります。",
    "rc.salmon.boat": "どの船もサケの樽は同時に1個までしか運べません。",
    "rc.salmon.disputed": "ボードには「P（最大4）」とありますが、ルールブックの3人プレイの例"
    "では4枚です。準備時に別の数を入力しない限り、アプリはボードに従います。",
    "rc.docking_auction.bag": "樽は販売エリアに置きません。1回の「漁業」アクションで{count}個"
    "荷降ろしするごとに、競り袋から引いたトークンの{market}の競りが行われます。余りは補償なしで"
    "戻ります。",
    "rc.docking_auction.board": "樽は販売エリアに置きません。1回の「漁業」アクションで{count}個"
    "荷降ろしするごとに、ボードのトークンの{market}の競りが行われます。余りは補償なしで"
    "戻ります。",
    "rc.swordfish.marker": "メカジキの競りのたびに、落札額が{yen:,}円 × 価値を上回ればマーカーは"
    "{step}上がり、下回れば{step}下がります。",
    "rc.clams_oysters.draw": "購入した樽1個につき競り袋からハマグリかカキを1個引きます。"
    "カキなら購入したプレイヤーは共通サプライから{amount:,}円も受け取ります。",
    "rc.himono.catch": "この漁業免許では{fishes}の樽を漁獲します。干物の樽は、それらを"
    "どれも漁獲できないときだけです。",
    "rc.himono.at_sea": "1枚の免許で漁獲して海上にある樽は{count}個まで。その間、免許は"
    "裏返しになり、1個荷降ろしするまで使えません。",
    "rc.himono.dock": "この免許で漁獲した樽は販売エリアに置かず、自分の干物の漁業免許"
    "（1枚に{count}つまで）に置き、残りはその市場に戻します。",
    "rc.himono.load": "自分の手番ならいつでも無料で、漁港ボードの{fishes}の樽や自分の"
    "トークンを免許に置けます。",
    "rc.himono.convert": "手番の開始時、{count}つ置かれた免許はそれらを戻し、干物の樽"
    "{barrels}個を好きな価格で販売エリアに置きます。",
    "rc.horse_mackerel.catch": "免許を1回使うと、アジの樽1個か、サバの樽1〜{count}個を漁獲します。",
    "rc.horse_mackerel.start": "アジがゲーム開始時からある場合、プレイヤーは漁業免許なしで"
    "始めます。",
    "rc.sardine.dock": "自分の停泊所で荷降ろししたイワシの樽は通常どおり販売エリアに置き、"
    "1個につき市場のサプライからトークンを{count}個取ります：1個は自分に、1個は缶詰のスペースに。",
    "rc.never_degrades": "{fish}の樽は鮮度が落ちません。",
    # -- Resources
    "rc.res.flat": "{fish}トークン1個は{value}資源です。",
    "rc.res.track": "トークン1個は現在の{market}の価値と同じ資源です。",
    "rc.res.fugu": "n個のフグは合わせてn²資源です（フグ3個：{example}）。",
    "rc.res.red_snapper": "トークン1個は、マス目に見えている赤い数字のうち最も小さいものと"
    "同じ資源です（まだ取られていないとき：{start}、残り12個：{example}）。",
    "rc.res.salmon": "新鮮な面のトークンは全プレイヤーが持つサケトークンの数と同じ資源、"
    "鮮度が落ちた面は{value}資源です。",
    "rc.res.printed": "{fish}トークン1個は印刷された値の資源です（{values}）。",
    "rc.res.nori": "海苔トークン1個は、持ち主のほかの魚の資源の10分の1（切り捨て）です"
    "（38資源なら{example}）。",
    "rc.res.takoyaki_for_sale": "漁港ボードで販売中のたこ焼きは、売り手にとって資源になりません。",
    "rc.res.himono_items": "販売中の干物の樽と免許に置かれたものは資源になりません。",
    "rc.res.places": "ここに置いたトークンはゲーム終了までボードに残り、誰の資源にもなりません。",
    "rc.res.trading": "スペースの条件はトークンの現在の資源で判定します（k個のフグはk²）。",
    "rc.res.auction": "ロットの資源でスペースと手数料が決まります。{count}資源未満のロットは"
    "置けません。",
    "rc.res.barter": "ロットは資源ごと、受け入れられた入札者のものになります。",
    "rc.res.overfishing": "資源ではなくトークンの数を数えます。たこ焼きはタコ市場のトークン"
    "として数えます。",
    "rc.res.none": "資源には影響しません。",
    # -- Overfished
    "rc.of.when": "樽か魚トークンのどちらかがすべて市場からなくなったとき。",
    "rc.of.bag": "樽がすべてなくなったとき、または魚トークンがボードと競り袋からすべて"
    "なくなったとき。",
    "rc.of.octopus": "樽かタコトークンのどちらかがすべてなくなったとき（たこ焼きは数えません）。",
    "rc.of.sardine": "樽がすべてなくなったとき、または市場のサプライと缶詰のスペースの両方が"
    "空になったとき。",
    "rc.of.after": "残りの樽は箱に戻り、代わりの魚市場が加わります。入場はでき、漁業免許の"
    "支払いも続きます。",
    "rc.of.red_snapper": "その後、マダイトークンは一律{value}資源です。",
    "rc.of.horse_mackerel": "全プレイヤーが持っているアジトークン1個につき{amount:,}円を"
    "受け取ります。",
    "rc.of.nori": "全プレイヤーが持っている海苔トークン1個につき{amount:,}円を、払える分だけ"
    "支払います。",
    # -- external markets: money
    "rc.ships.boat": "{kind}：購入{buy:,}円、売却{sell:,}円。",
    "rc.ships.blue": "{kind}：購入{buy:,}円と下取りの漁船1隻、売却{sell:,}円。",
    "rc.ships.sell_rule": "船の売却額は定価の{percent}％（100円単位に切り上げ）です。",
    "rc.used_ships.boat": "{kind}：売却{sell:,}円、購入{buy:,}円。",
    "rc.used_ships.blue": "{kind}：売却{sell:,}円、購入{buy:,}円と下取りの漁船1隻。",
    "rc.boat_rentals.boat": "{kind}：1回の航海で{amount:,}円。",
    "rc.boat_rentals.not": "{kind}：借りられません。",
    "rc.aquarium.place": "{fish}：スペース{count}つ、1個{amount:,}円。",
    "rc.aquarium.shared": "{fish}は{place}のスペースに置きます。",
    "rc.aquarium.total": "すべてのスペースが埋まると合計{amount:,}円。",
    "rc.new_aquarium.place": "{fish}：スペース{count}つ、1個{amount:,}円"
    "（このゲームの準備時にボードから入力）。",
    "rc.government.left": "左のスペース：トークン{count}個、資源にかかわらず1個{amount:,}円。",
    "rc.government.right": "右のスペース：トークン{count}個、資源にかかわらず1個{amount:,}円。",
    "rc.government.total": "ゲームを通して最大{amount:,}円。",
    "rc.trading.place": "空いているスペースに{at_least}資源以上のトークン：{amount:,}円。",
    "rc.trading.total": "トークンとお金の取引で最大{amount:,}円。",
    "rc.bank.loan": "ローン1枚：共通サプライから{amount:,}円を受け取ります。",
    "rc.bank.share": "株1枚：共通サプライに{amount:,}円を支払います。",
    "rc.bank.repay": "ゲーム終了時、ローン1枚につき{principal:,}円 + 利子{interest:,}円 = "
    "{amount:,}円を返済します。",
    "rc.bank.interest": "利子は株の持ち主で分け、1人100円単位に切り上げます。",
    "rc.rentals.price": "冷凍庫か台車1個につき{amount:,}円。",
    "rc.influence.price": "バイヤートークンか拡張トークン1個につき{amount:,}円。",
    "rc.sushi.place": "{size}個用のスペース：{amount:,}円。",
    "rc.auction.fee": "{at_least}資源以上のロット：入札の前に手数料{amount:,}円を共通サプライに。",
    "rc.auction.result": "ほかの全員が一斉入札し、最高額の入札者があなたに支払い、共通"
    "サプライも同じ額をあなたに支払います。",
    "rc.barter.result": "ほかの全員が1回ずつ一斉に金額を提示します（0円も可）。どれか1つの提示を"
    "受け入れるか、すべての提示を断ります。",
    "rc.overseas.result": "ここに入港した船の樽すべてで1つのロットになり、あなたも含めて全員が"
    "入札します。落札者はあなたに支払い、あなたが落札したら共通サプライに支払います。",
    "rc.overfishing.step": "得点計算時：乱獲状態でない魚市場のトークン1個につき+{amount:,}円、"
    "乱獲状態の魚市場のトークン1個につき−{amount:,}円。",
    # -- external markets: special rules
    "rc.ships.port": "購入した船には空いている停泊所が必要です：一番左と「1」の停泊所は"
    "漁船1隻、「2」の停泊所は漁船2隻かはしけ1隻。",
    "rc.ships.blue_trade_in": "青の漁船の下取りは自分の停泊所の漁船（はしけは不可）で、"
    "「中古漁船」市場があればそこに置きます。",
    "rc.bank.never_both": "一度でもローンを借りたプレイヤーは株を買えず、その逆も同じです。",
    "rc.bank.no_space": "ローンと株は免許スペースを使いません。",
    "rc.rentals.uses": "品はそれぞれ{count}回使えて、その後ボードに戻ります。持っている間は"
    "免許スペースを1つ使います。",
    "rc.rentals.freezer": "冷凍庫を使うと、手番の開始時の鮮度低下を飛ばします。",
    "rc.rentals.cart": "台車は市場の入場コストに使えるアクションポイント{count}点になります。",
    "rc.places_stay": "スペースに置いたトークンはゲーム終了までそこに残ります。",
    "rc.new_aquarium.pair": "いつも「水族館」市場と一緒に使います。",
    "rc.trading.swap": "トークンのあるスペースでは、それを全部取り、印刷された数字以上の資源の"
    "自分のトークンを置きます。お金は動きません。",
    "rc.auction.tie": "同額のとき：あなたが同額の入札者から選びます。全員0円でも、その誰かに"
    "ロットを渡します。",
    "rc.lot.sealed": "入札は100円単位で、所持金を超えられません。",
    "rc.overseas.convert_bag": "ロットの{market}の樽{count}個ごとに競り袋のトークン1個になります。",
    "rc.overseas.convert_board": "ロットの{market}の樽{count}個ごとにボードのトークン1個に"
    "なります。",
    "rc.overseas.eel": "入札の前に、ロットのウナギの樽1個につきウナギのマーカーが{count}"
    "上がります。",
    "rc.overseas.bids": "同額のとき：入港したプレイヤーが選びます。",
    "rc.overseas.no_bonus": "ここで競りにかけた樽は荷降ろしの報酬になりません。",
    "rc.influence.buyer": "バイヤートークンは免許スペースを1つ使います。ほかのプレイヤーに"
    "渡すと、そのプレイヤーの次の手番の後に漁港ボードから購入できます。",
    "rc.influence.expansion": "拡張トークンは箱に戻り、選んだ種類の市場を1つ加えます。箱に"
    "なければ何も加わりません。",
    "rc.boat_rentals.voyage": "借りた船は1回だけ航海します。再び入港したら元のボードに戻り、"
    "トークンはここに戻ります。",
    "rc.boat_rentals.not_yours": "借りた船は売ることも下取りに出すこともできません。",
    "rc.sushi.shapes": "空いているスペースにだけ、すべて形の違うトークンを置きます："
    "{pairs}は同じ形です。",
    "rc.same_shape": "{fish}と{other}",
    "rc.overfishing.when": "この手順はローンの返済の直前に行います。",
    # -- crash variant
    "rc.crash.ships": "ボードに船がなくなると暴落します。",
    "rc.crash.aquarium": "すべてのスペース（場にない魚の分も）が埋まると暴落します。",
    "rc.crash.bank": "ローンがすべて借りられ、株がすべて買われると暴落します。ローンと利子の"
    "精算は行います。",
    "rc.crash.government": "両方のスペースが埋まると暴落します。",
    "rc.crash.rentals": "ボードに冷凍庫も台車もなくなると暴落します。",
    "rc.crash.trading": "5つのスペースがすべて埋まると暴落します。",
    "rc.crash.influence": "ボードにバイヤートークンも拡張トークンもなくなると暴落します。",
    "rc.crash.new_aquarium": "すべてのスペースが埋まると暴落します。",
    "rc.crash.boat_rentals": "ボードに漁船レンタルトークンがなくなると暴落します。",
    "rc.crash.sushi": "すべてのスペースが埋まると暴落します。",
    "rc.crash.side_crashed": "暴落トークンは「暴落」面：そのまま使えます。",
    "rc.crash.side_closed": "暴落トークンは「閉鎖」面：ゲーム終了まで使えません。",
    "rc.crash.never": "暴落しません。",
}

CATALOGUE.update(RULECARDS)

# -- history, views and setup lines in the viewer's language (issue #11) ----------------------
# Kept apart, at the end, so this block only ever grows by appending.

CATALOGUE.update(
    {
        "history.raw": "{type}",
        "history.undo": "取り消し：{line}",
        "history.undo_back": "記録{seq}まで取り消し（{count}件）",
        "history.redo": "{count}件をやり直し",
        "view.salmon_detail": "新鮮{fresh}個、鮮度が落ちた面{degraded}個",
        "view.auction_declined": "売り手はすべての提示を断りました。ロットは戻ります。",
        "view.auction_won": "{winner}が{amount:,}円で落札しました。",
        "view.auction_gain": "{player} +{amount:,}円",
        "view.auction_loss": "{player} −{amount:,}円",
        "view.auction_supply_gain": "共通サプライ +{amount:,}円",
        "view.auction_supply_loss": "共通サプライ −{amount:,}円",
        "view.auction_moves": "{moves}。",
        "view.auction_moves_supply": "{moves}、{supply}。",
        "view.auction_result": "{won}{moved}",
        "view.end_why_yen": "{player}は{goal_yen:,}円以上を持ち、資源の合計が単独最下位では"
        "ありません",
        "view.end_why_resources": "{player}は{goal_r}資源以上を持ち、所持金が単独最下位では"
        "ありません",
        "view.end_triggered": "{why}。ゲームの終了が誘発されました。",
        "view.end_final_round": "{why}。ゲームの終了が誘発されました。最終ラウンドとして、{still}が"
        "あと1回ずつ手番を行います。",
        "view.end_goes_on": "{player}の手番ではゲームは終わりません。ゲームは続きます。",
    }
)

CATALOGUE.update(
    {
        "view.said_by": "{actor}：{text}",
        "view.bid": "{player} {amount:,}円",
        "view.bids_revealed": "入札公開：{bids}。",
        "view.done": "完了",
    }
)

# -- the door's and the web edge's refusals (issue #11) ----------------------------------------

CATALOGUE.update(
    {
        "door.rule": "{said}",
        "door.no_game": "このサーバーにそのコードのゲームはありません。",
        "door.sign_in": "先にサインインしてください：テーブル画面で自分の席のQRコードを読み取って"
        "ください。",
        "door.link_invalid": "このリンクはもう使えません。自分の席のQRコードをもう一度読み取って"
        "ください。",
        "door.other_game": "そのサインインは別のゲームのものです。",
        "door.no_action": "{name}という操作はありません。",
        "door.auction_internal": "競りは競りのページとエンドポイントで開始・入札・精算します。",
        "door.host_only": "それができるのはテーブル画面だけです。",
        "door.current_only": "それができるのは手番のプレイヤーかテーブル画面だけです。",
        "door.own_only": "記録できるのは自分の所持金とトークンの変化だけです。そのプレイヤーか"
        "テーブル画面に記録してもらってください。",
        "door.undo_host": "取り消しができるのはテーブル画面だけです。",
        "door.undo_entry": "その記録は履歴にないか、すでに取り消されています。",
        "door.nothing_to_undo": "取り消すものはありません。",
        "door.redo_host": "やり直しができるのはテーブル画面だけです。",
        "door.nothing_to_redo": "やり直すものはありません。",
        "door.auction_shape": '競りは"kind"と"owner"を持つJSONオブジェクトです。',
        "door.auction_own": "開始できるのは自分の競りだけです。ほかのプレイヤーの競りはテーブル"
        "画面で開始できます。",
        "door.bid_player": "入札できるのはプレイヤーだけで、自分のスマートフォンからです。",
        "door.bid_whole": "入札額は円の整数です。",
        "door.bid_negative": "入札額は負にできません。0円は入札できます。",
        "door.bid_step": "入札額は100円単位でなければなりません。",
        "door.no_auction": "このゲームにその競りはありません。",
        "door.bids_revealed": "入札は公開されました。もう入札は変えられません。",
        "door.not_bidder": "あなたはこの競りに入札しません。",
        "door.bid_over": "所持金は{have:,}円だけです。それより多くは入札できません。",
        "door.revealed_already": "入札はすでに公開されています。",
        "door.nothing_to_choose": "この競りで今選ぶものはありません。",
        "door.owner_or_host": "{what}ができるのはテーブル画面か競りの売り手だけです。",
        "door.to_reveal": "入札の公開",
        "door.to_settle": "この競りの精算",
        "door.reissue_host": "新しい参加リンクを出せるのはテーブル画面だけです。",
        "door.reissue_own_host": "テーブル画面の新しいリンクを出せるのはテーブル画面だけです。",
        "door.no_seat": "その席はありません。",
        "door.join_invalid": "この参加リンクはもう使えません。テーブル画面に自分の席の新しい"
        "QRコードを出してもらってください。",
        "door.joined_already": "この席にはすでにスマートフォンが参加しています。別のスマート"
        "フォンで参加したのがあなたなら、テーブル画面に席のコードをもう一度出してもらって"
        "ください。",
        "door.join_cross_site": "この参加リンクは別のサイトから開かれたため受け付けませんでした。"
        "テーブル画面で自分の席のQRコードを読み取ってください。",
        "door.stale": "見ている間に卓が変わりました（いまは記録{version}、あなたが見たのは記録"
        "{expected}）。確かめてからもう一度どうぞ。",
        "door.bag_empty": "競り袋に{fish}トークンが残っていません",
        "door.drawn_list": '手で引いたトークンを["tuna:20"]のように並べてください',
    }
)

CATALOGUE.update(
    {
        "edge.too_deep": "リクエストの本文の入れ子が{depth}段より深くなっています。",
        "edge.too_many_digits": "リクエストの本文に、このゲームのどの数よりも桁の多い数があり"
        "ます。",
        "edge.not_json": "リクエストの本文が正しいJSONではありません。",
        "edge.if_match": 'If-Matchヘッダーは最後に見た記録の番号（"12"など）でなければなりません。',
        "edge.needs_type": '操作には"pay"や"next_turn"のような"type"が必要です。',
        "edge.no_such_type": "その種類の操作はありません（docs/actions.mdに一覧があります）。",
        "edge.action_shape": '操作は{{"type": "next_turn"}}のような"type"を持つJSONオブジェクト'
        "です。",
        "edge.auction_shape": '競りは{{"kind": "tuna", "owner": "Aiko"}}のような"kind"と'
        '"owner"を持つJSONオブジェクトです。',
        "edge.lot_counts": "ロットと樽の数はどれも0から{max}までの整数です。",
        "edge.lot_token": "ロットに存在しないトークンがあります。",
        "edge.barrels_market": "樽に存在しない市場があります。",
        "edge.no_field": "このリクエストに{field}という項目はありません。",
        "edge.choose_shape": '{{"winner": 名前}}を送ってください。「物々交換」ですべての提示を'
        '断るなら{{"winner": null}}です。',
        "edge.bid_shape": '{{"amount": …}}を円で送ってください。0円は入札できます。',
        "edge.undo_shape": '取り消しは{{}}か{{"to_seq": n}}で、"expected_seq"を添えても'
        "かまいません。JSONオブジェクトとして送ってください。",
        "edge.redo_shape": 'やり直しは{{}}で、"expected_seq"を添えてもかまいません。JSON'
        "オブジェクトとして送ってください。",
        "edge.config_shape": 'ゲームの設定は{{"players": ["Aiko", "Bo"]}}のようなJSON'
        "オブジェクトです。",
        "edge.setting_chars": "設定に制御文字か文字の向きを変える文字があります",
        "edge.value_of": "{field}の値は{said}",
        "edge.in_field": "{field}：{said}",
        "edge.send_snapshot": "本文としてtsukiji-snapshot/1を送ってください。",
    }
)

CATALOGUE.update(
    {
        "edge.claim_host": "この端末で席を開けるのはテーブル画面だけです。",
        "edge.no_seat": "このゲームにその席はありません。",
        "edge.table_page": "これはテーブル画面のページです。スマートフォンには専用のページが"
        "あります。",
        "edge.snapshot_host": "スナップショットを書き出せるのはテーブル画面だけです。",
        "edge.snapshot_closed": "非公開の所持金では、スナップショットに全員の所持金が載るため、"
        "書き出せるのはゲームの終了後です。",
        "edge.count_whole": "0以上の整数でなければなりません",
        "edge.count_max": "{max}以下でなければなりません",
        "flash.auction_opened": "競りが始まりました。スマートフォンに入札シートが出ます。",
        "flash.bid_last": "あなたの入札{amount:,}円（受付番号{receipt}）が最後でした。入札を"
        "公開しました。",
        "flash.bid_sealed": "入札しました：{amount:,}円。受付番号は{receipt}です。",
        "flash.bids_revealed": "入札を公開しました。",
        "flash.settled": "精算しました。",
    }
)

CATALOGUE.update(
    {
        "phrase": "{text}",
        "field.must": "{label}は{what}でなければなりません。",
        "field.extra_action": "「{action}」の操作に{field}という項目はありません（docs/actions.md"
        "に項目の一覧があります）。",
        "field.extra": "このリクエストに{field}という項目はありません（docs/actions.mdに項目の"
        "一覧があります）。",
        "field.bad_key": "リクエストの項目名に制御文字、対のないサロゲート、または文字の向きを"
        "変える文字があります。",
        "field.bad_text": "{label}に制御文字、対のないサロゲート、または文字の向きを変える文字が"
        "あり、保存できません。",
        "field.the_body": "リクエストの本文",
    }
)

CATALOGUE.update(
    {
        "edge.too_large": "リクエストが大きすぎます。このアプリが受け付けるのは{kib}KiBまでです。",
        "edge.unreadable": "リクエストを読み取れませんでした。ページを再読み込みしてもう一度"
        "どうぞ。",
        "edge.wrong_host": "このサーバーが応答するのは起動時に表示したアドレスだけなので、"
        "テーブル画面に表示されたアドレスを開いてください。",
    }
)


# -- polish: field labels (web/schemas.py's label_of) ----------------------------------------
CATALOGUE.update(
    {
        "field.board_figure": "{market}ボードの「{figure}」",
        "figure.licenses": "漁業免許",
        "figure.barrels": "樽",
        "figure.tokens": "トークン",
        "figure.clams": "ハマグリトークン",
        "figure.oysters": "カキトークン",
        # The New game page's note beside a disputed figure (setup.DISPUTED_NOTES, AMB-11).
        "note.salmon.licenses": "サケ市場のボードには「P、最大4」と印刷されていますが、"
        "ルールブックの3人プレイの例ではボードに漁業免許を4枚置いています。ここで数を"
        "変えない限り、アプリはボードの印刷に従います。",
    }
)

# -- Cart AP paying a whole entry (rules audit, issue #9; AMB-30) ------------------------------
CATALOGUE.update(
    {
        "cart.too_many": "{market}市場の入場コストは{need}アクションポイントです。"
        "台車{count}回分ではそれを超えてしまいます。",
        "cart.uses_short": "{player}の台車の残り使用回数は{left}回で、{count}回には足りません。",
        "fleet.no_boat": "{player}には海上の樽{count}個を運ぶ船がありません。",
    }
)

# -- the store: a write the disk refused (companion/store.py) ---------------------------------
CATALOGUE.update(
    {
        "store.cannot_save": "サーバーは今、記録を保存できません（{reason}）。何も記録されて"
        "いません。サーバーを動かしている人に知らせてください。",
        "store.why_full": "ディスクがいっぱいです",
        "store.why_read_only": "データベースファイルが読み取り専用です",
        "store.why_io": "ディスクがエラーを報告しました",
        "store.why_damaged": "データベースファイルが壊れています",
        "store.why_locked": "別のプログラムがデータベースをロックしています",
        "store.why_cannot_open": "データベースファイルを開けません",
    }
)

# -- what a preview and a seat may not tell (issue #17) -----------------------------------------
CATALOGUE.update(
    {
        "mv.yen_hidden": "{payer} → {payee}：お金（{reason}）",
        "arrive.drawn": "{cause}箱から{kind}を1枚引いてゲームに加え、"
        "ゲーム開始時と同じようにセットアップする",
        "mv.market_drawn": "箱からその種類（{kind}）のボードを1枚引き、"
        "ゲーム開始時と同じようにセットアップする",
        "mv.draw_clam_oyster": "{player}が競り袋からハマグリかカキのトークンを1個引く"
        "（カキなら共通サプライから{bonus:,}円を受け取る）",
        "door.supply_host": "共通サプライからのお金を記録できるのはテーブル画面だけです。"
        "みんなの見えるテーブル画面で記録してください。",
    }
)

# -- history lines that tell the story (issue #20; rules/history.py) ---------------------------
CATALOGUE.update(
    {
        "history.s_gain": "+{amount:,}円",
        "history.s_loss": "−{amount:,}円",
        "history.s_other_gain": "{player} +{amount:,}円",
        "history.s_other_loss": "{player} −{amount:,}円",
        "history.s_sell": "{fish}を{count}個売却して{amount:,}円",
        "history.s_sell_closed": "{fish}を{count}個売却",
        "history.s_catch": "{market}樽を{count}個漁獲",
        "history.s_unload": "{market}樽を{count}個荷降ろし",
        "history.s_loans": "ローンを{count}枚受ける",
        "history.s_shares": "株を{count}枚購入",
        "history.s_licences": "{market}の漁業免許を{count}枚取る",
        "history.s_harbor": "{fish}を{price:,}円で売りに出す",
        "history.s_discard": "海上の{market}樽を{count}個捨てる",
        "history.s_track": "{track}の価値 {before} → {after}",
        "history.s_overfished": "{market}が乱獲状態になる",
        "history.s_onto": "{tokens}を{place}に置く",
        "history.s_off": "{place}から{tokens}を取る",
        "history.s_lot": "{tokens}を出品",
        "history.s_auction": "{kind}が始まる",
        "history.s_boat_bought": "{kind}を購入",
        "history.s_boat_sold": "{kind}を売却",
        "history.s_boat_traded": "{kind}を下取りに出す",
        "history.s_boat_rented": "{kind}を借りる",
        "history.s_rented": "{item}を{count}個レンタル",
        "history.s_took": "{fish}トークンを{count}個取る",
        "history.s_bid": "{player} {amount:,}円",
        "history.s_bid_void": "{player} 0円（所持金を超えたため無効）",
        "history.s_revealed_won": "入札が公開されました：{winner}が{amount:,}円で落札 — {bids}",
        "history.s_revealed_tie": "入札が公開されました：{names}が同額 — {bids}",
        "history.s_revealed": "入札が公開されました：{bids}",
        "history.s_chose": "{line}：{winner}が{amount:,}円で落札",
        "history.s_undock": "{kind}が{place}から出港",
        "history.s_dock": "{kind}が{place}に入港",
    }
)

# -- the fleet, boat by boat (issue #19; rules/fishing_boats.py, flows.md) ---------------------
CATALOGUE.update(
    {
        "fleet.fish": "{market}",
        "fleet.where.leftmost": "一番左の停泊所",
        "fleet.where.1": "「1」の停泊所",
        "fleet.where.2": "「2」の停泊所",
        "fleet.where.sea": "海上",
        "fleet.where.overseas": "「海外」市場",
        "fleet.where.port": "停泊所の空きスペース",
        "fleet.where.": "停泊所",
        "fleet.boats_list": '船を[{{"boat": "b1", "do": "undock"}}]のようなリストで'
        "指定してください。",
        "fleet.no_such_boat": "{player}には「{boat}」という船がありません。",
        "fleet.one_activity": "{player}の{kind}（船{no}）はこの「漁業」アクションですでに活動を"
        "行っています。各船が行える活動は1つです。",
        "fleet.activity": "{player}の{kind}（船{no}）が行えるのは出港・漁獲・入港"
        '（"undock"・"catch"・"dock"）です。',
        "fleet.undock_at_sea": "{player}の{kind}（船{no}）はすでに海上にあります。出港できるのは"
        "停泊所にある船だけです。",
        "fleet.barge_catch": "{player}の{kind}（船{no}）ははしけです。はしけは漁獲の活動を"
        "行えません（出港か入港だけです）。",
        "fleet.catch_in_port": "{player}の{kind}（船{no}）は{place}にあります。漁獲するには漁船が"
        "海上にある必要があります（先に出港させてください）。",
        "fleet.catch_fish": '{player}の{kind}（船{no}）が漁獲する魚を"fish": "eel"のように'
        "指定してください。",
        "fleet.catch_two": "{player}の{kind}（船{no}）が漁獲できる樽は1個です。2個（異なる魚種）を"
        "漁獲できるのは青い漁船だけです。",
        "fleet.himono_mix": "{player}の{kind}（船{no}）には、干物の漁業免許で漁獲した樽とほかの樽を"
        "一緒に積めません。1隻に1魚種です。",
        "fleet.licence_wrong": "その漁業免許では{player}の{kind}（船{no}）は{market}を"
        "漁獲できません。",
        "fleet.no_licence": "{player}は{market}を漁獲できる漁業免許を持っていないので、{kind}"
        "（船{no}）はそれを漁獲できません。",
        "fleet.licences_used": "{player}の{market}の漁業免許は、この「漁業」アクションですべて"
        "漁獲に使われています。{kind}（船{no}）は{market}を漁獲できません。",
        "fleet.one_barrel": "{player}の{kind}（船{no}）がその漁業免許で漁獲できる樽は1個です。",
        "fleet.other_fish": "{player}の{kind}（船{no}）には{aboard}が積まれています。一部だけ積み"
        "込まれた漁船では同じ魚種しか漁獲できません。",
        "fleet.empty_ship": "{player}の空の{kind}（船{no}）は{market}を漁獲できません。{market}の"
        "免許は{licences}枚で、{market}の樽を積んで海上にいる漁船がすでに{ships}隻あります"
        "（それより多くの免許が必要です）。",
        "fleet.one_salmon": "{player}の{kind}（船{no}）に一度に積めるサケ樽は1個だけです。",
        "fleet.boat_full": "{player}の{kind}（船{no}）には空きスロットがありません（{slots}"
        "スロット）。",
        "fleet.dock_not_at_sea": "{player}の{kind}（船{no}）は海上ではなく{place}にあります。入港"
        "できるのは海上にある船だけです。",
        "fleet.no_place": "{player}の停泊所には{kind}（船{no}）を入港させる空きスペースがありません"
        "（はしけを置けるのは「2」の停泊所だけです。停泊所を開くか、先に船を出港させて"
        "ください）。",
        "fleet.place_unknown": '{player}の{kind}（船{no}）の入港先は"leftmost"・"1"・"2"・'
        '"overseas"のどれかです。',
        "fleet.place_taken": "{place}には{player}の{kind}（船{no}）を置く空きがありません（まだ"
        "開いていないか、いっぱいか、はしけを置けるのは「2」の停泊所だけです）。",
        "fleet.overseas_empty": "{player}は「海外」市場に樽を入港させていません。1つのロットに"
        "は樽が1個以上必要です。",
        "fleet.counted_unload": "{player}には、ちょうどその樽を積んで海上にいる船がありません。"
        "入港した船は積んでいる樽をすべて降ろします。船を指定してください"
        '（"boats": [{{"boat": "b2", "do": "dock"}}]）。',
        "fleet.counted_catch": "{player}の海上の漁船では、漁船1隻につき樽1個で、それらの樽を"
        "漁獲できません。",
        "fleet.counted_ambiguous": "{player}のどの船でもそれができます。船を指定してください"
        '（"boats": [{{"boat": "b2", "do": "catch", "fish": "eel"}}]）。',
        "fleet.both_shapes": '船を"boats"で指定するか、樽を{field}で数えるかのどちらかにして'
        "ください。",
        "fleet.not_in_port": "{player}の{kind}（船{no}）は{place}にあります。船を売ったり下取りに"
        "出したりできるのは、自分の停泊所にあるときだけです。",
        "fleet.discard_which": "{player}の海上の{market}樽は複数の船に積まれています。どの船か"
        '指定してください（{{"type": "discard", "boat": "b2", "fish": …}}）。',
        "fleet.not_at_sea": "{player}の{kind}（船{no}）は海上ではなく{place}にあります。",
        "fleet.not_aboard": "{player}の{kind}（船{no}）に積まれている{market}樽は{have}個で、"
        "{want}個ではありません。",
        "fleet.transfer_from_barge": "{player}のはしけ（船{no}）から漁船に魚樽を移すことは"
        "できません。",
        "fleet.transfer_rented": "{player}の{kind}（船{no}）は借りた船です。その魚樽ははしけに移せ"
        "ません。",
        "fleet.transfer_to_ship": "{player}の{kind}（船{no}）ははしけではありません。魚樽を移せる"
        "のは漁船からはしけへだけです。",
        "fleet.transfer_himono": "干物の漁業免許で漁獲した樽は、入港するまで{player}の{kind}"
        "（船{no}）に積んだままです。",
        "fleet.mv_undock": "{player}の{kind}（船{no}）が{place}から出港する",
        "fleet.mv_catch": "{player}の{kind}（船{no}）が{market}樽を{count}個漁獲する"
        "（{aboard}個積載）",
        "fleet.mv_dock": "{player}の{kind}（船{no}）が{place}に入港し、樽を{count}個降ろす",
        "fleet.mv_dock_overseas": "{player}の{kind}（船{no}）が樽{count}個を積んで「海外」市場に"
        "入港する",
        "fleet.mv_transfer": "{player}が{market}樽{count}個を{kind}（船{no}）から"
        "はしけ（船{barge_no}）に移す",
        "kind.discard": "discard",
        "kind.transfer": "transfer",
        "history.discard": "{player}が船{no}から{market}樽を{count}個捨てました",
        "history.transfer": "{player}が{market}樽{count}個を船{no}から"
        "はしけ（船{barge_no}）に移しました",
        "history.d_boat_undock": "船{no}が出港",
        "history.d_boat_catch": "船{no}が{market}を漁獲",
        "history.d_boat_dock": "船{no}が{place}に入港",
        "guide.fleet_boat": "{kind}（船{no}）",
        "guide.fleet_nothing": "何もしない",
        "guide.fleet_undock": "出港",
        "guide.fleet_catch": "{market}を漁獲",
        "guide.fleet_dock": "入港（{place}）",
        "guide.fleet_dock_overseas": "「海外」市場に入港",
        "guide.fleet_prices": "自分の停泊所に入港したら：売りに出す樽それぞれの価格（上段）。",
        "guide.fleet_free_moves": "魚樽を捨てる・はしけに移す（アクションとは別の行動）",
        "guide.fleet_pick": "船と魚を選んでください。",
        "guide.fleet_discard": "海上の魚樽を捨てる",
        "guide.fleet_discard_when": "自分の手番の開始時、アクションを行う前だけです。"
        "樽は対応する市場ボードに戻ります。",
        "guide.fleet_discard_one": "{kind}（船{no}）の{market}樽{count}個",
        "guide.fleet_transfer": "魚樽をはしけに移す",
        "guide.fleet_transfer_one": "{kind}（船{no}）からはしけ（船{barge_no}）へ{market}",
        "guide.fleet_transfer_none": "海上のはしけに移せる魚樽を積んだ漁船が海上にありません。",
        "guide.fleet_count": "樽の数",
        "guide.fleet_catch_two": "{market}と{fish}を漁獲",
        "guide.fleet_catch_many": "{item}の漁業免許で{market}樽を{count}個漁獲",
        "guide.fleet_catch_himono": "干物の漁業免許で{market}を漁獲",
        "guide.fleet_dock_overseas_group": "「海外」市場に入港（{group}組目、1組につき100円）",
        "guide.fleet_choice": "船の行動",
        "fleet.pic_label": "{player}の停泊所と船",
        "fleet.pic_covered": "閉じている",
        "fleet.pic_rented": "レンタル",
        "fleet.pic_id": "船{no}",
    }
)
