#!/usr/bin/env bash
# `npm run bench`: every measurement, each printed; exits non-zero if any is over budget.
#   1. scripts/bench.ts: pages served by wrangler dev (throughput, JavaScript of /home);
#   2. scripts/*.bench.ts (vitest, in-process, real D1): the feed sync and the alerts at
#      scale, the push fan-out to 10,000 subscribers, the CSV export; the main Worker's upload,
#      a fresh isolate's first response and a receipt download's CPU (documents.bench.ts, on
#      the build step 1 made).
set -uo pipefail
cd "$(dirname "$0")/.."
status=0
node scripts/bench.ts || status=1
npx vitest run --config vitest.bench.config.ts || status=1
exit $status
