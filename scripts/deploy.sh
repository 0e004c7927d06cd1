#!/usr/bin/env bash
# `npm run deploy`: build, apply the migrations to the production D1, deploy the Worker.
# Needs `npx wrangler login` (or CLOUDFLARE_API_TOKEN) and the production database_id
# in wrangler.toml (README "Deploying to Cloudflare").
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$PATH"

if grep -q 'REPLACE_WITH_YOUR_D1_DATABASE_ID' wrangler.toml; then
  echo "Set [env.production.d1_databases] database_id in wrangler.toml first (npx wrangler d1 create jetmalin)." >&2
  exit 1
fi
npm run build
npx wrangler d1 migrations apply DB --remote --env production
npx wrangler deploy --env production
