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
#
# Three more cuts of the loader's work at every start (docs/benchmarks.md,
# Start-up), all for the release binary only; tests and debug builds link
# as before:
# - libyaml, libcmark-gfm (and its extensions), libsqlite3 and libstdc++ (the
#   Swift runtime's C++ library) are linked from their static archives, so
#   the loader neither maps them nor looks up their symbols (1,940 symbol
#   lookups at start became 268). Their pkg-config files are copied into
#   STATIC_C_LIBS with -L pointing at a folder that holds only the archives;
#   the search order of -L is that of the command line, and pkg-config's -L
#   comes first, so the modules' `link "yaml"` and the static stdlib's
#   -lstdc++ find the archives there.
# - --no-export-dynamic: the static stdlib's link arguments export every
#   public symbol of our modules (2,853), which only lengthens each symbol
#   lookup; nothing resolves a symbol in the executable by name (the
#   dlopen'd libraries are looked up through their own handles).
# - --disable-local-rpath: no $ORIGIN run path, whose missing folders the
#   loader tried for every library (nothing is installed next to skillctl).
LINK_FLAGS := $(if $(NO_PIE),-Xlinker -no-pie,) -Xlinker --no-export-dynamic --disable-local-rpath
STATIC_C_LIBS := $(CURDIR)/.build/static-c-libs

build: bootstrap static-c-libs
	PKG_CONFIG_PATH=$(STATIC_C_LIBS)/pkgconfig \
	  swift build -c release --static-swift-stdlib --product skillctl $(LINK_FLAGS)

.PHONY: static-c-libs
static-c-libs: bootstrap
	@mkdir -p $(STATIC_C_LIBS)/pkgconfig
	@libdir=$$(pkg-config --variable=libdir sqlite3); \
	for lib in yaml cmark-gfm cmark-gfm-extensions sqlite3; do \
	  [ -f $$libdir/lib$$lib.a ] || { echo "make build: $$libdir/lib$$lib.a is missing (its -dev package)" >&2; exit 1; }; \
	  ln -sf $$libdir/lib$$lib.a $(STATIC_C_LIBS)/lib$$lib.a; done; \
	cxx=$$(clang -print-file-name=libstdc++.a); \
	if [ -f "$$cxx" ]; then ln -sf "$$cxx" $(STATIC_C_LIBS)/libstdc++.a; fi; \
	for pc in yaml-0.1 libcmark-gfm sqlite3; do \
	  sed 's|-L$${libdir}|-L$(STATIC_C_LIBS)|' "$$(pkg-config --variable=pcfiledir $$pc)/$$pc.pc" \
	    > $(STATIC_C_LIBS)/pkgconfig/$$pc.pc; done

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
