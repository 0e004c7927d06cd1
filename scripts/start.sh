#!/usr/bin/env bash
# `npm start`: build, migrate and seed the local D1, then serve the production build
# in workerd at http://localhost:${PORT:-8787}. Offline: no Cloudflare account needed.
#   PORT        port to listen on (default 8787)
#   PERSIST_TO  local state directory (default .wrangler/state, shared with `npm run dev`)
#   SKIP_BUILD  set to 1 to reuse an existing build/
#   APP_URL     base URL of links in mails (default http://localhost:$PORT)
set -euo pipefail
cd "$(dirname "$0")/.."
# Node 24 from the `node` devDependency, even when this script is run directly.
export PATH="$PWD/node_modules/.bin:$PATH"

PORT="${PORT:-8787}"
PERSIST_TO="${PERSIST_TO:-.wrangler/state}"
export CLOUDFLARE_CF_FETCH_ENABLED=false WRANGLER_SEND_METRICS=false
# wrangler dev records a trace of every request (its spans, logs, D1 calls) in a local
# SQLite for its explorer, through a collector Worker in the same workerd: measured on
# 2 cores, /home 121-125 requests a second with it, 137-138 without (docs/speed.md).
# Production has no such collector (its logs are Workers Logs). X_LOCAL_OBSERVABILITY=true
# brings it back.
export X_LOCAL_OBSERVABILITY="${X_LOCAL_OBSERVABILITY:-false}"
# wrangler dev bundles React's development build unless told otherwise (wrangler deploy
# defaults to production): serve what ships, at the speed it ships.
export NODE_ENV="${NODE_ENV:-production}"

if [ "${SKIP_BUILD:-0}" != "1" ] || [ ! -f build/server/index.js ] || [ ! -f build/documents/index.js ]; then
  npm run build
fi
# The migrations the local D1 lacks, then the demo data, in one workerd (scripts/seed-local.ts).
node scripts/seed-local.ts --persist-to "$PERSIST_TO"
# Links in mails (APP_URL) must point at this server, whatever its port.
APP_URL="${APP_URL:-http://localhost:$PORT}"
# PUSH_QUIET_HOURS=off: the browser tests push at any hour (decision 057).
# Two Workers in one workerd (decision 054): the app, and the documents Worker it calls to draw PDFs.
exec wrangler dev -c wrangler.toml -c workers/documents/wrangler.toml \
  --test-scheduled --port "$PORT" --persist-to "$PERSIST_TO" --show-interactive-dev-session=false \
  --var "APP_URL:$APP_URL" ${PUSH_QUIET_HOURS:+--var "PUSH_QUIET_HOURS:$PUSH_QUIET_HOURS"}
