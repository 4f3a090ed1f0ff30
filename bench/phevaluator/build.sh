#!/usr/bin/env bash
# Build bench/phevaluator/harness.c against a checkout of PokerHandEvaluator
# (github.com/HenryRLee/PokerHandEvaluator), which is not part of this repository:
#
#   git clone https://github.com/HenryRLee/PokerHandEvaluator /tmp/phevaluator
#   bench/phevaluator/build.sh /tmp/phevaluator [OUT]   # OUT defaults to build/phevaluator_harness
#
# Only the C library's PLO4 evaluator is linked (cpp/src: evaluator_plo4.c and the tables it
# reads).  A phevaluator source distribution (pip download --no-binary :all: phevaluator,
# unpacked) works too: it carries the same C files under _pheval_csrc/.  Compiled with
# -O3 -march=native (gcc).  The 93 MB table source (tables_plo4.c) takes a minute or two to
# compile; its object is kept next to OUT and reused while it is newer than the source.
set -euo pipefail
root="${1:?usage: build.sh PHEVALUATOR_CHECKOUT [OUT]}"
here="$(cd "$(dirname "$0")" && pwd)"
out="${2:-$here/../../build/phevaluator_harness}"
mkdir -p "$(dirname "$out")"
if [ -f "$root/cpp/src/evaluator_plo4.c" ]; then
    src="$root/cpp/src" inc="$root/cpp/include"
elif [ -f "$root/_pheval_csrc/src/evaluator_plo4.c" ]; then
    src="$root/_pheval_csrc/src" inc="$root/_pheval_csrc/include"
else
    echo "no cpp/src/evaluator_plo4.c (or _pheval_csrc/src/) under $root" >&2
    exit 2
fi
if [ ! -s "$src/tables_plo4.c" ]; then
    echo "$src/tables_plo4.c is missing or empty (a large file: is the checkout complete?)" >&2
    exit 2
fi
flags=(-O3 -march=native -std=gnu11 -DNDEBUG)
tables="${out}_tables_plo4.o"
if [ ! "$tables" -nt "$src/tables_plo4.c" ]; then
    gcc -O1 -c -o "$tables" "$src/tables_plo4.c"   # data only: the level does not matter
fi
gcc "${flags[@]}" -I"$inc" -I"$src" -o "$out" "$here/harness.c" \
    "$src/evaluator_plo4.c" "$src/hash.c" "$src/dptables.c" "$src/tables_bitwise.c" \
    "$src/hashtable.c" "$tables"
echo "built $out"
