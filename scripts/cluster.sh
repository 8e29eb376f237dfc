#!/usr/bin/env bash
# `npm run cluster`: install, build the variant's client, make sure PostgreSQL and RabbitMQ run and HAProxy is
# there (installed from Debian's packages when missing), then N server processes behind HAProxy on one port
# (scripts/cluster.ts, docs/deploy.md).
set -euo pipefail
cd "$(dirname "$0")/.."
[ -d node_modules ] || npm ci --no-audit --no-fund
variant="${VARIANT:-CSD}"
node generator/bin/chatgen.js build "$variant" --out dist
# The local services (and HAProxy) unless both services are given; HAProxy alone when they are.
if [ -z "${DATABASE_URL:-}" ] || [ -z "${BROKER_URL:-}" ]; then
  bash scripts/test-services.sh
elif [ -z "${HAPROXY:-}" ] && ! command -v haproxy >/dev/null 2>&1 && [ ! -x /usr/sbin/haproxy ]; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq haproxy >/dev/null
fi
exec node --import tsx scripts/cluster.ts
