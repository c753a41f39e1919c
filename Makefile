# Kinema — the two commands a new user runs: `make demo` and `make test`.
#
# Each target first installs the system packages Kinema needs and is missing (Debian's apt-get,
# with sudo when not root; nothing when everything is there), then builds and runs.

SWIFT ?= swift
# Debian packages the build needs: cairo, Pango and pixman (with pkg-config to find them) for the
# renderer, two small font families (Latin and Japanese) for text and golden images, and ffmpeg
# for GIF, MP4 and APNG output, SDL2 for the live window (`kinema play`, KinemaLive), and zlib for
# Lottie's `.lottie` (ZIP) and `.tgs` (gzip) containers, and libjpeg for JPEG images in Lottie files.
DEB_PACKAGES := pkg-config libcairo2-dev libpango1.0-dev libpixman-1-dev fonts-dejavu-core fonts-ipafont-gothic ffmpeg libsdl2-dev zlib1g-dev libjpeg62-turbo-dev
# Only `make bench` needs these: Chipmunk 7 and Box2D 2.4.1, the dynamics benchmark's peers, and
# rlottie, the Lottie benchmark's (linked by the Benchmarks package, never by the library).
BENCH_DEB_PACKAGES := libchipmunk-dev libbox2d-dev librlottie-dev
# Only `make test` needs these: a virtual X server, real X input (XTEST) and window screenshots,
# for the end-to-end tests of the live window (`kinema play` driven as a user would).
TEST_DEB_PACKAGES := xvfb xdotool x11-apps x11-utils parallel
SUDO := $(shell [ "$$(id -u)" = "0" ] || echo sudo)
BIN := .build/debug/kinema

.PHONY: all deps bench-deps test-deps build demo play test soak fuzz tsan asan examples bench kiwi-venv lottie-conformance lint check-references test-check-docs clean

all: build

