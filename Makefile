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
# NO_PIE=1 links a position-dependent executable, as Go links its binaries:
# a position-independent one makes the loader apply 77,000 relocations to
# some 240 pages of Swift metadata at every start, about 1.4 ms of CPU of
# each short command (docs/benchmarks.md, Start-up). It is not the default:
# the same binary is the network server, and with NO_PIE its code and data
# sit at a fixed address, which ASLR exists to prevent. For a machine that
# only runs the CLI: make build NO_PIE=1.
LINK_FLAGS := $(if $(NO_PIE),-Xlinker -no-pie,)
build: bootstrap
	swift build -c release --static-swift-stdlib --product skillctl $(LINK_FLAGS)

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
