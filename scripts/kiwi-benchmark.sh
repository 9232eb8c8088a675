#!/usr/bin/env bash
# Our Cassowary solver beside kiwi (nucleic/kiwi, C++), on the same systems with the same
# strengths, measured in one run (Benchmarks/kiwi/README.md says what each line measures).
#
# Downloads the kiwisolver source distribution from PyPI into a scratch folder outside the
# repository (kiwi's code is never committed), builds Benchmarks/kiwi/kiwi_harness.cpp against
# its headers and Benchmarks/kiwi/SolverHarness.swift against an optimized build of the
# ConstraintSolver module, then runs the two alternately and prints one table of times and
# ratios (ours / kiwi; below 1 means faster).
#
#   scripts/kiwi-benchmark.sh                  times, best of ROUNDS alternating runs
#   scripts/kiwi-benchmark.sh --instructions   instructions per operation (callgrind), which
#                                              a busy machine does not disturb
#
# Environment: KIWI_SCRATCH (scratch folder, default $TMPDIR/textmetrics-kiwi), KIWI_VERSION
# (default 1.5.1), ROUNDS (default 3), CYCLES (add/remove cycles per churn line, default 100000).
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
scratch=${KIWI_SCRATCH:-${TMPDIR:-/tmp}/textmetrics-kiwi}
version=${KIWI_VERSION:-1.5.1}
rounds=${ROUNDS:-3}
cycles=${CYCLES:-100000}
mode=${1:-time}

case "$scratch" in
  "$repo"|"$repo"/*) echo "KIWI_SCRATCH must be outside the repository" >&2; exit 1 ;;
esac
mkdir -p "$scratch"
for tool in g++ swiftc python3; do
  command -v "$tool" >/dev/null || { echo "needs $tool" >&2; exit 1; }
done

# 1. kiwi's headers, from the source distribution on PyPI.
kiwi="$scratch/kiwisolver-$version"
if [ ! -f "$kiwi/kiwi/kiwi.h" ]; then
  python3 -m pip download --quiet --no-binary :all: --no-deps "kiwisolver==$version" -d "$scratch"
  tar -xzf "$scratch/kiwisolver-$version.tar.gz" -C "$scratch"
fi

# 2. The two harnesses, optimized as each project ships: kiwi as CMake's Release does (-O3),
#    our module as `swift build -c release` does (-O, whole module).
g++ -O3 -DNDEBUG -std=c++17 -I "$kiwi" Benchmarks/kiwi/kiwi_harness.cpp -o "$scratch/kiwi_harness"
mkdir -p "$scratch/swift"
swiftc -O -wmo -swift-version 6 -parse-as-library -module-name ConstraintSolver \
  -emit-module -emit-module-path "$scratch/swift/ConstraintSolver.swiftmodule" \
  -emit-library -static -o "$scratch/swift/libConstraintSolver.a" \
  $(find Sources/ConstraintSolver -name '*.swift' | sort)
swiftc -O -swift-version 6 -I "$scratch/swift" -L "$scratch/swift" -lConstraintSolver \
  Benchmarks/kiwi/SolverHarness.swift -o "$scratch/solver_harness"

echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'), load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "kiwi $version (g++ $(g++ -dumpfullversion)), $(swiftc --version 2>/dev/null | head -1)"
echo

if [ "$mode" = "--instructions" ]; then
  command -v valgrind >/dev/null || { echo "needs valgrind" >&2; exit 1; }
  # Instructions of K operations minus those of one: the per-operation cost without setup.
  count() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 \
      | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
  }
  printf '| %-30s | %14s | %14s | %6s |\n' "operation" "kiwi instr/op" "ours instr/op" "ratio"
  printf '|%s|%s|%s|%s|\n' "--------------------------------" "----------------" "----------------" "--------"
  diff <("$scratch/kiwi_harness" list) <("$scratch/solver_harness" list) >/dev/null \
    || { echo "the two harnesses list different operations" >&2; exit 1; }
  "$scratch/solver_harness" list | while read -r name; do
    k=200
    case "$name" in *build+solve*) k=20 ;; esac
    kiwiOne=$(count "$scratch/kiwi_harness" count "$name" 1)
    kiwiMany=$(count "$scratch/kiwi_harness" count "$name" $((k + 1)))
    oursOne=$(count "$scratch/solver_harness" count "$name" 1)
    oursMany=$(count "$scratch/solver_harness" count "$name" $((k + 1)))
    python3 - "$name" "$kiwiOne" "$kiwiMany" "$oursOne" "$oursMany" "$k" <<'EOF'
import sys
name, k1, kn, o1, on, k = sys.argv[1], *map(int, sys.argv[2:])
kiwi, ours = (kn - k1) / k, (on - o1) / k
print(f"| {name:30} | {kiwi:14,.0f} | {ours:14,.0f} | {ours / kiwi:6.2f} |")
EOF
  done
  exit 0
fi

# 3. Alternate the two harnesses; keep each line's best.
for round in $(seq "$rounds"); do
  "$scratch/kiwi_harness" "$cycles" > "$scratch/kiwi.$round.txt"
  "$scratch/solver_harness" "$cycles" > "$scratch/ours.$round.txt"
done
python3 - "$scratch" "$rounds" <<'EOF'
import sys
scratch, rounds = sys.argv[1], int(sys.argv[2])
def best(side):
    times, checks, order = {}, {}, []
    for r in range(1, rounds + 1):
        for line in open(f"{scratch}/{side}.{r}.txt"):
            name, ns, check = line.rstrip("\n").split("\t")
            if name not in times:
                order.append(name)
                times[name] = float(ns)
            times[name] = min(times[name], float(ns))
            checks[name] = float(check)
    return times, checks, order
kiwi, kiwiChecks, order = best("kiwi")
ours, ourChecks, _ = best("ours")
print(f"| {'operation':38} | {'kiwi µs':>9} | {'ours µs':>9} | {'ratio':>5} |")
print(f"|{'-' * 40}|{'-' * 11}|{'-' * 11}|{'-' * 7}|")
for name in order:
    same = abs(kiwiChecks[name] - ourChecks[name]) <= 1e-6 * max(1, abs(kiwiChecks[name]))
    note = "" if same else f"  values differ: kiwi {kiwiChecks[name]} ours {ourChecks[name]}"
    print(f"| {name:38} | {kiwi[name] / 1000:9.3f} | {ours[name] / 1000:9.3f} | {ours[name] / kiwi[name]:5.2f} |{note}")
EOF
