"""The sentences and labels of the game file (export, import), the game's story (the report
page, its charts and the table screen's panel) and the phone's wake-lock hint (issue #11).

They are codes with named values, in the manner of :mod:`companion.rules.messages`, and
every English word of these parts is here and nowhere else: the templates, the chart
labels and the refusals all ask :func:`say`. When the app gains Japanese, this table is
merged into the message catalogue (or given its ``"ja"`` entry) and nothing else changes.

>>> say("file.at", field="events[3]")
'Entry events[3] of the game file has no readable time (at).'
"""

from __future__ import annotations

from typing import Any

from . import catalogues
from .i18n import current_lang

TEXT: dict[str, dict[str, str]] = {
    "en": {
        # -- refusals of a game file (POST /api/games/import) ------------------------------
        "file.empty": "Send a game file exported by this app (tsukiji-game/1) as the body.",
        "file.not_object": "A game file is a JSON object exported by this app "
        '(its "format" is "tsukiji-game/1").',
        "file.format": 'This is not a game file of this app: its "format" must be '
        '"tsukiji-game/1".',
        "file.game": 'This file is of another game: "game" must be "tokyo_tsukiji_market".',
        "file.field": "The game file's {field} is missing or is not what an export holds.",
        "file.extra": "The game file has a field {field} that no export holds.",
        "file.too_many": "A game file holds at most {limit:,} entries.",
        "file.too_large": "A game file is at most {limit} MiB; this one is larger.",
        "file.busy": "This server is reading another game file; try again in a moment.",
        "file.setup": "The game file's setup cannot start a game: {reason}",
        "file.setup_differs": "The game file's setup does not read back as it was written "
        "({field}); it was not exported by this app.",
        "file.entry_shape": "Entry {field} of the game file is not one this app records "
        "({detail} is wrong).",
        "file.entry_missing": "Entry {field} of the game file lacks its {detail}.",
        "file.entry_type": "Entry {field} of the game file has a type this app does not know "
        "({kind}).",
        "file.redacted": "Entry {field} of the game file has an amount left out (it is a "
        "player's own file of a closed-money game), so it cannot be replayed; import the "
        "table screen's file, exported after the game.",
        "file.seq": "Entry {field} of the game file should be entry number {expected}, not "
        "{got}: entries come in order, none missing.",
        "file.actor": "Entry {field} of the game file was recorded by {actor}, who is not at "
        "this table.",
        "file.not_allowed": "Entry {field} of the game file was recorded by {actor}, whom the "
        "rules do not let record it.",
        "file.table_screen": "the table screen",
        "file.at": "Entry {field} of the game file has no readable time (at).",
        "file.refused": "Entry {field} of the game file does not replay: {reason}",
        "file.broken": "Entry {field} of the game file does not replay: the rules cannot "
        "read its data.",
        "file.undo": "Entry {field} of the game file undoes other entries than an undo "
        "at that point can.",
        "file.redo": "Entry {field} of the game file redoes something that cannot be redone "
        "at that point.",
        "file.undone": "Entry {field} of the game file is marked as undone by {got}, but the "
        "file's undos say {want}.",
        "file.auction_id": "Entry {field} of the game file names its auction {got}, not {want}.",
        "file.receipt": "Entry {field} of the game file reveals a bid that does not match "
        "its receipt.",
        "file.reveal_bids": "Entry {field} of the game file reveals other bids than those sealed.",
        "file.sealed_open": "The game file ends inside an auction whose sealed bids it cannot "
        "carry (entry {field}); finish the auction on the first server, then export again.",
        "file.too_long": "The game file has more undos and redos than this server replays "
        "(from entry {field} on).",
        "file.nobody": "nobody",
        # -- refusals of an export -----------------------------------------------------------
        "export.closed_host": "With closed money the game file shows everyone's Yen, so the "
        "table screen can export it when the game has ended; each player can export their own "
        "from their phone.",
        # -- the report page and the table screen's panel ------------------------------------
        "report.title": "The game's story",
        "report.page_title": "Story of game {game}",
        "report.back_table": "Back to the table screen",
        "report.back_seat": "Back to my phone",
        "report.panel": "The story so far",
        "report.open": "Whole report",
        "report.not_started": "The story begins when the first turn starts.",
        "report.closed_note": "Closed money: other players' Yen appear only where the rules "
        "reveal them (the end check at 50 Resources, and the end of the game).",
        "report.numbers": "The numbers",
        "report.score": "Final score",
        "report.score_pending": "The score breakdown appears when the game ends.",
        "report.winners": "Winner: {names}",
        "report.winners_many": "Winners: {names}",
        "report.yen": "Yen",
        "report.resources": "Resources",
        "report.markets": "Market values",
        "report.markets_none": "No market with a changing value is in play.",
        "report.auctions": "Auctions",
        "report.auctions_none": "No auction has been settled yet.",
        "report.turn": "Turn",
        "report.setup": "Setup",
        "report.end": "End",
        "report.now": "Now",
        "report.player": "Player",
        "report.hidden": "hidden",
        "report.revealed": "revealed",
        "report.kind": "Auction",
        "report.lot": "Lot",
        "report.owner": "Seller",
        "report.winner": "Winner",
        "report.winning_bid": "Winning bid",
        "report.declined": "declined every offer",
        "report.bid_text": "{kind}: {winner} {amount}",
        "report.total": "Final Yen",
        "report.value": "Value",
        "report.chart_yen": "Each player's Yen at the end of each turn.",
        "report.chart_resources": "Each player's Resources at the end of each turn.",
        "report.chart_markets": "The Eel and Swordfish tracks, the Red Snapper value and the "
        "fresh Salmon value at the end of each turn.",
        "report.chart_auctions": "The winning bid of each auction, by the turn it was held.",
        "report.chart_score": "Each player's final Yen, step by step.",
        "report.downloads": "Take the game with you",
        "report.download_json": "Game file (JSON)",
        "report.download_csv": "Turns (CSV)",
        "report.download_note": "The game file moves the game to another server (import it "
        "there); the CSV opens in a spreadsheet.",
        "report.download_note_seat": "Your files hold only what your phone shows: with closed "
        "money, other players' Yen stay out until the game ends.",
        "report.move": "Move this game to another server",
        "report.move_note": "Export the game file, then import it on the other server: the "
        "game continues there with new join codes.",
        "report.no_chart": "The charts need JavaScript; the numbers are in the tables.",
        "report.host_link": "Sign out other table screens",
        "report.host_link_note": "This gives this screen a new table screen link: every other "
        "device signed in as the table screen, and the old link wherever it was kept (a "
        "browser's history), stops working. The players' phones stay signed in.",
        "report.host_link_button": "New table screen link",
        "report.host_link_confirm": "Sign out every other device that shows this table screen?",
        # -- the logged play (issue #22): BG Stats and a BoardGameGeek log --------------
        "play.title": "Log this play",
        "play.bgstats": "Log this play in {app}",
        "play.game_board": "Tokyo Tsukiji Market",
        "play.game_cards": "Tsukiji Market",
        "play.bgstats_note": "Opens {app}' import page with this play filled in. It is "
        "only a link: nothing is sent until you tap it.",
        "play.text": "The play as text, to paste into a {site} log",
        "play.copy": "Copy",
        "play.points": "{points} points",
        "play.and": " & ",
        "play.won": "{names} won with {score}.",
        "play.won_shared": "{names} shared the win with {score}.",
        "play.won_knives": "{names} won with 4 Quick Knives.",
        "play.turns": " {players} players, {turns} turns.",
        "play.by_app": " Recorded with Tsukiji Companion.",
        "play.minutes": "{minutes} min",
        "play.players": "{players} players",
        "play.sep": ", ",
        "play.line": "{rank}. {name}: {score}",
        "play.marks": " ({marks})",
        "play.winner": "winner",
        "play.start_player": "start player",
        # -- the replay on the report page (issue #22) ----------------------------------
        "replay.title": "Replay the game",
        "replay.intro": "Drag to any entry of the log to see the table as it was then.",
        "replay.scrubber": "Entry of the log",
        "replay.back": "◀ Back",
        "replay.forward": "Forward ▶",
        "replay.at": "Entry {n} of {total}",
        "replay.setup": "The table as set up, before the first entry.",
        "replay.closed_note": "Closed money: the Yen stay hidden until the game ends.",
        "replay.turn": "Turn {turn}: {player}",
        "replay.finished": "The game has ended.",
        "replay.fish": "Fish",
        "replay.licenses": "Fishing licenses",
        "replay.market": "Market",
        "replay.licenses_left": "Licenses left",
        "replay.tokens_left": "Tokens left",
        "replay.none": "–",
        # -- this server's league (issue #22) ---------------------------------------------
        "league.title": "This server's league",
        "league.link": "This server's league",
        "league.intro": "Every finished game of Tokyo Tsukiji Market on this server. Names are "
        "matched whatever their capitals; two spellings of one player can be merged below.",
        "league.count": "Finished games: {games}",
        "league.none": "No game on this server has finished yet.",
        "league.played": "Games",
        "league.wins": "Wins",
        "league.average": "Average final Yen",
        "league.best": "Best game",
        "league.best_text": "{yen} (game {game}, {date})",
        "league.favourite": "Favourite markets (most licenses held)",
        "league.paid": "Markets that paid most (Resources)",
        "league.chart_average": "Each player's average final Yen.",
        "league.also": "also written {names}",
        "league.merge": "Merge two spellings",
        "league.merge_source": "Read this name",
        "league.merge_target": "as this player",
        "league.merge_submit": "Merge",
        "league.merged": "Merged: {source} → {target}",
        "league.unmerge": "Undo the merges",
        # -- the table screen speaks (issue #22) -----------------------------------------
        "speak.toggle": "Speak the big moments",
        "speak.note": "This screen says aloud whose turn it is, each auction and the end of the "
        "game, in its own language, with the browser's own voice: nothing leaves this device.",
        "speak.turn": "Turn {turn}: {player}'s turn.",
        "speak.triggered": "{player} triggered the end of the game: the final turns are played.",
        "speak.auction_open": "{owner} opens an auction: {kind}.",
        "speak.winner": "The game is over. The winner is {names}.",
        "speak.winners": "The game is over. The winners are {names}.",
        # -- market series ---------------------------------------------------------------
        "report.colon": ": ",
        "market.eel": "Eel track",
        "market.swordfish": "Swordfish track",
        "market.red_snapper": "Red Snapper value",
        "market.salmon": "Fresh Salmon value",
        # -- score steps (rules/scoring.py STEP_NAMES) -----------------------------------
        "step.start_yen": "Yen at the end",
        "step.resource_award": "Award / penalty",
        "step.overfishing": "Overfishing market",
        "step.loan_repayment": "Loans repaid",
        "step.interest_received": "Interest received",
        "step.fish_yen": "Fish → Yen",
        # -- importing on a page ----------------------------------------------------------
        "import.title": "Import a game",
        "import.intro": "Bring a game from another server: choose the game file its table "
        "screen exported. Every entry is replayed through the rules before the game is "
        "created here, with new join codes.",
        "import.file": "Game file (.json)",
        "import.submit": "Import the game",
        "import.limit": "At most {limit} MiB.",
        "import.no_file": "Choose a game file first.",
        "import.needs_js": "Importing a game file needs JavaScript in this browser.",
        # -- the app on the home screen, and the screen staying on -------------------------
        "app.name": "Tsukiji Companion",
        "app.short_name": "Tsukiji",
        "app.description": "A table companion for Tokyo Tsukiji Market.",
        "wake.hint": "Keep this screen on: set Auto-Lock (iPhone: Settings › Display & "
        "Brightness) or Screen timeout (Android: Settings › Display) to a long time while "
        "you play.",
        "wake.dismiss": "OK",
        # -- money -----------------------------------------------------------------------
        "yen.prefix": "¥",
        "yen.suffix": "",
    }
}


