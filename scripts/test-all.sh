#!/usr/bin/env bash
# The one test command (`npm test`): type check, lint, unit and client tests, server integration
# tests on SQLite and PostgreSQL, then the Playwright end-to-end tests in Chromium. Every stage
# runs even when an earlier one fails; the last line counts everything as "N passed, N failed".
set -u
cd "$(dirname "$0")/.."
mkdir -p reports
rm -f reports/*.json
failed_stages=()

stage() {
  local name=$1; shift
  echo
  echo "=== ${name} ==="
  if "$@"; then echo "=== ${name}: ok ==="; else echo "=== ${name}: FAILED ==="; failed_stages+=("$name"); fi
}

# PostgreSQL: a configured URL must work (the suite fails loudly otherwise); with none configured,
# use the local server when one answers, and say plainly when there is none.
if [ -z "${TEST_DATABASE_URL:-}" ]; then
  if node -e "const s=require('net').connect(5432,'127.0.0.1');s.on('connect',()=>process.exit(0));s.on('error',()=>process.exit(1));setTimeout(()=>process.exit(1),2000)"; then
    export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:5432/test"
    echo "PostgreSQL found on 127.0.0.1:5432: the server suite runs on SQLite and PostgreSQL (${TEST_DATABASE_URL})."
  else
    echo "PostgreSQL: none on 127.0.0.1:5432 and TEST_DATABASE_URL is unset — the server suite runs on SQLite ONLY on this machine."
  fi
else
  echo "PostgreSQL suite uses TEST_DATABASE_URL=${TEST_DATABASE_URL}"
fi

stage "type check" npx tsc -p tsconfig.json --noEmit
# eslint, then knip (unused files, exports, dependencies) and scripts/check-cycles.mjs.
stage "lint" npm run lint
stage "vitest (core, client, server on SQLite${TEST_DATABASE_URL:+ and PostgreSQL})" \
  npx vitest run --reporter=default --reporter=json --outputFile.json=reports/vitest.json

chromium_path=${CHROMIUM_PATH:-/usr/bin/chromium}
if [ -x "$chromium_path" ]; then
  stage "build" npm run build
  stage "end-to-end (Playwright, Chromium)" env CI=1 npx playwright test
else
  echo "Chromium not found at ${chromium_path}: end-to-end tests cannot run (install Debian's chromium)."
  failed_stages+=("end-to-end: no chromium")
fi

node scripts/summarize-tests.mjs "${#failed_stages[@]}" "${failed_stages[@]}"
