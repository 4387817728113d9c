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

build: bootstrap
	swift build -c release

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
