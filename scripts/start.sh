#!/usr/bin/env bash
# The main job on a fresh machine: install, build the variant's client, serve it with the reference server.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -d node_modules ] || npm ci --no-audit --no-fund
variant="${VARIANT:-CSD}"
node generator/bin/chatgen.js build "$variant" --out dist
# A grid variant frames its child build, served by the server at /gridchild/ (docs/embedding.md).
case "$variant" in
  *_GRID_VERSION) node generator/bin/chatgen.js build "${variant%_GRID_VERSION}_GRID_CHILD" --out dist/gridchild --base /gridchild/ ;;
esac
exec node --import tsx server/main.ts
