//go:build lambda.norpc

package awstrust

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
)

// sdkConfig, in the functions' builds, does not link the SDK's loader: its
// credential providers (STS, SSO, SSO OIDC, sign-in) cost every cold start
// about 2 MB of binary, 550 KB of allocations at package init and 1-2 ms of
// CPU, for sources Lambda does not use. It says what the environment lacks
// or holds instead.
func sdkConfig(context.Context) (aws.Config, error) {
	var other []string
	for _, kv := range os.Environ() {
		k, _, _ := strings.Cut(kv, "=")
		if strings.HasPrefix(k, "AWS_") && !lambdaEnv[k] && !strings.HasPrefix(k, "AWS_LAMBDA_") && !strings.HasPrefix(k, "AWS_XRAY_") {
			other = append(other, k)
		}
	}
	const want = "the functions read their AWS configuration from the variables Lambda sets: AWS_REGION (China regions included: their endpoints are verified against the system roots), AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN, and AWS_CA_BUNDLE"
	if len(other) > 0 {
		return aws.Config{}, fmt.Errorf("%s; %s would need the SDK's configuration loader, which the Lambda build (-tags lambda.norpc) leaves out", want, strings.Join(other, ", "))
	}
	return aws.Config{}, fmt.Errorf("%s; AWS_REGION, AWS_ACCESS_KEY_ID or AWS_SECRET_ACCESS_KEY is missing", want)
}
