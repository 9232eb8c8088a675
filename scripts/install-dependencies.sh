#!/usr/bin/env bash
# Installs the Debian/Ubuntu packages TextMetrics needs, only those that are missing.
#   libfreetype-dev libharfbuzz-dev pkg-config  FreeType + HarfBuzz (system library targets)
#   libpng-dev                                   PNG output of `textmetrics render`
#   unicode-data                                 the Unicode 15.0 test files the tests read
#   libharfbuzz-bin                              hb-shape, the independent width reference
#   libpango1.0-dev libjson-glib-dev             the Pango reference program (scripts/pango-compare.py)
#   libicu-dev                                   ICU 72: the dictionary line breaking of Thai, Lao, Khmer, Myanmar
#   python3-icu                                  PyICU, the independent ICU route of the tests (scripts/icu-line-breaks.py)
#   python3-venv openjdk-17-jre-headless         PySpark's environment and Spark's Java (scripts/test-spark.sh)
set -euo pipefail
packages=(libfreetype-dev libharfbuzz-dev pkg-config libpng-dev unicode-data libharfbuzz-bin libpango1.0-dev libjson-glib-dev gcc
          libicu-dev python3-icu python3-venv openjdk-17-jre-headless)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
echo "Installing: ${missing[*]}"
sudo_cmd=""
[ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo_cmd apt-get update -qq
$sudo_cmd apt-get install -y -qq "${missing[@]}" >/dev/null
