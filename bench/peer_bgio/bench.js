// boardgame.io 0.50.2, the peer of issue #23: one action reaches 7 devices (6 players and
// a spectator, the table screen), each with its own per-player view (playerView hides the
// other players' money, as closed money does here). Storage: in memory, or FlatFile (its
// durable storage). Prints one JSON line: the milliseconds of each action, from the move
// sent to the last of the 7 clients seeing the new state.
//
//   node bench.js memory|flatfile ACTIONS PORT API_PORT
const { Server, FlatFile } = require("boardgame.io/server");
const { Client } = require("boardgame.io/client");
const { SocketIO } = require("boardgame.io/multiplayer");
const { ActivePlayers } = require("boardgame.io/core");
const os = require("os");
const fs = require("fs");
const path = require("path");

const PLAYERS = 6;
const Game = {
  name: "market",
  setup: ({ ctx }) => ({ yen: Array(ctx.numPlayers).fill(2000), log: [] }),
  turn: { activePlayers: ActivePlayers.ALL },
  moves: {
    pay: ({ G, playerID }, to, amount) => {
      G.yen[to] += amount;
      G.log.push({ by: playerID, to, amount });
    },
  },
  playerView: ({ G, playerID }) => ({
    ...G,
    yen: G.yen.map((y, i) => (String(i) === playerID ? y : null)),
  }),
};

async function main() {
  const [kind, actions, port, apiPort] = process.argv.slice(2).map((x, i) => (i ? +x : x));
  let db;
  let dir;
  if (kind === "flatfile") {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "bgio-"));
    db = new FlatFile({ dir, logging: false });
  }
  const server = Server({ games: [Game], db });
  const running = await server.run({ port, lobbyConfig: { apiPort } });
  const base = `http://localhost:${apiPort}`;
  const created = await (
    await fetch(`${base}/games/market/create`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ numPlayers: PLAYERS }),
    })
  ).json();
  const matchID = created.matchID;
  const creds = [];
  for (let i = 0; i < PLAYERS; i++) {
    const joined = await (
      await fetch(`${base}/games/market/${matchID}/join`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ playerID: String(i), playerName: `p${i}` }),
      })
    ).json();
    creds.push(joined.playerCredentials);
  }
  const clients = [];
  for (let i = 0; i <= PLAYERS; i++) {
    const player = i < PLAYERS ? String(i) : undefined; // the last: a spectator
    const client = Client({
      game: Game,
      numPlayers: PLAYERS,
      matchID,
      playerID: player,
      credentials: player === undefined ? undefined : creds[i],
      multiplayer: SocketIO({ server: `localhost:${port}` }),
    });
    client.start();
    clients.push(client);
  }
  const seen = clients.map(() => -1);
  let waiting = null;
  clients.forEach((c, i) =>
    c.subscribe((state) => {
      if (!state) return;
      seen[i] = state._stateID;
      if (waiting && seen.every((s) => s >= waiting.id)) {
        const w = waiting;
        waiting = null;
        w.resolve();
      }
    })
  );
  const until = (cond) =>
    new Promise((resolve) => {
      const t = setInterval(() => {
        if (cond()) {
          clearInterval(t);
          resolve();
        }
      }, 10);
    });
  await until(() => seen.every((s) => s >= 0));
  const times = [];
  for (let k = 0; k < actions; k++) {
    const id = Math.max(...seen) + 1;
    const done = new Promise((resolve) => (waiting = { id, resolve }));
    const t0 = process.hrtime.bigint();
    clients[0].moves.pay(k % PLAYERS, 100);
    await done;
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  process.stdout.write(JSON.stringify({ kind, times }) + "\n");
  clients.forEach((c) => c.stop());
  running.apiServer && running.apiServer.close();
  running.appServer.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  process.exit(0);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
