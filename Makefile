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
build: bootstrap
	swift build -c release --static-swift-stdlib --product skillctl

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
