# Builds for `sam build` (BuildMethod: makefile) and for people.
GOFLAGS_LAMBDA = GOOS=linux GOARCH=arm64 CGO_ENABLED=0
# The toolchain go.mod names (its `toolchain` line), fetched when the local Go is older.
export GOTOOLCHAIN = auto
BUILD = go build -tags lambda.norpc -trimpath -ldflags="-s -w"

.PHONY: install test bench build-SlackFunction build-FeishuFunction build-DrafterFunction build-ReminderFunction

install:
	go install ./cmd/gpuadvisor

test:
	./scripts/test.sh

bench:
	./scripts/bench.sh

build-SlackFunction:
	$(GOFLAGS_LAMBDA) $(BUILD) -o $(ARTIFACTS_DIR)/bootstrap ./functions/slack

build-FeishuFunction:
	$(GOFLAGS_LAMBDA) $(BUILD) -o $(ARTIFACTS_DIR)/bootstrap ./functions/feishu

build-DrafterFunction:
	$(GOFLAGS_LAMBDA) $(BUILD) -o $(ARTIFACTS_DIR)/bootstrap ./functions/drafter

build-ReminderFunction:
	$(GOFLAGS_LAMBDA) $(BUILD) -o $(ARTIFACTS_DIR)/bootstrap ./functions/reminder
