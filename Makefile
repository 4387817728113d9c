# The two commands of README.md. Both install missing Debian packages first.
#   make run   build (release), create the default database, publish content/, serve it
#              (HOST and PORT choose where: make run PORT=9090)
#   make test  build and run the whole test suite

export PATH := $(PATH):/opt/swift/usr/bin
SKILLCTL := .build/release/skillctl
HOST ?= 127.0.0.1
PORT ?= 8080

.PHONY: run test build bootstrap bench

bootstrap:
	@scripts/bootstrap

# The Swift runtime and Foundation linked in statically: a command starts in
# 11 ms instead of 18 (the dynamic linker resolved Swift's symbols for half
# of a short command's instructions; docs/benchmarks.md). libcurl,
# libmicrohttpd and libcrypto are not linked but loaded with dlopen when a
# command first needs them (Sources/CCurl, CMicroHTTPD, COpenSSL), so a local
# command starts without them; their -dev packages in scripts/bootstrap
# provide the headers.
# Only the skillctl product: the tests' support module needs the Testing
# library, which has no static build.
# Linked as a position-dependent executable (-no-pie), as Go links its
# binaries: a position-independent one made the loader apply 77,000
# relocations to some 240 pages of Swift metadata at every start, 40% of
# `--help`'s CPU (docs/benchmarks.md). The cost: skillctl's own code and data
# sit at a fixed address; the libraries, heap and stacks stay randomised.
build: bootstrap
	swift build -c release --static-swift-stdlib --product skillctl -Xlinker -no-pie

run: build
	$(SKILLCTL) init
	$(SKILLCTL) publish content/
	$(SKILLCTL) ls
	$(SKILLCTL) serve --host $(HOST) --port $(PORT)

test: bootstrap
	swift build --build-tests
	swift test

bench: build
	bench/publish.sh 20000

# libFuzzer targets (fuzz/, a package of its own: `build` and `test` never
# compile them). The root package's modules are built with address checks and
# coverage, and -enable-testing for the targets' @testable imports.
#   make fuzz                   each target for FUZZ_SECONDS (600), one after another,
#                               stopping at the first crash (fuzz/crashes/TARGET/)
#   make fuzz FUZZ_SECONDS=30   a quick run
FUZZ_SECONDS ?= 600
FUZZ_FLAGS := -c release -Xswiftc -enable-testing -Xswiftc -sanitize=address \
	-Xswiftc -sanitize-coverage=edge,indirect-calls,trace-cmp,inline-8bit-counters,pc-table

.PHONY: fuzz fuzz-build

fuzz-build: bootstrap
	cd fuzz && swift build $(FUZZ_FLAGS)

fuzz: fuzz-build
	fuzz/run.sh $(FUZZ_SECONDS)
