// Serves the page on localhost with no server logic: web/ at /, and the npm package that
// `make wasm` built at /pkg/. Usage: node web/serve.mjs [port] (default 8000; 0 or a busy port:
// any free one). Prints the address when it listens.
import { createServer } from "node:http";
import { readFile } from "node:fs/promises";
import { extname, join, normalize, sep } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const places = [
  ["/pkg/", join(root, "target/npm/tictactoe-engine")],
  ["/", join(root, "web")],
];
const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".wasm": "application/wasm",
  ".svg": "image/svg+xml",
  ".png": "image/png",
};

const server = createServer(async (request, response) => {
  const path = decodeURIComponent(new URL(request.url, "http://localhost").pathname);
  const [prefix, dir] = places.find(([prefix]) => path.startsWith(prefix));
  const file = normalize(join(dir, path.slice(prefix.length) || "index.html"));
  if (!file.startsWith(dir + sep) || !TYPES[extname(file)]) {
    response.writeHead(404).end("not found");
    return;
  }
  try {
    const body = await readFile(file);
    response.writeHead(200, { "content-type": TYPES[extname(file)], "cache-control": "no-store" }).end(body);
  } catch {
    response.writeHead(404).end("not found");
  }
});

function listen(port) {
  server.once("error", (err) => {
    if (err.code === "EADDRINUSE" && port !== 0) listen(0);
    else throw err;
  });
  server.listen(port, "127.0.0.1", () => {
    console.log(`serving the page at http://127.0.0.1:${server.address().port}/`);
  });
}

listen(Number(process.argv[2] ?? 8000));
