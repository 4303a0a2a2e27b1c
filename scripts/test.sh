#!/usr/bin/env bash
# Every test of the project: static checks, unit and contract tests, then the
# end-to-end journeys in Debian's Chromium against a production build in demo
# mode. Installs Chromium and the CJK fonts when they are missing.
set -euo pipefail
cd "$(dirname "$0")/.."

ensure_browser() {
  local missing=()
  command -v chromium >/dev/null 2>&1 || missing+=(chromium)
  fc-list 2>/dev/null | grep -qi "Noto Sans CJK" || missing+=(fonts-noto-cjk)
  if ((${#missing[@]})); then
    echo "Installing ${missing[*]} for the end-to-end tests…"
    local sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
  fi
}

[ -d node_modules ] || npm ci

echo "== typecheck"
npm run --silent typecheck
echo "== lint"
npm run --silent lint
echo "== unit and contract tests"
npx vitest run
echo "== end-to-end tests"
ensure_browser
npx playwright test