#: The same texts in Japanese, in the Japanese rulebook's words (資源, 競り, 円 …).
TEXT["ja"] = {
    "file.empty": "このアプリが書き出したゲームファイル（tsukiji-game/1）を本文として"
    "送ってください。",
    "export.closed_host": "所持金非公開のゲームでは、ゲームファイルに全員の円が含まれるため、"
    "テーブル画面から書き出せるのはゲーム終了後です。各プレイヤーは自分のスマートフォンから自分の"
    "ファイルを書き出せます。",
    "report.title": "ゲームの経過",
    "report.page_title": "ゲーム{game}の経過",
    "report.back_table": "テーブル画面に戻る",
    "report.back_seat": "自分のスマートフォンの画面に戻る",
    "report.panel": "これまでの経過",
    "report.open": "レポート全体",
    "report.not_started": "経過は最初の手番から記録されます。",
    "report.closed_note": "所持金は非公開：他のプレイヤーの所持金は、ルールで公開される時点"
    "（50資源での終了確認と、ゲームの終了）からだけ表示されます。",
    "report.numbers": "数値",
    "report.score": "最終得点",
    "report.score_pending": "得点の内訳はゲーム終了時に表示されます。",
    "report.winners": "勝者：{names}",
    "report.winners_many": "勝者：{names}",
    "report.yen": "所持金",
    "report.colon": "：",
    "report.resources": "資源",
    "report.markets": "市場の価値",
    "report.markets_none": "価値が変わる市場は使われていません。",
    "report.auctions": "競り",
    "report.auctions_none": "決着した競りはまだありません。",
    "report.turn": "手番",
    "report.setup": "セットアップ",
    "report.end": "終了",
    "report.now": "現在",
    "report.player": "プレイヤー",
    "report.hidden": "非公開",
    "report.revealed": "公開",
    "report.kind": "競り",
    "report.lot": "ロット",
    "report.owner": "売り手",
    "report.winner": "勝者",
    "report.winning_bid": "落札額",
    "report.declined": "すべての提示を断った",
    "report.bid_text": "{kind}：{winner} {amount}",
    "report.total": "最終所持金",
    "report.value": "価値",
    "report.chart_yen": "各手番の終了時の、各プレイヤーの所持金。",
    "report.chart_resources": "各手番の終了時の、各プレイヤーの資源。",
    "report.chart_markets": "各手番の終了時の、ウナギとメカジキの価値トラック、マダイの価値、"
    "新鮮なサケの価値。",
    "report.chart_auctions": "各競りの落札額（行われた手番ごと）。",
    "report.chart_score": "各プレイヤーの最終所持金の内訳（得点計算の段階ごと）。",
    "report.downloads": "ゲームを持ち帰る",
    "report.download_json": "ゲームファイル（JSON）",
    "report.download_csv": "手番ごとの記録（CSV）",
    "report.download_note": "ゲームファイルでゲームを別のサーバーに移せます（そこで取り込んで"
    "ください）。CSVは表計算ソフトで開けます。",
    "report.download_note_seat": "あなたのファイルには、あなたのスマートフォンに表示される内容"
    "だけが入っています。所持金非公開なら、他のプレイヤーの円はゲーム終了まで含まれません。",
    "report.move": "このゲームを別のサーバーに移す",
    "report.move_note": "ゲームファイルを書き出し、別のサーバーで取り込んでください：新しい参加"
    "コードでゲームがそこで続きます。",
    "report.no_chart": "グラフにはJavaScriptが必要です。数値は表にあります。",
    "report.host_link": "ほかのテーブル画面をサインアウトする",
    "report.host_link_note": "この画面にテーブル画面の新しいリンクを出します。テーブル画面として"
    "サインインしているほかの端末と、どこかに残っている古いリンク（ブラウザの履歴など）は使えなく"
    "なります。プレイヤーのスマートフォンはサインインしたままです。",
    "report.host_link_button": "テーブル画面の新しいリンク",
    "report.host_link_confirm": "このテーブル画面を表示しているほかの端末をすべてサインアウト"
    "しますか？",
    "market.eel": "ウナギの価値トラック",
    "market.swordfish": "メカジキの価値トラック",
    "market.red_snapper": "マダイの価値",
    "market.salmon": "新鮮なサケの価値",
    "step.start_yen": "終了時の所持金",
    "step.resource_award": "資源のボーナス／ペナルティ",
    "step.overfishing": "「乱獲」市場",
    "step.loan_repayment": "ローンの返済（利子込み）",
    "step.interest_received": "受け取った利子",
    "step.fish_yen": "魚 → 円",
    "import.title": "ゲームを取り込む",
    "import.intro": "別のサーバーからゲームを持ってきます。そのテーブル画面が書き出したゲーム"
    "ファイルを選んでください。ここでゲームを作る前に、すべての記録をルールで再生し、新しい参加"
    "コードを発行します。",
    "import.file": "ゲームファイル（.json）",
    "import.submit": "ゲームを取り込む",
    "import.limit": "最大{limit} MiB。",
    "import.no_file": "先にゲームファイルを選んでください。",
    "import.needs_js": "ゲームファイルの取り込みには、このブラウザでJavaScriptが必要です。",
    "app.name": "築地コンパニオン",
    "app.short_name": "築地",
    "app.description": "『TOKYO TSUKIJI MARKET』のテーブルのお供。",
    "wake.hint": "画面を点けたままにしてください：プレイ中は自動ロック（iPhone：設定 › 画面表示と"
    "明るさ）や画面消灯（Android：設定 › ディスプレイ）を長めにしてください。",
    "wake.dismiss": "閉じる",
    "yen.prefix": "",
    "yen.suffix": "円",
    # -- the game file's refusals in Japanese (issue #11) --
    "file.not_object": "ゲームファイルはこのアプリが書き出したJSONオブジェクトです（その"
    '"format"は"tsukiji-game/1"）。',
    "file.format": 'これはこのアプリのゲームファイルではありません："format"は'
    '"tsukiji-game/1"でなければなりません。',
    "file.game": 'このファイルは別のゲームのものです："game"は"tokyo_tsukiji_market"でなければ'
    "なりません。",
    "file.field": "ゲームファイルの{field}がないか、書き出したファイルにある形ではありません。",
    "file.extra": "ゲームファイルに、書き出したファイルにはない項目{field}があります。",
    "file.too_many": "ゲームファイルの記録は{limit:,}件までです。",
    "file.too_large": "ゲームファイルは{limit}MiBまでです。このファイルはそれより大きいです。",
    "file.busy": "このサーバーは別のゲームファイルを読み込んでいます。少し待ってから"
    "もう一度どうぞ。",
    "file.setup": "ゲームファイルのセットアップではゲームを始められません：{reason}",
    "file.setup_differs": "ゲームファイルのセットアップが書かれたとおりに読み戻せません"
    "（{field}）。このアプリが書き出したファイルではありません。",
    "file.entry_shape": "ゲームファイルの記録{field}は、このアプリが記録する形ではありません"
    "（{detail}が正しくありません）。",
    "file.entry_missing": "ゲームファイルの記録{field}に{detail}がありません。",
    "file.entry_type": "ゲームファイルの記録{field}の種類（{kind}）をこのアプリは知りません。",
    "file.redacted": "ゲームファイルの記録{field}は金額が省かれている（所持金非公開のゲームの"
    "プレイヤー自身のファイル）ため、再生できません。ゲーム終了後にテーブル画面から書き出した"
    "ファイルを読み込んでください。",
    "file.seq": "ゲームファイルの記録{field}は{got}番ではなく{expected}番のはずです。記録は順に、"
    "欠けることなく並びます。",
    "file.actor": "ゲームファイルの記録{field}を記録した{actor}はこのテーブルにいません。",
    "file.not_allowed": "ゲームファイルの記録{field}を記録した{actor}には、ルール上それを記録"
    "できません。",
    "file.table_screen": "テーブル画面",
    "file.at": "ゲームファイルの記録{field}に読める時刻（at）がありません。",
    "file.refused": "ゲームファイルの記録{field}は再生できません：{reason}",
    "file.broken": "ゲームファイルの記録{field}は再生できません。ルールがそのデータを読めません。",
    "file.undo": "ゲームファイルの記録{field}は、その時点の取り消しにはできない記録を取り消して"
    "います。",
    "file.redo": "ゲームファイルの記録{field}は、その時点ではやり直せないものをやり直しています。",
    "file.undone": "ゲームファイルの記録{field}は{got}で取り消されたとされていますが、ファイルの"
    "取り消しでは{want}です。",
    "file.auction_id": "ゲームファイルの記録{field}の競りは{want}ではなく{got}になっています。",
    "file.receipt": "ゲームファイルの記録{field}が公開する入札が受付番号と合いません。",
    "file.reveal_bids": "ゲームファイルの記録{field}は、封をされた入札とは別の入札を公開して"
    "います。",
    "file.sealed_open": "ゲームファイルが、封をされた入札を運べない競りの途中で終わっています"
    "（記録{field}）。最初のサーバーで競りを終えてから、もう一度書き出してください。",
    "file.too_long": "ゲームファイルの取り消しとやり直しが、このサーバーが再生できる数を超えて"
    "います（記録{field}から）。",
    "file.nobody": "（だれでもない）",
    "play.title": "このプレイを記録",
    "play.bgstats": "{app}にこのプレイを記録",
    "play.game_board": "TOKYO TSUKIJI MARKET",
    "play.game_cards": "TSUKIJI MARKET（2人用カードゲーム）",
    "play.bgstats_note": "{app}の取り込みページを、このプレイを記入した状態で開きます。"
    "ただのリンクです。タップするまで何も送られません。",
    "play.text": "テキストでのプレイ記録（{site}のログに貼り付け用）",
    "play.copy": "コピー",
    "play.points": "{points}点",
    "play.and": "・",
    "play.won": "{names}の勝利（{score}）。",
    "play.won_shared": "{names}が同点で勝利（{score}）。",
    "play.won_knives": "{names}がクイックナイフ4枚で勝利。",
    "play.turns": "プレイヤー{players}人、{turns}手番。",
    "play.by_app": "築地コンパニオンで記録。",
    "play.minutes": "{minutes}分",
    "play.players": "{players}人",
    "play.sep": "、",
    "play.line": "{rank}位 {name}：{score}",
    "play.marks": "（{marks}）",
    "play.winner": "勝者",
    "play.start_player": "スタートプレイヤー",
    "replay.title": "ゲームを再生",
    "replay.intro": "記録の好きな項目までつまみを動かすと、その時点のテーブルが見られます。",
    "replay.scrubber": "記録の項目",
    "replay.back": "◀ 戻る",
    "replay.forward": "進む ▶",
    "replay.at": "記録{n}／{total}",
    "replay.setup": "最初の記録より前、セットアップしたままのテーブル。",
    "replay.closed_note": "所持金非公開：所持金はゲーム終了まで伏せられます。",
    "replay.turn": "第{turn}手番：{player}",
    "replay.finished": "ゲームは終了しました。",
    "replay.fish": "魚",
    "replay.licenses": "漁業免許",
    "replay.market": "市場",
    "replay.licenses_left": "残りの漁業免許",
    "replay.tokens_left": "残りのトークン",
    "replay.none": "–",
    "league.title": "このサーバーのリーグ",
    "league.link": "このサーバーのリーグ",
    "league.intro": "このサーバーで終了した『TOKYO TSUKIJI MARKET』のゲームすべて。名前は大文字と"
    "小文字を区別せずに照合します。同じプレイヤーの2つの表記は下でまとめられます。",
    "league.count": "終了したゲーム：{games}",
    "league.none": "このサーバーで終了したゲームはまだありません。",
    "league.played": "ゲーム数",
    "league.wins": "勝利数",
    "league.average": "最終的な所持金の平均",
    "league.best": "最高のゲーム",
    "league.best_text": "{yen}（ゲーム{game}、{date}）",
    "league.favourite": "よく使う市場（持っていた漁業免許の数）",
    "league.paid": "最も稼がせてくれた市場（資源）",
    "league.chart_average": "各プレイヤーの最終的な所持金の平均。",
    "league.also": "別の表記：{names}",
    "league.merge": "2つの表記をまとめる",
    "league.merge_source": "この名前を",
    "league.merge_target": "このプレイヤーとして読む",
    "league.merge_submit": "まとめる",
    "league.merged": "まとめた表記：{source} → {target}",
    "league.unmerge": "まとめを取り消す",
    "speak.toggle": "大事な場面を読み上げる",
    "speak.note": "この画面が、だれの手番か、競り、ゲームの終了を、この画面の言語とブラウザー自身の"
    "音声で読み上げます。この端末から何も送られません。",
    "speak.turn": "第{turn}手番：{player}の手番です。",
    "speak.triggered": "{player}がゲームの終了を誘発しました。最後の手番を行います。",
    "speak.auction_open": "{owner}が競りを始めます：{kind}。",
    "speak.winner": "ゲーム終了。勝者は{names}です。",
    "speak.winners": "ゲーム終了。勝者は{names}です。",
}


def say(code: str, lang: str | None = None, **values: Any) -> str:
    """The text of ``code`` in ``lang`` (English where that language lacks it), its
    placeholders filled; an id value (a market, a fish) is named in the language. Without
    ``lang``: the language of the request being answered (English outside a request)."""
    if lang is None:
        lang = current_lang()
    # An empty text is a text (the Japanese Yen prefix: 2,000円, not ¥2,000円).
    own = TEXT.get(lang, TEXT["en"]).get(code)
    template = own if own is not None else TEXT["en"].get(code)
    if template is None:
        raise KeyError(f"no text {code!r}")
    filled = {
        k: catalogues.name(v, lang) or v if k in ("market", "kind_id") else v
        for k, v in values.items()
    }
    return template.format_map(filled)


def sentence(text: str) -> str:
    """A clause from the rules as the end of one of these sentences: one final stop."""
    text = text.strip()
    return text if text.endswith((".", "!", "?")) else text + "."
