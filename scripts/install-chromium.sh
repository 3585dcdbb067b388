#!/usr/bin/env bash
# Installs Debian's chromium package for the browser tests (the memory page, the HTML eval report)
# when the Chromium they launch is missing: as root, or through sudo when it needs no password.
# Otherwise prints the exact command to run and exits 1. The browser tests launch
# $MEMFILES_CHROMIUM when it is set (any Chromium or Chrome binary), else /usr/bin/chromium, where
# Debian's package puts it (scripts/chromium.mjs holds that rule for the tests).
# Usage: bash scripts/install-chromium.sh
set -euo pipefail
default=/usr/bin/chromium
path="${MEMFILES_CHROMIUM:-$default}"
if [ -x "$path" ]; then
  echo "chromium: the browser tests will use $path"
  exit 0
fi
if [ -n "${MEMFILES_CHROMIUM:-}" ]; then
  echo "chromium: MEMFILES_CHROMIUM=$path is not an executable file; point it at a Chromium or Chrome binary, or unset it to use $default" >&2
  exit 1
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "chromium: no $default and no apt-get here; install Chromium with this system's package manager, then set MEMFILES_CHROMIUM to its binary" >&2
  exit 1
fi
as_root=()
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    as_root=(sudo)
  else
    echo "chromium: no $default, and installing it needs root; run:" >&2
    echo "  sudo apt-get update && sudo apt-get install -y chromium" >&2
    exit 1
  fi
fi
echo "chromium: installing Debian's chromium package with apt-get"
"${as_root[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${as_root[@]}" apt-get install -y -qq chromium
if [ ! -x "$default" ]; then
  echo "chromium: apt-get installed the chromium package but $default is not there; set MEMFILES_CHROMIUM to its binary" >&2
  exit 1
fi
echo "chromium: the browser tests will use $default"
