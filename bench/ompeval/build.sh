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
# Compile a copy, made to build with current compilers: std::shuffle needs a generator whose
# min() and max() are constexpr (OMPEval's are not marked so).
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp -r "$src"/omp "$src"/libdivide "$work"/
sed -i 's/static uint64_t min()/static constexpr uint64_t min()/; s/static uint64_t max()/static constexpr uint64_t max()/' \
    "$work"/omp/Random.h
src="$work"
# OMPEval is C++11 and relies on <functional> arriving through other headers: include it.
flags=(-O3 -march=native -std=c++11 -pthread -DNDEBUG -include functional)
g++ "${flags[@]}" -I"$src" -o "$out" "$here/harness.cpp" \
    "$src"/omp/HandEvaluator.cpp "$src"/omp/EquityCalculator.cpp \
    "$src"/omp/CardRange.cpp "$src"/omp/CombinedRange.cpp
echo "built $out"
