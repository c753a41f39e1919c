#!/usr/bin/env bash
# Builds the fuzz targets in Fuzz/ with libFuzzer and AddressSanitizer and runs each for
# FUZZ_SECONDS (default 60) on a working copy of its committed seed corpus.
# Crashes, hangs and memory blow-ups are written to Fuzz/findings/TARGET/ (not committed):
# each becomes a regression test before it is fixed.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${FUZZ_SECONDS:-60}"
# --sanitize=fuzzer makes libFuzzer's main the executable's; -Xswiftc -sanitize=fuzzer,address also
# instruments Kinema's own modules for coverage, which is what guides the fuzzer.
flags=(--package-path Fuzz -c release --sanitize=fuzzer --sanitize=address -Xswiftc -sanitize=fuzzer,address)
swift build "${flags[@]}"
bin="$(swift build "${flags[@]}" --show-bin-path)"
status=0
# Each target and the corpus folder it starts from.
for entry in FuzzSceneDecoder:scenes; do
  target="${entry%%:*}"
  corpus="${entry##*:}"
  work="Fuzz/.build/corpus/$target"
  findings="Fuzz/findings/$target"
  mkdir -p "$work" "$findings"
  cp -n "Fuzz/Corpus/$corpus"/* "$work"/ 2>/dev/null || true
  echo "fuzzing $target for $seconds s (findings go to $findings/)"
  if ! "$bin/$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
      -artifact_prefix="$findings/" "$work"; then
    echo "$target found a problem: see $findings/"
    status=1
  fi
done
exit $status
