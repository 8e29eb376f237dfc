#!/usr/bin/env bash
# `npm run cluster`: install, build the variant's client, make sure PostgreSQL and RabbitMQ run (installed from
# Debian's packages when missing), then N server processes behind one port (scripts/cluster.ts, docs/deploy.md).
set -euo pipefail
cd "$(dirname "$0")/.."
[ -d node_modules ] || npm ci --no-audit --no-fund
variant="${VARIANT:-CSD}"
node generator/bin/chatgen.js build "$variant" --out dist
if [ -z "${DATABASE_URL:-}" ] || [ -z "${BROKER_URL:-}" ]; then bash scripts/test-services.sh; fi
exec node --import tsx scripts/cluster.ts
