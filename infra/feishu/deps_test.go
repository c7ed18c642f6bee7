package feishu

import (
	"os/exec"
	"strings"
	"testing"
)

// TestNoRootSDKPackage keeps the Lambda off the SDK's root package (it
// imports every service) and off ws (which imports the root).
func TestNoRootSDKPackage(t *testing.T) {
	goBin := "go" // the go on PATH, the one running this test
	for _, pkg := range []string{"gpuadvisor/functions/feishu", "gpuadvisor/infra/feishu"} {
		out, err := exec.Command(goBin, "list", "-deps", pkg).CombinedOutput()
		if err != nil {
			t.Fatalf("go list -deps %s: %v\n%s", pkg, err, out)
		}
		var lark []string
		for _, p := range strings.Fields(string(out)) {
			if strings.HasPrefix(p, "github.com/larksuite/") {
				lark = append(lark, p)
			}
			switch p {
			case "github.com/larksuite/oapi-sdk-go/v3", "github.com/larksuite/oapi-sdk-go/v3/ws", "github.com/larksuite/oapi-sdk-go/v3/event/dispatcher":
				t.Errorf("%s imports %s", pkg, p)
			}
		}
		if len(lark) == 0 || len(lark) > 5 {
			t.Errorf("%s imports %d larksuite packages, want 1-5 (core, im, event, callback): %v", pkg, len(lark), lark)
		}
	}
}
