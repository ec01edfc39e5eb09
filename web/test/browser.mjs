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
  await page.goto(url);
  const status = page.locator("#status");
  const mark = (m) => page.locator(`#board button[data-mark="${m}"]`).count();
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
} finally {
  await browser.close();
  server.kill();
}
