#!/usr/bin/env bash
# Installs everything memfiles needs on a machine with only Node.js (>= 20.17) and npm.
# - pnpm at the version package.json pins (npm install -g; no corepack download needed)
# - the workspace from the lockfile
# - Debian's Chromium for the browser tests, when missing and apt can install it (root or sudo);
#   otherwise the exact command to run is printed and setup goes on: `pnpm eval` needs no browser,
#   and `pnpm test` fails naming the same fix until Chromium is there (scripts/install-chromium.sh)
# Native addons (promptfoo's better-sqlite3) are built with node-gyp. Where npm is set to build
# against local Node headers (`npm config get nodedir`), that setting is passed on to pnpm, which
# does not read npm's global config; elsewhere node-gyp uses its own default.
set -euo pipefail
cd "$(dirname "$0")/.."

want=$(node -p "require('./package.json').packageManager.split('@')[1]")
if ! command -v pnpm >/dev/null 2>&1 || [ "$(pnpm --version)" != "$want" ]; then
  echo "setup: installing pnpm@$want with npm"
  npm install --global "pnpm@$want"
fi

nodedir=$(npm config get nodedir 2>/dev/null || true)
if [ -n "$nodedir" ] && [ "$nodedir" != "undefined" ] && [ -d "$nodedir/include/node" ]; then
  export npm_config_nodedir="$nodedir"
fi

pnpm install --frozen-lockfile
bash scripts/install-chromium.sh || echo "setup: done without Chromium; pnpm test's browser tests fail until it is installed (the command is above)" >&2
