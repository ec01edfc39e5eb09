// The npm README's page for a browser without a bundler (its ```html block: an import map and a
// module), served as a user would serve it, from a folder whose node_modules holds the package,
// and opened in headless Chromium: it must show the board it draws.
// Usage: node web/test/readme_page.mjs [chromium] (default /usr/bin/chromium).
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { createServer } from "node:http";
import { mkdtempSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { extname, join, normalize, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const root = fileURLToPath(new URL("../../", import.meta.url));
const executablePath = process.argv[2] ?? "/usr/bin/chromium";
const readme = readFileSync(join(root, "crates/wasm/npm/README.md"), "utf8");
const pages = [...readme.matchAll(/^```html\n(.*?)^```$/gms)].map((m) => m[1]);
assert.equal(pages.length, 1, "the README has one page for a browser");
const bundled = [...readme.matchAll(/^```mjs\n(.*?)^```$/gms)].map((m) => m[1]);
assert.equal(bundled.length, 1, "the README has one app for esbuild");

const scratch = mkdtempSync(join(tmpdir(), "readme-page-"));
mkdirSync(join(scratch, "node_modules"));
symlinkSync(join(root, "target/npm/tictactoe-engine"), join(scratch, "node_modules/tictactoe-engine"));
writeFileSync(join(scratch, "index.html"), pages[0]);
// The esbuild route: the README's app bundled as it says, its page beside the import-map one.
writeFileSync(join(scratch, "app.mjs"), bundled[0]);
execFileSync(join(root, "web/test/node_modules/.bin/esbuild"),
  ["app.mjs", "--bundle", "--format=esm", "--loader:.wasm=file", "--outdir=dist", "--log-level=warning"],
  { cwd: scratch });
writeFileSync(join(scratch, "bundled.html"),
  '<!doctype html><pre id="board">loading the engine...</pre><script type="module" src="dist/app.js"></script>');

const TYPES = { ".html": "text/html", ".js": "text/javascript", ".wasm": "application/wasm" };
const server = createServer(async (request, response) => {
  const path = decodeURIComponent(new URL(request.url, "http://localhost").pathname);
  const file = normalize(join(scratch, path === "/" ? "index.html" : path));
  if (!file.startsWith(scratch + sep)) return response.writeHead(403).end();
  try {
    const body = await readFile(file);
    response.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" }).end(body);
  } catch {
    response.writeHead(404).end();
  }
});
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));

const browser = await chromium.launch({
  executablePath,
  args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
    "--disable-component-update", "--disable-sync"],
});
const failures = [];
try {
  const page = await browser.newPage();
  page.on("pageerror", (err) => failures.push(`page error: ${err.message}`));
  page.on("console", (msg) => msg.type() === "error" && failures.push(`console: ${msg.text()}`));
  // A browser asks for /favicon.ico on its own; every other request must be found.
  page.on("response", (r) => r.status() >= 400 && !r.url().endsWith("/favicon.ico")
    && failures.push(`${r.status()}: ${r.url()}`));
  for (const name of ["", "bundled.html"]) {
    await page.goto(`http://127.0.0.1:${server.address().port}/${name}`);
    await page.waitForFunction(() => document.querySelector("#board").textContent.includes("|"), null,
      { timeout: 10000 }).catch(() => {});
    const shown = await page.locator("#board").textContent();
    assert.deepEqual(failures.filter((f) => !f.startsWith("console: Failed to load resource")), [], name);
    assert.equal(shown, "| | | |\n| |X| |\n| | | |", name);
  }
  console.log("readme page: the import-map page and the esbuild bundle of the npm README load the engine and draw the board");
} finally {
  await browser.close();
  server.close();
  rmSync(scratch, { recursive: true, force: true });
}
