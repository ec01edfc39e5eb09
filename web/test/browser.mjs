// The page in a real browser: headless Chromium, driven by playwright-core. A whole tic-tac-toe
// game against skill 1 ends in a draw or an engine win; Connect Four and gomoku moves get the
// engine's answer; the page stays responsive while the engine thinks; a screenshot is saved.
// Usage: node web/test/browser.mjs [chromium] (default /usr/bin/chromium).
import { spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import assert from "node:assert/strict";
import { chromium } from "playwright-core";

const root = fileURLToPath(new URL("../../", import.meta.url));
const executablePath = process.argv[2] ?? "/usr/bin/chromium";

const server = spawn(process.execPath, ["web/serve.mjs", "0"], { cwd: root, stdio: ["ignore", "pipe", "inherit"] });
const url = await new Promise((resolve, reject) => {
  server.stdout.on("data", (chunk) => {
    const found = /at (http:\S+)/.exec(String(chunk));
    if (found) resolve(found[1]);
  });
  server.on("exit", (code) => reject(new Error(`the server stopped (${code})`)));
});

const browser = await chromium.launch({
  executablePath,
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
    "--disable-component-update", "--disable-sync"],
});
const failures = [];
try {
  const page = await browser.newPage({ viewport: { width: 720, height: 580 } });
  page.on("pageerror", (err) => failures.push(`page error: ${err.message}`));
  page.on("console", (msg) => msg.type() === "error" && failures.push(`console: ${msg.text()}`));
  // The engine loads slowly here (its .wasm held back a second), and the person acts before it
  // has: the page must take the choice quietly and start the game once the engine is there.
  await page.route("**/*.wasm", async (route) => {
    await new Promise((done) => setTimeout(done, 1000));
    await route.continue();
  });
  await page.goto(url);
  await page.locator("#game").selectOption("connect4");
  await page.locator("#new").click();
  await page.locator("#undo").click({ force: true });
  await page.waitForFunction(() => /X to move/.test(document.querySelector("#status").textContent), null,
    { timeout: 10000 });
  assert.equal(await page.locator("#board button").count(), 42, "the game chosen while loading");
  assert.deepEqual(failures, []);
  await page.unroute("**/*.wasm");
  const status = page.locator("#status");
  const mark = (m) => page.locator(`#board button[data-mark="${m}"]`).count();
  const cellOf = (row, col) => page.locator(`#board button[data-row="${row}"][data-col="${col}"]`);
  const ended = /X wins|O wins|Draw/;
  // Waits for the person's turn or the end, within the 2 s the engine has to answer.
  const yourTurn = async () => {
    await page.waitForFunction(() => /X to move|X wins|O wins|Draw/.test(document.querySelector("#status").textContent),
      null, { timeout: 2000 });
    return status.textContent();
  };

  // Tic-tac-toe against skill 1: X never wins.
  await page.locator("#skill").fill("1");
  await page.locator("#game").selectOption("tictactoe");
  await page.locator("#new").click();
  assert.match(await yourTurn(), /X to move/);
  let text;
  for (let moves = 0; moves < 5; moves++) {
    await page.locator('#board button[data-mark=""]').first().click();
    text = await yourTurn();
    if (ended.test(text)) break;
    assert.equal(await mark("X"), await mark("O"), "the engine answered every move");
  }
  assert.match(text, /Draw|O wins/, `tic-tac-toe ended: ${text}`);
  assert.equal(await page.locator("#board button:not([disabled])").count(), 0, "the finished board takes no clicks");
  console.log(`browser: tic-tac-toe against skill 1 ended "${text}"`);

  // Connect Four: a click anywhere in a column drops to its bottom, and the engine answers.
  await page.locator("#game").selectOption("connect4");
  assert.equal(await page.locator("#board button").count(), 42);
  assert.match(await status.textContent(), /X to move/);
  for (const col of [3, 3, 2]) {
    const before = await mark("O");
    await page.locator(`#board button[data-row="0"][data-col="${col}"]`).click();
    const started = Date.now();
    // While the engine thinks, the page still answers.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => done())));
    text = await yourTurn();
    assert.equal(await mark("O"), before + 1, `the engine answered column ${col} in ${Date.now() - started} ms`);
  }
  assert.equal(await page.locator('#board button[data-row="5"][data-col="3"]').getAttribute("data-mark"), "X");
  assert.match(text, /X to move/);
  mkdirSync(`${root}/target/web`, { recursive: true });
  await page.screenshot({ path: `${root}/target/web/connect-four.png` });

  // Gomoku: the engine answers next to the action.
  await page.locator("#game").selectOption("gomoku");
  assert.equal(await page.locator("#board button").count(), 225);
  await page.locator('#board button[data-row="7"][data-col="7"]').click();
  assert.match(await yourTurn(), /X to move/);
  assert.equal(await mark("O"), 1);
  // A taken cell does nothing.
  await page.locator('#board button[data-row="7"][data-col="7"]').click({ force: true });
  assert.equal(await mark("X"), 1);
  await page.screenshot({ path: `${root}/target/web/gomoku.png` });

  // Back to tic-tac-toe, a new empty game.
  await page.locator("#game").selectOption("tictactoe");
  assert.equal(await page.locator("#board button").count(), 9);
  assert.equal(await mark("X"), 0);
  assert.deepEqual(failures, []);
  console.log("browser: Connect Four and gomoku moves answered, games switched; screenshots in target/web/");

  // The winning line: against skill 0, X plays its line until the engine leaves it open; the
  // cells of the line, and only they, are marked, and they hold X. Each game's end is a picture.
  await page.locator("#skill").fill("0");
  const wins = [
    ["tictactoe", [[0, 0], [0, 1], [0, 2]], 3],
    ["connect4", [[5, 0], [4, 0], [3, 0], [2, 0]], 4],
    ["gomoku", [[7, 3], [7, 4], [7, 5], [7, 6], [7, 7]], 5],
  ];
  for (const [kind, line, k] of wins) {
    let won = false;
    for (let attempt = 0; attempt < 40 && !won; attempt++) {
      await page.locator("#game").selectOption(kind);
      await page.locator("#new").click();
      for (const [row, col] of line) {
        if ((await cellOf(row, col).getAttribute("data-mark")) !== "") break;
        await cellOf(row, col).click();
        const now = await yourTurn();
        if (/X wins/.test(now)) won = true;
        if (ended.test(now)) break;
      }
    }
    assert.ok(won, `X won ${kind} against skill 0 along its line`);
    const marked = await page.locator("#board button.win").evaluateAll((buttons) =>
      buttons.map((b) => [Number(b.dataset.row), Number(b.dataset.col), b.dataset.mark]));
    assert.deepEqual(marked.map(([r, c]) => `${r},${c}`).sort(), line.map(([r, c]) => `${r},${c}`).sort());
    assert.ok(marked.every(([, , m]) => m === "X") && marked.length === k);
    assert.match(await status.textContent(), /X wins: you win/);
    assert.match(await page.locator("#legend").textContent(), /X \(you, \w+\) · O \(engine, \w+\)/);
    // The last move of the line still shows as the last move: its dark ring is drawn too.
    const lastOnLine = await page.locator("#board button.win.last").evaluateAll((buttons) =>
      buttons.map((b) => getComputedStyle(b).boxShadow));
    assert.equal(lastOnLine.length, 1, `${kind}: the winning move is the last move`);
    assert.match(lastOnLine[0], /rgb\(29, 35, 48\)/, `${kind}: the last move's dark ring on the line`);
    await page.screenshot({ path: `${root}/target/web/${kind}-won.png` });
  }

  // Keyboard play: focus stays on the board through a move and the engine's answer, arrow keys
  // move it, and the focused cell shows a ring.
  await page.locator("#game").selectOption("tictactoe");
  await page.locator("#skill").fill("1");
  assert.match(await page.locator("#skill-value").textContent(), /perfect/);
  await page.locator("#new").click();
  await cellOf(1, 1).focus();
  await page.keyboard.press("ArrowLeft");
  const focusedCell = () => page.evaluate(() => {
    const el = document.activeElement;
    return el?.dataset?.row === undefined ? null : [Number(el.dataset.row), Number(el.dataset.col)];
  });
  assert.deepEqual(await focusedCell(), [1, 0]);
  await page.keyboard.press("Enter");
  await yourTurn();
  assert.equal(await cellOf(1, 0).getAttribute("data-mark"), "X");
  assert.equal(await mark("O"), 1, "the engine answered");
  assert.deepEqual(await focusedCell(), [1, 0], "focus stayed on the cell played");
  await page.keyboard.press("ArrowUp");
  assert.deepEqual(await focusedCell(), [0, 0]);
  const ring = await page.evaluate(() => getComputedStyle(document.activeElement).outlineStyle);
  assert.notEqual(ring, "none", "the focused cell shows a ring");
  await page.keyboard.press("Space");
  await yourTurn();
  // Undo takes back the person's move and the engine's answer.
  const [xs, os] = [await mark("X"), await mark("O")];
  await page.locator("#undo").click();
  assert.deepEqual([await mark("X"), await mark("O")], [xs - 1, os - 1]);

  // The engine starts: it plays X, the person O.
  await page.locator("#engine-first").click();
  await page.waitForFunction(() => /O to move: your turn/.test(document.querySelector("#status").textContent),
    null, { timeout: 2000 });
  assert.equal(await mark("X"), 1);
  assert.match(await page.locator("#legend").textContent(), /X \(engine/);

  // At 1280 px every control keeps to one line ("Undo" did not).
  await page.setViewportSize({ width: 1280, height: 800 });
  for (const id of ["new", "engine-first", "undo"]) {
    const [height, line] = await page.locator(`#${id}`).evaluate((b) =>
      [b.getBoundingClientRect().height, parseFloat(getComputedStyle(b).lineHeight) || parseFloat(getComputedStyle(b).fontSize) * 1.3]);
    assert.ok(height < 2 * line, `#${id} keeps to one line at 1280 px: ${height} px high`);
  }

  // A phone's width: every game's whole board fits 375 px.
  await page.setViewportSize({ width: 375, height: 667 });
  for (const kind of ["tictactoe", "connect4", "gomoku"]) {
    await page.locator("#game").selectOption(kind);
    const right = await page.locator("#board button").evaluateAll((buttons) =>
      Math.max(...buttons.map((b) => b.getBoundingClientRect().right)));
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(right <= 375 && width <= 375, `${kind} fits 375 px: its last column ends at ${right}, the page is ${width}`);
    if (kind === "gomoku") {
      // A move, so that a last-move ring is drawn: it leaves the mark most of the cell.
      await cellOf(7, 7).click({ force: true });
      await yourTurn();
      const [side, ringPx] = await page.locator("#board button.last").evaluate((b) =>
        [b.getBoundingClientRect().width, Math.max(...[...getComputedStyle(b).boxShadow.matchAll(/(\d+)px(?=\)|,|$)/g)].map((m) => Number(m[1])))]);
      assert.ok(ringPx * 2 <= side / 5, `gomoku at 375 px: a ring of ${ringPx} px on a cell of ${side} px`);
    }
    await page.screenshot({ path: `${root}/target/web/${kind}-375.png` });
  }
  assert.deepEqual(failures, []);
  // Opened from a file, where no module loads: a message that says what to do, not "Loading".
  const local = await browser.newPage();
  await local.goto(`file://${root}web/index.html`);
  assert.match(await local.locator("#status").textContent(), /cannot load from a file: serve/);
  await local.close();
  console.log("browser: winning lines marked, keyboard play, undo, engine first, every board fits 375 px, file:// explained");
} finally {
  await browser.close();
  server.kill();
}
