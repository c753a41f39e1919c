#!/usr/bin/env bash
# Builds the fuzz targets in Fuzz/ with libFuzzer and AddressSanitizer and runs each for
# FUZZ_SECONDS (default 60) on a working copy of its committed seed corpus.
# Crashes, hangs, leaks and memory blow-ups are written to Fuzz/findings/TARGET/ (not committed):
# each becomes a regression test before it is fixed.
#
#   FUZZ_SECONDS=10 bash scripts/fuzz.sh          # the smoke run
#   FUZZ_TARGETS="FuzzPNG FuzzTiming" bash scripts/fuzz.sh   # only these targets
#   FUZZ_KEEP_GOING=1 bash scripts/fuzz.sh       # go on after a finding (libFuzzer's fork mode)
#   FUZZ_STRUCTURE=0 bash scripts/fuzz.sh        # byte mutations only (FuzzLottie's structure-aware
#                                                # mutator is on by default; make test's smoke run
#                                                # turns it off)
#
# Memory limits (MiB): FUZZ_RSS_LIMIT_MB (default 2048) for the process, and FUZZ_MALLOC_LIMIT_MB
# (default the same) for any single allocation; a target may set a lower allocation limit of its
# own in the list below. The script exits non-zero, naming the targets, when any target finds
# something (libFuzzer fails, or a new file appears in its findings folder).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${FUZZ_SECONDS:-60}"
rss_limit="${FUZZ_RSS_LIMIT_MB:-2048}"
malloc_limit="${FUZZ_MALLOC_LIMIT_MB:-$rss_limit}"
only="${FUZZ_TARGETS:-}"
keep_going=()
if [ "${FUZZ_KEEP_GOING:-0}" = 1 ]; then
  keep_going=(-fork=1 -ignore_crashes=1 -ignore_ooms=1 -ignore_timeouts=1)
fi
# --sanitize=fuzzer makes libFuzzer's main the executable's; -Xswiftc -sanitize=fuzzer,address also
# instruments Kinema's own modules for coverage, which is what guides the fuzzer.
flags=(--package-path Fuzz -c release --sanitize=fuzzer --sanitize=address -Xswiftc -sanitize=fuzzer,address)
swift build "${flags[@]}"
bin="$(swift build "${flags[@]}" --show-bin-path)"
found=()
export KINEMA_FUZZ_STRUCTURE="${FUZZ_STRUCTURE:-1}"
# The Swift runtime's own crash reporter reads the crashed process's memory, which AddressSanitizer
# reports as a crash of its own; libFuzzer's report (with the fatal error's message) is enough.
export SWIFT_BACKTRACE=enable=no
# Each target, the corpus folder it starts from and, optionally, its own single-allocation limit
# in MiB. FuzzPNG's inputs are a few KiB, so no image they can hold needs more than 512 MiB; a
# larger allocation is a header promising more than the data holds.
for entry in FuzzSceneDecoder:scenes FuzzSVGPath:svg-paths FuzzCSSTransform:css-transforms FuzzPNG:pngs:512 \
  FuzzTiming:timing FuzzPopoverPlacement:popovers FuzzLottie:lottie; do
  IFS=: read -r target corpus target_malloc_limit <<<"$entry"
  if [ -n "$only" ] && [[ " $only " != *" $target "* ]]; then continue; fi
  target_malloc_limit="${target_malloc_limit:-$malloc_limit}"
  if [ "$target_malloc_limit" -gt "$malloc_limit" ]; then target_malloc_limit="$malloc_limit"; fi
  work="Fuzz/.build/corpus/$target"
  findings="Fuzz/findings/$target"
  mkdir -p "$work" "$findings"
  cp -n "Fuzz/Corpus/$corpus"/* "$work"/ 2>/dev/null || true
  before="$(find "$findings" -type f | wc -l)"
  echo "fuzzing $target for $seconds s (findings go to $findings/)"
  status=0
  "$bin/$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb="$rss_limit" \
    -malloc_limit_mb="$target_malloc_limit" -print_final_stats=1 ${keep_going[@]+"${keep_going[@]}"} \
    -artifact_prefix="$findings/" "$work" || status=$?
  after="$(find "$findings" -type f | wc -l)"
  if [ "$status" -ne 0 ] || [ "$after" -gt "$before" ]; then
    echo "$target found a problem (exit status $status, $((after - before)) new file(s)): see $findings/"
    found+=("$target")
  fi
done
if [ "${#found[@]}" -gt 0 ]; then
  echo "fuzzing found problems in: ${found[*]}" >&2
  exit 1
fi
echo "fuzzing found nothing"
