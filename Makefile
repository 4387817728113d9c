# The two commands of README.md. Both install missing Debian packages first.
#   make run   build (release), create the default database, publish content/, list it
#   make test  build and run the whole test suite

export PATH := $(PATH):/opt/swift/usr/bin
SKILLCTL := .build/release/skillctl

.PHONY: run test build bootstrap bench

bootstrap:
	@scripts/bootstrap

build: bootstrap
	swift build -c release

run: build
	$(SKILLCTL) init
	$(SKILLCTL) publish content/
	$(SKILLCTL) ls

test: bootstrap
	swift build --build-tests
	swift test

bench: build
	bench/publish.sh 20000
