#!/usr/bin/env bash
# Packs every publishable package (each builds its dist/ on `prepack`), installs the tarballs with
# npm into an empty folder outside the workspace, and runs them there the way a user would: the
# CLI on a folder and on PGlite, the MCP server through the MCP SDK client over stdio, a plain
# Node ESM program on @memfiles/core, and README's library example saved as quickstart.mts in this
# npm-init project (no "type": "module") and run with tsx against a stub API, then `memfiles cost`. A tarball that lacks a file its code loads fails here.
# Usage: bash scripts/pack-test.sh [node binary]...
#   Runs the installed packages on this machine's node, then on each node binary given (.ci/run
#   gives Node 24's), from the one install: the tarballs hold no native code.
set -euo pipefail
for node in "$@"; do
  case "$node" in
    /*) ;;
    *) echo "pack-test: give each node binary as an absolute path, not \"$node\"" >&2; exit 2 ;;
  esac
done
cd "$(dirname "$0")/.."
workspace="$PWD"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
packs="$out/packs"
mkdir -p "$packs" "$out/app" "$out/tmp"
# The packages' dist/ go first, so a package whose prepack builds nothing ships nothing and fails
# below. prepack restores a build turbo has cached for the same sources (pnpm test built them).
# The packages README's install recipe packs, read from its `for p in ...` loop: a package the
# recipe leaves out (one another package depends on) fails the install below, as it would for a user.
read -r -a packages <<<"$(sed -n 's/^for p in \(.*\); do (cd packages.*/\1/p' README.md)"
if [ "${#packages[@]}" -eq 0 ]; then
  echo "pack-test: README.md has no 'for p in ...; do (cd packages/\$p && pnpm pack ...)' loop to follow" >&2
  exit 1
fi
for package in "${packages[@]}"; do rm -rf "packages/$package/dist"; done
for package in "${packages[@]}"; do
  (cd "packages/$package" && pnpm pack --pack-destination "$packs" >/dev/null)
done
cd "$out/app"
npm init -y >/dev/null
# @memfiles/pg and PGlite are optional for the CLI and MCP server: installed here to test --pglite.
# --prefer-offline: the registry's package documents from npm's cache where it has them, not
# fetched again to revalidate (it fetches what it lacks).
# tsx at the workspace's version: README tells a new project to run its example with it.
tsx_version="$(node -p "require('$workspace/node_modules/tsx/package.json').version")"
npm install --no-audit --no-fund --prefer-offline --loglevel=error "$packs"/*.tgz "tsx@$tsx_version"
bin="$out/app/node_modules/.bin"
# The programs run from the install folder, so they resolve the installed packages, not the workspace's.
cp "$workspace"/scripts/pack-smoke/*.mjs "$out/app/"
run_installed() {
  local node="$1" with_pglite="$2" version
  version="$("$node" --version)"
  local memory="memory-$version"
  mkdir "$memory" "$memory-mcp"
  "$node" "$bin/memfiles" --help >/dev/null
  "$node" "$bin/memfiles" remember --memory "$memory" topics/tools.md "uses Neovim" >/dev/null
  "$node" "$bin/memfiles" ls "$memory" | grep -q "topics/tools.md"
  # The Claude Code hook from the install: UserPromptSubmit recalls the line, fenced as data.
  printf '{"session_id":"s","cwd":"%s","prompt":"Do I use Neovim?"}' "$out/app" |
    "$node" "$bin/memfiles" hook user-prompt-submit --root "$memory" | grep -q '"additionalContext":"<recalled_memory>.*Neovim'
  # ... from the one-file bundle the tarball ships, run by its loader: the modules it resolves are
  # logged, and module by module it would resolve dist/run-hook.js.
  printf '{"session_id":"t","cwd":"%s","prompt":"Do I use Neovim?"}' "$out/app" |
    MEMFILES_TEST_RESOLVED_LOG="$out/resolved-$version.log" "$node" \
      --import "$workspace/packages/claude-code/test/log-resolved.mjs" \
      "$bin/memfiles" hook user-prompt-submit --root "$memory" | grep -q 'Neovim'
  grep -q '/@memfiles/claude-code/dist/load-bundle.js$' "$out/resolved-$version.log"
  if grep -q '/@memfiles/claude-code/dist/run-hook.js$' "$out/resolved-$version.log"; then
    echo "pack-test: the installed hook ran module by module, not from its bundle, on Node $version" >&2
    exit 1
  fi
  # V8's baseline compiler only for PGlite's WASM (the same code runs): its optimizing tier costs
  # seconds of CPU that one `ls` never earns back.
  if [ "$with_pglite" = yes ]; then "$node" --liftoff-only "$bin/memfiles" --pglite "$out/db" ls >/dev/null; fi
  # The programs' own temp files go under $out (removed on exit), and must not stay there either.
  TMPDIR="$out/tmp" "$node" mcp-client.mjs node_modules/@memfiles/mcp/bin/memfiles-mcp.js "$memory-mcp"
  TMPDIR="$out/tmp" "$node" library.mjs "$out/app/$memory-library"
  # tsx keeps a compile cache in the temp folder: its own, outside the check below.
  mkdir -p "$memory-readme" "$out/tmp-tsx"
  TMPDIR="$out/tmp-tsx" "$node" readme-snippet.mjs "$workspace/README.md" \
    "$out/app/node_modules/tsx/dist/cli.mjs" "$bin/memfiles" "$out/app/$memory-readme"
  if [ -n "$(ls -A "$out/tmp")" ]; then
    echo "pack-test: the smoke programs left temp files behind on Node $version: $(ls -A "$out/tmp")" >&2
    exit 1
  fi
  local what="CLI, Claude Code hook, MCP server, library and README's example"
  if [ "$with_pglite" = yes ]; then what="CLI, Claude Code hook, PGlite, MCP server, library and README's example"; fi
  echo "pack-test: the installed $what run on Node $version"
}
# PGlite from the install opens once, on the last node: what it checks (pg's migrations and
# PGlite's WASM in the tarballs) is the same on every Node, and PGlite on this Node is pnpm test's.
nodes=(node "$@")
for index in "${!nodes[@]}"; do
  with_pglite=no
  if [ "$index" -eq "$#" ]; then with_pglite=yes; fi
  run_installed "${nodes[$index]}" "$with_pglite"
done
# Without the optional @memfiles/pg, --pglite is one clear line and exit 2, not a crash. Its folder
# removed is what `npm uninstall` leaves for the CLI to resolve, without a second npm run.
rm -rf node_modules/@memfiles/pg
set +e
message="$("$bin/memfiles" --pglite "$out/db2" ls 2>&1)"
status=$?
set -e
if [ "$status" -ne 2 ] || ! grep -q "npm install @memfiles/pg" <<<"$message"; then
  echo "pack-test: --pglite without @memfiles/pg should exit 2 naming the install; got $status: $message" >&2
  exit 1
fi
echo "pack-test: the ${#packages[@]} tarballs of README's recipe install and run outside the workspace"
