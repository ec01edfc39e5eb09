// Every Node example of the package's README runs as pasted, from a folder whose node_modules holds
// the package (the browser example is the browser test's).
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const readme = readFileSync(join(root, "crates/wasm/npm/README.md"), "utf8");
const blocks = [...readme.matchAll(/^```js\n(.*?)^```$/gms)].map((m) => m[1]);

test("the package README's Node examples run", () => {
  const node = blocks.filter((code) => !code.includes("tictactoe-engine/web"));
  assert.ok(node.length >= 1, "the README has a Node example");
  for (const code of node) {
    const scratch = mkdtempSync(join(tmpdir(), "readme-"));
    try {
      mkdirSync(join(scratch, "node_modules"));
      symlinkSync(join(root, "target/npm/tictactoe-engine"), join(scratch, "node_modules/tictactoe-engine"));
      writeFileSync(join(scratch, "example.mjs"), code);
      execFileSync(process.execPath, ["example.mjs"], { cwd: scratch, stdio: "pipe" });
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  }
});
