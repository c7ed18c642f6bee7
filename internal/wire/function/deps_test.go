package function

import (
	"slices"
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
		for _, dep := range linked(t, pkg) {
			for _, b := range banned {
				if under(dep, b) {
					t.Errorf("%s links %s: hand-sign the call instead (see infra/invoke)", pkg, dep)
				}
			}
		}
	}
}

// Each chat function links its own platform's SDK only: the other's package
// init and binary size are paid at every cold start for nothing, as a
// Slack request never posts to Feishu, nor a Feishu one to Slack (the
// poster a chat function wires serves `renewal add`'s member check of the
// request's own platform). The drafter and the reminder post to both.
func TestChatFunctionsLinkOnlyTheirPlatformsSDK(t *testing.T) {
	const (
		lark   = "github.com/larksuite/oapi-sdk-go"
		slack  = "github.com/slack-go/slack"
		gorila = "github.com/gorilla/websocket"
	)
	tests := []struct {
		pkg            string
		banned, needed []string
	}{
		// slack-go's own package imports gorilla/websocket (its RTM
		// client), so the Slack function links it; Socket Mode is serve's
		// (infra/slack/socket), never the Lambda's
		{"gpuadvisor/functions/slack", []string{lark, "gpuadvisor/infra/feishu", slack + "/socketmode", "gpuadvisor/infra/slack/socket"}, []string{slack}},
		{"gpuadvisor/functions/feishu", []string{slack, gorila, "gpuadvisor/infra/slack"}, []string{lark}},
		{"gpuadvisor/functions/drafter", nil, []string{slack, lark}},
		{"gpuadvisor/functions/reminder", nil, []string{slack, lark}},
	}
	for _, tc := range tests {
		t.Run(tc.pkg, func(t *testing.T) {
			deps := linked(t, tc.pkg)
			for _, dep := range deps {
				for _, b := range tc.banned {
					if under(dep, b) {
						t.Errorf("%s links %s: a chat function wires its own platform only (see NewPosters), and Socket Mode is in infra/slack/socket", tc.pkg, dep)
					}
				}
			}
			for _, n := range tc.needed {
				if !slices.ContainsFunc(deps, func(dep string) bool { return under(dep, n) }) {
					t.Errorf("%s does not link %s; want it (it posts there), or go list did not list the whole tree", tc.pkg, n)
				}
			}
		})
	}
}
