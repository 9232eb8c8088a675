#!/usr/bin/env bash
# Builds the independent Pango reference (Tests/Support/pango-reference/pango-measure.c) into
# .build-pango/pango-measure. Installs nothing: it needs the Debian packages
# libpango1.0-dev and libjson-glib-dev (and gcc, pkg-config), which the setup script installs.
set -euo pipefail
cd "$(dirname "$0")/.."

source_file=Tests/Support/pango-reference/pango-measure.c
output_dir=.build-pango
modules="pangoft2 json-glib-1.0 fontconfig"

if ! command -v pkg-config >/dev/null 2>&1; then
    echo "build-pango-reference: pkg-config is missing; install it with: apt-get install -y pkg-config libpango1.0-dev libjson-glib-dev" >&2
    exit 1
fi
if ! command -v gcc >/dev/null 2>&1; then
    echo "build-pango-reference: gcc is missing; install it with: apt-get install -y gcc" >&2
    exit 1
fi
missing=""
for module in $modules; do
    pkg-config --exists "$module" || missing="$missing $module"
done
if [ -n "$missing" ]; then
    echo "build-pango-reference: pkg-config cannot find:$missing" >&2
    echo "  install the libraries with: apt-get install -y libpango1.0-dev libjson-glib-dev" >&2
    exit 1
fi

mkdir -p "$output_dir"
# shellcheck disable=SC2046 # pkg-config prints several flags, split on purpose
gcc -O2 -std=c11 -Wall -Wextra -o "$output_dir/pango-measure" "$source_file" \
    $(pkg-config --cflags --libs $modules) -lm
echo "built $output_dir/pango-measure (Pango $(pkg-config --modversion pangoft2))"
