package function

import (
	"os/exec"
	"strings"
	"testing"
)

// The public functions (Slack, Feishu) start cold at a 128 MB Lambda's CPU
// share, where the package init of an SDK service client is paid for in
// throttling at every cold start: the drafter hand-off is a signed HTTP call
// (infra/invoke) and the secrets signed JSON calls (infra/secrets), so none
// of the lambda, ssm and secretsmanager clients may come back into them; nor
// may the SDK's configuration loader, whose credential providers link the
// sts, sso and ssooidc clients (infra/awstrust builds the configuration from
// Lambda's variables in the functions' builds, tag lambda.norpc).
func TestPublicFunctionsDoNotLinkTheLambdaOrSecretsClients(t *testing.T) {
	banned := []string{"github.com/aws/aws-sdk-go-v2/service/lambda", "github.com/aws/aws-sdk-go-v2/service/ssm", "github.com/aws/aws-sdk-go-v2/service/secretsmanager",
		// the SDK's configuration loader and the credential sources only it
		// uses (infra/awstrust reads Lambda's variables instead)
		"github.com/aws/aws-sdk-go-v2/config", "github.com/aws/aws-sdk-go-v2/service/sts", "github.com/aws/aws-sdk-go-v2/service/sso", "github.com/aws/aws-sdk-go-v2/service/ssooidc"}
	for _, pkg := range []string{"gpuadvisor/functions/slack", "gpuadvisor/functions/feishu"} {
		out, err := exec.Command("go", "list", "-tags", "lambda.norpc", "-deps", pkg).CombinedOutput()
		if err != nil {
			t.Fatalf("go list -deps %s: %v\n%s", pkg, err, out)
		}
		deps := strings.Fields(string(out))
		if len(deps) < 50 {
			t.Fatalf("go list -deps %s listed %d packages; want the function's whole dependency tree", pkg, len(deps))
		}
		for _, dep := range deps {
			for _, b := range banned {
				if dep == b || strings.HasPrefix(dep, b+"/") {
					t.Errorf("%s links %s: hand-sign the call instead (see infra/invoke)", pkg, dep)
				}
			}
		}
	}
}
