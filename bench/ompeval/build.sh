#!/usr/bin/env bash
# Build bench/ompeval/harness.cpp against a checkout of OMPEval (github.com/zekyll/OMPEval),
# which is not part of this repository:
#
#   git clone https://github.com/zekyll/OMPEval /tmp/OMPEval
#   bench/ompeval/build.sh /tmp/OMPEval [OUT]        # OUT defaults to build/ompeval_harness
#
# Both are compiled with -O3 -march=native (g++), as fast as OMPEval builds.
set -euo pipefail
src="${1:?usage: build.sh OMPEVAL_CHECKOUT [OUT]}"
here="$(cd "$(dirname "$0")" && pwd)"
out="${2:-$here/../../build/ompeval_harness}"
mkdir -p "$(dirname "$out")"
flags=(-O3 -march=native -std=c++17 -pthread -DNDEBUG)
g++ "${flags[@]}" -I"$src" -o "$out" "$here/harness.cpp" \
    "$src"/omp/HandEvaluator.cpp "$src"/omp/EquityCalculator.cpp \
    "$src"/omp/CardRange.cpp "$src"/omp/CombinedRange.cpp
echo "built $out"
