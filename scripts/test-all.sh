#!/usr/bin/env bash
# Runs every test of the project on a fresh machine: installs what the tests need first.
set -uo pipefail
cd "$(dirname "$0")/.."

if [ ! -d node_modules ] || [ -n "${CI:-}" ]; then
  npm ci --no-audit --no-fund >/dev/null || { echo "npm ci failed"; echo "0 passed, 1 failed"; exit 1; }
fi
# Debian's Chromium for the browser tests, with CJK and emoji fonts so screenshots show Chinese text and emoji.
if [ ! -x /usr/bin/chromium ] || ! dpkg -s fonts-noto-cjk fonts-noto-color-emoji >/dev/null 2>&1; then
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-noto-cjk fonts-noto-color-emoji >/dev/null) \
    || echo "warning: could not install Chromium and its fonts; browser tests will fail"
fi

# PostgreSQL (the server suites' second pass, CHATGEN_TEST_STORE=postgres) and RabbitMQ, from Debian's packages
# when they do not answer on 127.0.0.1; the test server is this machine's own, so local connections are trusted.
bash scripts/test-services.sh || echo "warning: PostgreSQL or RabbitMQ is not available; the PostgreSQL pass, the RabbitMQ bus and the cluster tests will fail"

exec node scripts/test-all.mjs "$@"
