#!/usr/bin/env bash
# Finishes the npm package's declarations as wasm-bindgen leaves them: the optional arguments get
# their types (an argument read as a raw JavaScript value, so that the engine can refuse a
# non-number with a TypeError rather than coerce it, is declared `any`), and the file names the
# TypeScript library that declares Symbol.dispose, which its classes implement, so that a project
# compiles without @types/node or lib "esnext.disposable". Usage: tools/npm_declarations.sh FILE.d.ts
set -euo pipefail
file=$1
sed -i -E \
  -e 's/\b(maxNodes|tableBits|skill|n)\?: any \| null/\1?: number | null/g' \
  -e 's/\b(gravity|exact|labels)\?: any \| null/\1?: boolean | null/g' \
  -e 's/\bmoves\?: any \| null/moves?: string | null/g' \
  -e 's/\btieBreak\?: any \| null/tieBreak?: "center" | "first" | "random" | null/g' \
  -e 's/\boptions\?: any \| null/options?: AgentOptions | null/g' \
  "$file"
if ! head -n 1 "$file" | grep -q 'reference lib="esnext.disposable"'; then
  sed -i '1i /// <reference lib="esnext.disposable" />' "$file"
fi
# Every public declaration typed: only the raw exports of the module (InitOutput's) keep `any`.
if awk '/^export interface InitOutput/ {exit} /: any|any\)/ {print; found=1} END {exit !found}' "$file"; then
  echo "npm_declarations.sh: an optional argument of $file is still typed any (above)" >&2
  exit 1
fi
