#!/usr/bin/env bash
# Every test of the project: static checks, one production build, unit and
# contract tests, then the end-to-end journeys in Debian's Chromium against
# that build in demo mode. Installs Chromium and the CJK fonts when they are
# missing, and nginx and redis-server for the test of several portals behind
# one proxy (and the limiter's tests in Redis).
set -euo pipefail
cd "$(dirname "$0")/.."

ensure_browser() {
  local missing=()
  command -v chromium-headless-shell >/dev/null 2>&1 || missing+=(chromium-headless-shell)
  # The font list is read whole before it is searched: in a pipe, `grep -q`
  # ends at the first match, and fc-list, still writing, dies of SIGPIPE,
  # which pipefail counted as missing fonts in about half the runs.
  local fonts
  fonts=$(fc-list 2>/dev/null) || true
  grep -qi "Noto Sans CJK" <<<"$fonts" || missing+=(fonts-noto-cjk)
  if ((${#missing[@]})); then
    echo "Installing ${missing[*]} for the end-to-end tests…"
    local sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
  fi
}

# Debian's nginx and redis-server for tests/integration/scale-out.test.ts and
# the shared store's tests, which start their own servers as the current
# user. The packages' services are not started: a policy-rc.d refuses every
# service start during the installation.
ensure_servers() {
  local missing=()
  [ -x /usr/sbin/nginx ] || missing+=(nginx)
  [ -x /usr/bin/redis-server ] || missing+=(redis-server)
  ((${#missing[@]})) || return 0
  echo "Installing ${missing[*]} for the scale-out and shared-store tests…"
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  local policy=/usr/sbin/policy-rc.d added=""
  if [ ! -e "$policy" ]; then
    printf '#!/bin/sh\nexit 101\n' | $sudo tee "$policy" >/dev/null && $sudo chmod +x "$policy" && added=1
  fi
  { $sudo apt-get update -qq &&
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null; } ||
    echo "${missing[*]} could not be installed: the tests that need them will be skipped."
  [ -z "$added" ] || $sudo rm -f "$policy"
}

# After each step, the seconds since the script started (bash's SECONDS), so
# a run's log shows where its time went.
took() {
  echo "== $1: done at ${SECONDS} s"
}
journeys_portal=""
stop_journeys_portal() {
  [ -n "$journeys_portal" ] || return 0
  kill "$journeys_portal" 2>/dev/null || true
  wait "$journeys_portal" 2>/dev/null || true
}
trap 'stop_journeys_portal; echo "== ended at ${SECONDS} s"' EXIT

# Runs steps side by side, given as pairs of a name and a command; prints
# each step's name and everything it printed, in the order given, once it has
# ended, with the second at which it ended; fails when any step failed,
# naming them. The static checks and the build each keep a core busy for
# only part of their time, so on two cores they end sooner together than one
# after the other; see docs/decisions/*static-steps-side-by-side*.
side_by_side() {
  local logs names=() pids=() failed=() i
  logs=$(mktemp -d)
  while (($# >= 2)); do
    names+=("$1")
    (
      status=0
      bash -c "$2" || status=$?
      echo "$SECONDS" >"$logs/${#names[@]}.end"
      exit "$status"
    ) >"$logs/${#names[@]}" 2>&1 &
    pids+=($!)
    shift 2
  done
  for i in "${!names[@]}"; do
    echo "== ${names[$i]}"
    wait "${pids[$i]}" || failed+=("${names[$i]}")
    cat "$logs/$((i + 1))"
    echo "== ${names[$i]}: done at $(cat "$logs/$((i + 1)).end") s"
  done
  rm -rf "$logs"
  if ((${#failed[@]})); then
    printf '== failed: %s\n' "${failed[@]}" >&2
    return 1
  fi
}

if [ ! -d node_modules ]; then
  npm ci
  took "npm ci"
fi

# One build for every test that runs the built portal (the end-to-end
# journeys, the property tests, the scale-out and image tests); each of them
# builds its own only when run without it (tests/integration/processes.ts).
export TEST_BUILD_DIR=build/test
rm -rf "$TEST_BUILD_DIR"
# One type checker, not TypeScript's default four: beside the lint and the
# build on two cores, the four each redo the work shared between files (27 s
# of CPU against 13 s for the same errors); see
# docs/decisions/*typecheck-with-one-checker*.
side_by_side \
  "typecheck" "npm run --silent typecheck -- --checkers 1" \
  "lint" "npm run --silent lint" \
  "production build" "BUILD_DIR=$TEST_BUILD_DIR npm run --silent build >/dev/null"
# The journeys' portal starts now, on the build just made: it starts and
# seeds while Vitest runs, and the journeys begin as soon as Vitest ends
# (Playwright takes the running portal: E2E_SERVER_STARTED); see
# docs/decisions/*journeys-portal-started-beside-vitest*.
export E2E_PORT="${E2E_PORT:-3100}"
portal_ready=$(mktemp)
node_modules/.bin/node scripts/journeys-server.ts "$portal_ready" &
journeys_portal=$!
echo "== unit, contract and integration tests"
ensure_servers
npx vitest run
took "unit, contract and integration tests"
echo "== end-to-end tests"
ensure_browser
until [ -s "$portal_ready" ]; do
  kill -0 "$journeys_portal" 2>/dev/null || { echo "== the journeys' portal did not start" >&2; exit 1; }
  sleep 0.1
done
rm -f "$portal_ready"
E2E_SERVER_STARTED="$E2E_PORT" npx playwright test
took "end-to-end tests"
