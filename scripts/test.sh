#!/usr/bin/env bash
# `npm test`: every check, arranged for a 2-core machine (docs/testing.md "The suite's time").
#   1. at once: tsc, eslint + prettier, and the production build the browser tests serve
#      (three jobs that each keep about one core busy);
#   2. vitest (unit and D1 tests);
#   3. Playwright against that build (SKIP_BUILD=1: scripts/start.sh does not build again);
#   4. scripts/test-summary.ts, which prints the closing line and fails on a flake.
set -uo pipefail
cd "$(dirname "$0")/.."
# Node 24 from the `node` devDependency, even when this script is run directly.
export PATH="$PWD/node_modules/.bin:$PATH"

logs="$(mktemp -d)"
trap 'kill $(jobs -p) 2>/dev/null; rm -rf "$logs"' EXIT
npm run --silent typecheck >"$logs/typecheck" 2>&1 &
typecheck=$!
npm run --silent lint >"$logs/lint" 2>&1 &
lint=$!
# What scripts/start.sh would build: the production bundle.
NODE_ENV=production npm run --silent build >"$logs/build" 2>&1 &
build=$!

status=0
for job in typecheck lint build; do
  if wait "${!job}"; then
    echo "✓ $job"
    [ "$job" = build ] || cat "$logs/$job"
  else
    echo "✗ $job failed:"
    cat "$logs/$job"
    status=1
  fi
done
[ "$status" -eq 0 ] || exit "$status"

npm run test:unit || exit 1
SKIP_BUILD=1 npm run test:e2e || exit 1
node scripts/test-summary.ts
