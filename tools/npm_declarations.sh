#!/usr/bin/env bash
# Finishes the npm package's declarations as wasm-bindgen leaves them: the optional arguments get
# their types (an argument read as a raw JavaScript value, so that the engine can refuse a
# non-number with a TypeError rather than coerce it, is declared `any`), and the file names the
# TypeScript library that declares Symbol.dispose, which its classes implement, so that a project
# compiles without @types/node or lib "esnext.disposable". Beside FILE it writes classes.d.ts, the
# classes alone, without the web build's init() and its DOM types (RequestInfo, BufferSource):
# the Node entry's declarations, which compile without the DOM library. The raw exports of
# InitOutput are typed `unknown` where wasm-bindgen leaves `any`.
# Usage: tools/npm_declarations.sh FILE.d.ts
set -euo pipefail
file=$1
sed -i -E \
  -e 's/\b(maxNodes|tableBits|skill|n)\?: any \| null/\1?: number | null/g' \
  -e 's/\b(gravity|exact|labels)\?: any \| null/\1?: boolean | null/g' \
  -e 's/\bmoves\?: any \| null/moves?: string | null/g' \
  -e 's/\bmoves: any\b/moves: string/g' \
  -e 's/\bbase\?: any \| null/base?: 0 | 1 | null/g' \
  -e 's/\btieBreak\?: any \| null/tieBreak?: "center" | "first" | "leftmost" | "random" | null/g' \
  -e 's/\boptions\?: any \| null/options?: AgentOptions | null/g' \
  -e 's/\bsettings\?: any \| null/settings?: SolverOptions | null/g' \
  "$file"
if ! head -n 1 "$file" | grep -q 'reference lib="esnext.disposable"'; then
  sed -i '1i /// <reference lib="esnext.disposable" />' "$file"
fi
# The raw exports take and give JavaScript values the package never hands out: unknown, not any.
sed -i -E '/^export interface InitOutput/,/^}/ s/\bany\b/unknown/g' "$file"
if grep -n -E ': any|any\)|\bany\b \|' "$file"; then
  echo "npm_declarations.sh: a declaration of $file is still typed any (above)" >&2
  exit 1
fi
# The classes alone, for Node: everything before the web build's InitInput.
awk '/^export type InitInput/ {exit} {print}' "$file" > "$(dirname "$file")/classes.d.ts"
