#!/usr/bin/env bash
# `npm run deploy`: build, apply the migrations to the production D1, deploy the documents Worker, then the app's.
# Needs `npx wrangler login` (or CLOUDFLARE_API_TOKEN) and the production database_id
# in wrangler.toml (README "Deploying to Cloudflare").
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$PATH"

if grep -q 'REPLACE_WITH_YOUR_D1_DATABASE_ID' wrangler.toml; then
  echo "Set [env.production.d1_databases] database_id in wrangler.toml first (npx wrangler d1 create jetmalin)." >&2
  exit 1
fi
if grep -q 'REPLACE_WITH_YOUR_VAPID_PUBLIC_KEY' wrangler.toml; then
  echo "Set [env.production.vars] VAPID_PUBLIC_KEY in wrangler.toml and the VAPID_PRIVATE_KEY secret first (node scripts/vapid-keys.ts)." >&2
  exit 1
fi
npm run build
npx wrangler d1 migrations apply DB --remote --env production
# The documents Worker first: the app's DOCUMENT_RENDERER binding names it (decision 054).
npx wrangler deploy -c workers/documents/wrangler.toml --env production
npx wrangler deploy --env production

# The payment provider's events (docs/payments.md): register this endpoint in Stripe's
# dashboard (Developers → Webhooks) with the five events listed there; its signing secret
# is STRIPE_WEBHOOK_SECRET.
APP_URL=$(node -e "const t=require('fs').readFileSync('wrangler.toml','utf8');const m=t.split('[env.production.vars]')[1]?.match(/APP_URL\s*=\s*\"([^\"]+)\"/);console.log(m?m[1]:'https://<APP_URL>')")
echo
echo "Payment webhook to register in Stripe: ${APP_URL%/}/webhooks/payments"
echo "Events: payment_intent.amount_capturable_updated, payment_intent.payment_failed, checkout.session.expired, payment_intent.succeeded, payment_intent.canceled"
