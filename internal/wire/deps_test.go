package wire

import (
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// The CLI and `gpuadvisor serve` use this package; the AWS SDK belongs to the
// Lambda functions only (internal/wire/function). Linked into the CLI it
// added 10.7 MB to the binary and 8 MB to serve's resident memory.
func TestCLIDoesNotLinkTheAWSSDK(t *testing.T) {
	for _, pkg := range []string{"gpuadvisor/internal/wire", "gpuadvisor/cmd/gpuadvisor"} {
		out, err := exec.Command("go", "list", "-deps", pkg).CombinedOutput()
		if err != nil {
			t.Fatalf("go list -deps %s: %v\n%s", pkg, err, out)
		}
		for _, dep := range strings.Fields(string(out)) {
			if strings.HasPrefix(dep, "github.com/aws/aws-sdk-go-v2") || dep == "gpuadvisor/infra/dynamo" || dep == "gpuadvisor/infra/secrets" {
				t.Errorf("%s links %s: keep the AWS SDK in internal/wire/function", pkg, dep)
			}
		}
	}
}

// The Slack and Feishu functions link this package (through wire/function),
// so it links neither chat SDK: each function wires its own platform's
// poster, and wire/platforms builds both for what posts to both.
func TestWireLinksNoChatSDK(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "gpuadvisor/internal/wire").CombinedOutput()
	if err != nil {
		t.Fatalf("go list -deps: %v\n%s", err, out)
	}
	deps := strings.Fields(string(out))
	if !slices.Contains(deps, "gpuadvisor/chat") {
		t.Fatalf("go list -deps gpuadvisor/internal/wire does not list gpuadvisor/chat; want the package's whole dependency tree, got %d packages", len(deps))
	}
	for _, dep := range deps {
		for _, b := range []string{"github.com/slack-go/slack", "github.com/larksuite/oapi-sdk-go", "gpuadvisor/infra/slack", "gpuadvisor/infra/feishu"} {
			if dep == b || strings.HasPrefix(dep, b+"/") {
				t.Errorf("internal/wire links %s: build posters in wire/platforms or the platform's package", dep)
			}
		}
	}
}
