package function

import (
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// linked lists the packages the Lambda build of pkg links (go list -deps
// with the functions' tag lambda.norpc); the test fails when go list does,
// or lists too few to be the whole tree.
func linked(t *testing.T, pkg string) []string {
	t.Helper()
	out, err := exec.Command("go", "list", "-tags", "lambda.norpc", "-deps", pkg).CombinedOutput()
	if err != nil {
		t.Fatalf("go list -deps %s: %v\n%s", pkg, err, out)
	}
	deps := strings.Fields(string(out))
	if len(deps) < 50 {
		t.Fatalf("go list -deps %s listed %d packages; want the function's whole dependency tree", pkg, len(deps))
	}
	return deps
}

// under reports whether dep is the package prefix or one below it.
func under(dep, prefix string) bool { return dep == prefix || strings.HasPrefix(dep, prefix+"/") }

// No function links the SDK's attributevalue package: it imports the
// DynamoDB Streams types and schemas, whose package init (about 0.1 ms and
// 52 KB) every cold start would pay for. infra/dynamo builds and reads its
// items by hand (attrs.go); attributevalue stays in its tests, which prove
// the items are the same.
func TestFunctionsDoNotLinkAttributevalue(t *testing.T) {
	banned := []string{"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue", "github.com/aws/aws-sdk-go-v2/service/dynamodbstreams"}
	for _, pkg := range []string{"gpuadvisor/functions/slack", "gpuadvisor/functions/feishu", "gpuadvisor/functions/drafter", "gpuadvisor/functions/reminder"} {
		t.Run(pkg, func(t *testing.T) {
			deps := linked(t, pkg)
			for _, dep := range deps {
				for _, b := range banned {
					if under(dep, b) {
						t.Errorf("%s links %s: build and read DynamoDB items by hand (infra/dynamo/attrs.go)", pkg, dep)
					}
				}
			}
			if !slices.Contains(deps, "gpuadvisor/infra/dynamo") {
				t.Errorf("%s does not link gpuadvisor/infra/dynamo; want it (its store), or go list did not list the whole tree", pkg)
			}
		})
	}
}

// No function links the DynamoDB client's schema package: from
// service/dynamodb v1.69.0 the client serialises through schemas that its
// package init builds for every shape of the API (about 1.1 ms of CPU and
// 586 KB, at every cold start, whatever the function calls), so go.mod
// holds the client at v1.68.0 (docs/deploy.md, "The DynamoDB client held at
// v1.68.0"). An upgrade past it fails here: decide it with the bench.
func TestFunctionsDoNotLinkTheDynamoDBSchemas(t *testing.T) {
	for _, pkg := range []string{"gpuadvisor/functions/slack", "gpuadvisor/functions/feishu"} {
		t.Run(pkg, func(t *testing.T) {
			deps := linked(t, pkg)
			for _, dep := range deps {
				if under(dep, "github.com/aws/aws-sdk-go-v2/service/dynamodb/schemas") {
					t.Errorf("%s links %s (its package init builds every DynamoDB shape's schema at each cold start)", pkg, dep)
				}
			}
			if !slices.Contains(deps, "github.com/aws/aws-sdk-go-v2/service/dynamodb") {
				t.Errorf("%s does not link the DynamoDB client; want it", pkg)
			}
		})
	}
}
