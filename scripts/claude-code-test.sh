#!/usr/bin/env bash
# `pnpm test:claude-code`: the end-to-end tests with the real Claude Code client (packages/claude-code/e2e),
# kept out of `pnpm test` so a fresh machine passes that without the client's ~400 MB download.
#
# Installs @anthropic-ai/claude-code at the pinned version once into a cache folder outside the
# repository, $MEMFILES_CLAUDE_CODE_CACHE or ${XDG_CACHE_HOME:-~/.cache}/memfiles/claude-code-<version>;
# a later run finds it there and installs nothing. npm keeps the downloaded tarballs in its own cache
# (`npm config get cache`, ~/.npm by default), so installing again after that folder is removed
# downloads nothing either. MEMFILES_CLAUDE_CODE_BIN, when set, names a `claude` binary to use instead;
# it must report the pinned version. Then builds the workspace (turbo's cache makes that quick after
# `pnpm test`) and runs the e2e suite. Exits non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")/.."

# The client version the tests were written against; a newer one changes transcripts and requests.
version="2.1.332"

if [ -n "${MEMFILES_CLAUDE_CODE_BIN:-}" ]; then
  bin="$MEMFILES_CLAUDE_CODE_BIN"
else
  cache="${MEMFILES_CLAUDE_CODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/memfiles/claude-code-$version}"
  bin="$cache/node_modules/.bin/claude"
  if [ ! -x "$bin" ]; then
    echo "Installing @anthropic-ai/claude-code@$version into $cache (npm cache: $(npm config get cache))"
    mkdir -p "$cache"
    # The package's postinstall puts the platform's native binary in place of bin/claude.exe; the
    # engines warning (it asks for Node 22) does not apply to that binary.
    npm install --prefix "$cache" --no-audit --no-fund --loglevel=error \
      "@anthropic-ai/claude-code@$version"
  fi
fi

reported="$("$bin" --version 2>/dev/null || true)"
case "$reported" in
  "$version "* | "$version") echo "Claude Code $reported at $bin" ;;
  *)
    echo "expected Claude Code $version at $bin, got: ${reported:-no version (is the native binary installed?)}" >&2
    exit 1
    ;;
esac

pnpm build
MEMFILES_CLAUDE_CODE_BIN="$bin" pnpm exec vitest run --config packages/claude-code/e2e/vitest.config.ts
