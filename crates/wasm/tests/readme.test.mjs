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
const commonjs = [...readme.matchAll(/^```cjs\n(.*?)^```$/gms)].map((m) => m[1]);

// A line that logs and ends in `// => TEXT` must log exactly TEXT: the call goes through a checker
// that logs what `console.log` would have and exits non-zero when it differs.
const CHECK = `import { format as __format } from "node:util";
const __said = (expected, ...args) => {
  const text = __format(...args);
  console.log(text);
  if (text !== expected) {
    console.error(\`printed \${JSON.stringify(text)}, the README says \${JSON.stringify(expected)}\`);
    process.exit(1);
  }
};
`;

/** `code` with each marked `console.log` checked, and how many lines were marked; as CommonJS
 * (`require` of the checker's helper) with `commonjs`. */
export function checked(code, commonjs = false) {
  let marked = 0;
  const lines = code.split("\n").map((line) => {
    const found = /^(\s*)console\.log\((.*)\);?\s*\/\/ => (.*)$/.exec(line);
    if (!found) return line;
    marked += 1;
    return `${found[1]}__said(${JSON.stringify(found[3].trimEnd())}, ${found[2]});`;
  });
  if (commonjs) {
    const check = CHECK.replace('import { format as __format } from "node:util";', 'const { format: __format } = require("node:util");');
    return { code: [check, ...lines].join("\n"), marked };
  }
  const imports = lines.filter((line) => line.startsWith("import "));
  const rest = lines.filter((line) => !line.startsWith("import "));
  return { code: [...imports, CHECK, ...rest].join("\n"), marked };
}

test("a marked line that logs something else fails its example", () => {
  const { code, marked } = checked('console.log(1 + 1); // => 3\n');
  assert.equal(marked, 1);
  assert.throws(() => execFileSync(process.execPath, ["--input-type=module", "-e", code], { stdio: "pipe" }));
  const ok = checked('console.log({ a: 1 }); // => { a: 1 }\n').code;
  assert.equal(execFileSync(process.execPath, ["--input-type=module", "-e", ok]).toString(), "{ a: 1 }\n");
});

test("the package README's Node examples run", () => {
  const node = blocks.filter((code) => !code.includes("tictactoe-engine/web"));
  assert.ok(node.length >= 1, "the README has a Node example");
  assert.ok(node.reduce((sum, code) => sum + checked(code).marked, 0) >= 5, "the README's outputs are marked");
  for (const code of node) {
    const scratch = mkdtempSync(join(tmpdir(), "readme-"));
    try {
      mkdirSync(join(scratch, "node_modules"));
      symlinkSync(join(root, "target/npm/tictactoe-engine"), join(scratch, "node_modules/tictactoe-engine"));
      writeFileSync(join(scratch, "example.mjs"), checked(code).code);
      execFileSync(process.execPath, ["example.mjs"], { cwd: scratch, stdio: "pipe" });
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  }
});

test("the package README's CommonJS example runs", () => {
  assert.equal(commonjs.length, 1, "the README has a CommonJS example");
  const scratch = mkdtempSync(join(tmpdir(), "readme-"));
  try {
    mkdirSync(join(scratch, "node_modules"));
    symlinkSync(join(root, "target/npm/tictactoe-engine"), join(scratch, "node_modules/tictactoe-engine"));
    const { code, marked } = checked(commonjs[0], true);
    assert.equal(marked, 1);
    writeFileSync(join(scratch, "example.cjs"), code);
    execFileSync(process.execPath, ["example.cjs"], { cwd: scratch, stdio: "pipe" });
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
});
