package wire

import (
	"os/exec"
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
