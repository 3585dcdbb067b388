#!/usr/bin/env bash
# Packs every publishable package (each builds on `prepack`), installs the tarballs with npm into an
# empty folder outside the workspace, and runs them there the way a user would: the CLI on a
# folder and on PGlite, the MCP server through the MCP SDK client over stdio, and a plain Node ESM
# program on @memfiles/core. A tarball that lacks a file its code loads fails here.
set -euo pipefail
cd "$(dirname "$0")/.."
workspace="$PWD"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
packs="$out/packs"
mkdir -p "$packs" "$out/app" "$out/tmp"
for package in errors prompts core pg cli mcp; do
  (cd "packages/$package" && pnpm pack --pack-destination "$packs" >/dev/null)
done
cd "$out/app"
npm init -y >/dev/null
# @memfiles/pg and PGlite are optional for the CLI and MCP server: installed here to test --pglite.
npm install --no-audit --no-fund --loglevel=error "$packs"/*.tgz
bin="$out/app/node_modules/.bin"
mkdir memory
"$bin/memfiles" --help >/dev/null
"$bin/memfiles" remember --memory memory topics/tools.md "uses Neovim" >/dev/null
"$bin/memfiles" ls memory | grep -q "topics/tools.md"
"$bin/memfiles" --pglite "$out/db" ls >/dev/null
# The programs run from the install folder, so they resolve the installed packages, not the workspace's.
cp "$workspace"/scripts/pack-smoke/*.mjs "$out/app/"
mkdir memory-mcp
# The programs' own temp files go under $out (removed on exit), and must not stay there either.
TMPDIR="$out/tmp" node mcp-client.mjs node_modules/@memfiles/mcp/bin/memfiles-mcp.js memory-mcp
TMPDIR="$out/tmp" node library.mjs "$out/app/memory-library"
if [ -n "$(ls -A "$out/tmp")" ]; then
  echo "pack-test: the smoke programs left temp files behind: $(ls -A "$out/tmp")" >&2
  exit 1
fi
# Without the optional @memfiles/pg, --pglite is one clear line and exit 2, not a crash.
npm uninstall --no-audit --no-fund --loglevel=error @memfiles/pg >/dev/null
set +e
message="$("$bin/memfiles" --pglite "$out/db2" ls 2>&1)"
status=$?
set -e
if [ "$status" -ne 2 ] || ! grep -q "npm install @memfiles/pg" <<<"$message"; then
  echo "pack-test: --pglite without @memfiles/pg should exit 2 naming the install; got $status: $message" >&2
  exit 1
fi
echo "pack-test: the six tarballs install and run outside the workspace"