deps:
	@command -v $(SWIFT) >/dev/null || { echo "error: the Swift toolchain (6.1 or newer) is not on PATH; install it from swift.org first" >&2; exit 1; }
	@missing=""; for p in $(DEB_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  $(SUDO) apt-get update -qq && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing; \
	fi

build: deps
	$(SWIFT) build

demo: build
	mkdir -p out && $(BIN) demo tutorial -o out/tutorial.gif

# The tutorial demo in a live window (needs a display: X11 or Wayland).
play: build
	$(BIN) play --demo tutorial

# The examples are a package of their own that depends on Kinema as a user's would: building
# and testing it checks, on every run, that the UIKit code of the posts in docs/ported-posts.md
# still ports.
# The live window's end-to-end tests run after the others, on their own, as a user meets the
# window (beside the other suites on every core, the debug build once took more than 30 s to
# show it); KINEMA_LIVE_E2E=required makes them fail, rather than skip, when the X tools are
# missing.
# Then every fuzz target for 10 s (a smoke run: its seeds include every input a fuzzer found,
# so a regression fails here), built with libFuzzer and ASan (about 4 minutes the first time);
# byte mutations only: FuzzLottie's structure-aware mutator hunts for new slow inputs in make fuzz.
test: check-references test-check-docs build test-deps
	$(SWIFT) test --skip LiveWindowEndToEndTests
	KINEMA_LIVE_E2E=required $(SWIFT) test --skip-build --filter LiveWindowEndToEndTests
	$(SWIFT) test --package-path Examples
	FUZZ_SECONDS=10 FUZZ_STRUCTURE=0 bash scripts/fuzz.sh

examples: build
	$(SWIFT) run --package-path Examples popover-tutorial out/popover-tutorial
	$(SWIFT) run --package-path Examples every-view-falls out/every-view-falls
	$(SWIFT) run --package-path Examples photo-zoom --frames out/photo-zoom
	$(SWIFT) run --package-path Examples expanding-cards out/expanding-cards

# Every fuzz target for FUZZ_SECONDS (default 60) each, built with libFuzzer and ASan; findings
# go to Fuzz/findings/.
fuzz: deps
	bash scripts/fuzz.sh

# In a release build: an hour of simulated physics (216,000 steps at 60 Hz) on a pushed pile of
# 200 items, and 100,000 rendered frames of a looping scene with animations, views, a tooltip and
# dynamics, its resident memory flat after warm-up; make test runs short versions of both.
soak: test-deps
	KINEMA_SOAK_SECONDS=3600 KINEMA_SOAK_FRAMES=100000 $(SWIFT) test -c release --filter 'PhysicsSoakTests|SceneMemorySoakTests'

# The renderer and graphics suites under ThreadSanitizer, then AddressSanitizer: each a build of
# its own (in .build-tsan/ and .build-asan/), several minutes on two cores; not part of make test.
SANITIZED_SUITES := KinemaRenderTests|KinemaGraphicsTests
tsan: test-deps
	$(SWIFT) test --sanitize=thread --scratch-path .build-tsan --filter '$(SANITIZED_SUITES)'

asan: test-deps
	LSAN_OPTIONS=suppressions=$(CURDIR)/scripts/lsan-suppressions.txt \
	  $(SWIFT) test --sanitize=address --scratch-path .build-asan --filter '$(SANITIZED_SUITES)'

test-deps: deps
	@missing=""; for p in $(TEST_DEB_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  $(SUDO) apt-get update -qq && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing; \
	fi

bench-deps: deps
	@missing=""; for p in $(BENCH_DEB_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  $(SUDO) apt-get update -qq && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing; \
	fi

bench: bench-deps
	cd Benchmarks && $(SWIFT) run -c release KinemaBenchmarks
	cd Benchmarks && $(SWIFT) run -c release KinemaBenchmarks dynamics

# kiwisolver (a C++ Cassowary solver, PyPI's kiwisolver) in a virtual environment of its own in
# .build-kiwi-venv/: the peer of the layout benchmark (`KinemaBenchmarks layout`), which runs
# Benchmarks/Scripts/kiwi_layout.py with its Python. Not part of make test; needs PyPI.
KIWI_VENV := .build-kiwi-venv
KIWISOLVER_VERSION := 1.5.1
kiwi-venv:
	@dpkg -s python3-venv >/dev/null 2>&1 || { echo "installing: python3-venv"; \
	  $(SUDO) apt-get update -qq && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends python3-venv; }
	@[ -x $(KIWI_VENV)/bin/python ] || python3 -m venv $(KIWI_VENV)
	$(KIWI_VENV)/bin/pip install -q --disable-pip-version-check kiwisolver==$(KIWISOLVER_VERSION)

# Kinema's Lottie frames beside rlottie's (the rlottie-python package, in a virtual environment
# of its own in .build-lottie-venv/): five frames of every file of Tests/KinemaLottieTests/Corpus/
# and of LOTTIE_DIRS (more folders or files), a table of differences, and side-by-side images in
# .build-lottie-venv/report/. Not part of make test; needs PyPI.
LOTTIE_VENV := .build-lottie-venv
RLOTTIE_PYTHON_VERSION := 1.3.8
LOTTIE_DIRS ?=
lottie-conformance: deps
	@dpkg -s python3-venv >/dev/null 2>&1 || { echo "installing: python3-venv"; \
	  $(SUDO) apt-get update -qq && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends python3-venv; }
	@[ -x $(LOTTIE_VENV)/bin/python ] || python3 -m venv $(LOTTIE_VENV)
	$(LOTTIE_VENV)/bin/pip install -q --disable-pip-version-check rlottie-python==$(RLOTTIE_PYTHON_VERSION) Pillow numpy
	$(SWIFT) build --product kinema
	$(LOTTIE_VENV)/bin/python scripts/lottie-conformance.py --kinema $(BIN) --report $(LOTTIE_VENV)/report $(LOTTIE_DIRS)

lint: check-references
	$(SWIFT) format lint --strict -r Sources Tests Benchmarks/Sources Package.swift

# Every reference in the repository must resolve inside it (no design notes or source posts kept
# elsewhere), every path the documents name must exist, and docs/architecture.md's module map
# must name every target of Package.swift: fast greps, no build. `make test` runs it first.
check-references:
	bash scripts/check-references.sh
	python3 scripts/check-docs.py

# The documents' check, shown failing on a small repository of its own and passing once fixed.
test-check-docs:
	bash scripts/test-check-docs.sh

clean:
	rm -rf .build Examples/.build
