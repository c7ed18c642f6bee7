package deploy

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/awslabs/goformation/v7"
	"github.com/awslabs/goformation/v7/cloudformation"
	"github.com/awslabs/goformation/v7/cloudformation/serverless"
	"github.com/awslabs/goformation/v7/intrinsics"
	"go.yaml.in/yaml/v3"

	"gpuadvisor/infra/dynamo"
	"gpuadvisor/infra/secrets"
)

// functions maps each template function to its code folder.
var functions = map[string]string{
	"SlackFunction":    "functions/slack",
	"FeishuFunction":   "functions/feishu",
	"DrafterFunction":  "functions/drafter",
	"ReminderFunction": "functions/reminder",
}

// optionalEnv are variables code may read that the template need not set:
// Lambda's own, test-only overrides, and settings with documented defaults.
var optionalEnv = map[string]string{
	"AWS_REGION":                  "set by Lambda",
	"AWS_LAMBDA_FUNCTION_NAME":    "set by Lambda",
	"AWS_LAMBDA_RUNTIME_API":      "set by Lambda",
	"GPUADVISOR_SECRETS_ENDPOINT": "tests only",
	"SLACK_API_URL":               "tests only (fake Slack Web API)",
	"LAMBDA_ENDPOINT":             "tests only (the emulator as the Lambda API)",
	"DYNAMO_ENDPOINT":             "tests only (dynalite)",
	"OPENAI_TIMEOUT":              "optional, has a default",
	"FEISHU_BOT_OPEN_ID":          "optional, fetched from the bot info API when unset",
	"REMINDER_TIMEZONE":           "older name of REMINDER_TZ",
	"GPUADVISOR_DB":               "CLI only",
	"HOME":                        "CLI only",
	"USER":                        "CLI only",
	"XDG_DATA_HOME":               "CLI only",
}

func root(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// load parses template.yaml keeping references visible: goformation resolves
// Ref and GetAtt to "" by default, so they are overridden; a Ref to a Number
// parameter gives its default (goformation's typed fields need a number),
// and Fn::If its true branch (every condition holds with the defaults).
// Function properties goformation v7 does not model yet (LoggingConfig) are
// removed first: raw(t) checks them.
func load(t *testing.T) *cloudformation.Template {
	t.Helper()
	params, _ := raw(t)["Parameters"].(map[string]any)
	keep := func(prefix string) intrinsics.IntrinsicHandler {
		return func(name string, input interface{}, tpl interface{}) interface{} {
			switch v := input.(type) {
			case string:
				if p, ok := params[v].(map[string]any); ok && prefix == "REF" && p["Type"] == "Number" {
					return p["Default"]
				}
				return prefix + "(" + v + ")"
			case []interface{}:
				var parts []string
				for _, p := range v {
					parts = append(parts, strings.TrimSpace(strings.Trim(strings.ReplaceAll(strconv.Quote(toString(p)), `"`, ""), " ")))
				}
				return prefix + "(" + strings.Join(parts, ".") + ")"
			}
			return prefix + "(?)"
		}
	}
	tpl, err := goformation.ParseYAMLWithOptions(unmodelled(t), &intrinsics.ProcessorOptions{
		IntrinsicHandlerOverrides: map[string]intrinsics.IntrinsicHandler{
			"Ref":        keep("REF"),
			"Fn::GetAtt": keep("GETATT"),
			"Fn::Sub":    keep("SUB"),
			// every condition holds with the parameters' defaults: the true branch
			"Fn::If": func(name string, input interface{}, tpl interface{}) interface{} {
				if v, ok := input.([]interface{}); ok && len(v) == 3 {
					return v[1]
				}
				return nil
			},
		},
	})
	if err != nil {
		t.Fatalf("parse template.yaml: %v", err)
	}
	return tpl
}

// unmodelled returns template.yaml without the function properties
// goformation rejects as unknown.
func unmodelled(t *testing.T) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(root(t), "template.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(b, &doc); err != nil {
		t.Fatalf("template.yaml is not YAML: %v", err)
	}
	resources := mapValue(doc.Content[0], "Resources")
	for i := 1; resources != nil && i < len(resources.Content); i += 2 {
		res := resources.Content[i]
		if typ := mapValue(res, "Type"); typ == nil || typ.Value != "AWS::Serverless::Function" {
			continue
		}
		props := mapValue(res, "Properties")
		for j := 0; props != nil && j < len(props.Content); j += 2 {
			if props.Content[j].Value == "LoggingConfig" {
				props.Content = append(props.Content[:j], props.Content[j+2:]...)
				break
			}
		}
	}
	out, err := yaml.Marshal(&doc)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func mapValue(n *yaml.Node, key string) *yaml.Node {
	if n == nil || n.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return n.Content[i+1]
		}
	}
	return nil
}

func toString(v interface{}) string {
	if s, ok := v.(string); ok {
		return s
	}
	return "?"
}

// raw reads the template as plain YAML, for what goformation does not model
// (Globals, ScheduleV2 properties).
func raw(t *testing.T) map[string]any {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(root(t), "template.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := yaml.Unmarshal(b, &m); err != nil {
		t.Fatalf("template.yaml is not YAML: %v", err)
	}
	return m
}

func dig(m map[string]any, path ...string) any {
	var cur any = m
	for _, p := range path {
		mm, ok := cur.(map[string]any)
		if !ok {
			return nil
		}
		cur = mm[p]
	}
	return cur
}

func TestTemplateFunctions(t *testing.T) {
	tpl := load(t)
	r := raw(t)
	if got := dig(r, "Globals", "Function", "Runtime"); got != "provided.al2023" {
		t.Errorf("Globals.Function.Runtime = %v, want provided.al2023", got)
	}
	if got := dig(r, "Globals", "Function", "Handler"); got != "bootstrap" {
		t.Errorf("Globals.Function.Handler = %v, want bootstrap", got)
	}
	if got, _ := dig(r, "Globals", "Function", "Architectures").([]any); len(got) != 1 || got[0] != "arm64" {
		t.Errorf("Globals.Function.Architectures = %v, want [arm64]", got)
	}
	if got, _ := dig(r, "Globals", "Function", "MemorySize").(int); got != 128 {
		t.Errorf("Globals.Function.MemorySize = %v, want 128 (measured peak is far below; see README)", got)
	}
	fns := tpl.GetAllServerlessFunctionResources()
	var names []string
	for n := range fns {
		names = append(names, n)
	}
	sort.Strings(names)
	if len(fns) != len(functions) {
		t.Errorf("template functions %v, want %d: %v", names, len(functions), functions)
	}
	makefile, err := os.ReadFile(filepath.Join(root(t), "Makefile"))
	if err != nil {
		t.Fatal(err)
	}
	for name, dir := range functions {
		fn, ok := fns[name]
		if !ok {
			t.Errorf("template has no %s", name)
			continue
		}
		if bm := fn.AWSCloudFormationMetadata["BuildMethod"]; bm != "makefile" {
			t.Errorf("%s BuildMethod = %v, want makefile", name, bm)
		}
		// The Makefile target builds the right folder, stripped, without cgo or RPC.
		target := "build-" + name + ":"
		i := strings.Index(string(makefile), target)
		if i < 0 {
			t.Errorf("Makefile has no %s target", target)
			continue
		}
		recipe := string(makefile[i:])
		if j := strings.Index(recipe, "\n\n"); j > 0 {
			recipe = recipe[:j]
		}
		if !strings.Contains(recipe, "./"+dir) || !strings.Contains(recipe, "$(ARTIFACTS_DIR)/bootstrap") {
			t.Errorf("Makefile %s does not build ./%s into $(ARTIFACTS_DIR)/bootstrap:\n%s", target, dir, recipe)
		}
		for _, flag := range []string{"GOOS=linux", "GOARCH=arm64", "CGO_ENABLED=0", "lambda.norpc", "-s -w"} {
			if !strings.Contains(string(makefile), flag) {
				t.Errorf("Makefile lacks %s", flag)
			}
		}
		if fn.Timeout == nil || *fn.Timeout < 3 || *fn.Timeout > 900 {
			t.Errorf("%s timeout %v, want 3..900 s", name, fn.Timeout)
		}
	}
	// Function URLs with auth NONE only where the code verifies signatures.
	for _, name := range []string{"SlackFunction", "FeishuFunction"} {
		fn := fns[name]
		if fn == nil || fn.FunctionUrlConfig == nil || fn.FunctionUrlConfig.AuthType != "NONE" {
			t.Errorf("%s needs a Function URL with AuthType NONE (verification is in the code)", name)
		}
	}
	for _, name := range []string{"DrafterFunction", "ReminderFunction"} {
		if fn := fns[name]; fn != nil && fn.FunctionUrlConfig != nil {
			t.Errorf("%s must not have a public Function URL", name)
		}
	}
	// The reminder runs daily on Asia/Shanghai time with an explicit Input.
	ev, _ := dig(r, "Resources", "ReminderFunction", "Properties", "Events", "Daily").(map[string]any)
	if ev == nil || ev["Type"] != "ScheduleV2" {
		t.Fatalf("ReminderFunction needs a ScheduleV2 event named Daily, got %v", ev)
	}
	props, _ := ev["Properties"].(map[string]any)
	if expr, _ := props["ScheduleExpression"].(string); !strings.HasPrefix(expr, "cron(") {
		t.Errorf("schedule %q is not a daily cron", expr)
	}
	if props["Input"] != `{"task":"remind"}` {
		t.Errorf("schedule Input = %v, want {\"task\":\"remind\"} (Scheduler sends a default payload otherwise)", props["Input"])
	}
	if tz := dig(r, "Parameters", "ReminderTimezone", "Default"); tz != "Asia/Shanghai" {
		t.Errorf("reminder time zone default %v, want Asia/Shanghai", tz)
	}
}

func TestTemplateTable(t *testing.T) {
	tpl := load(t)
	tables := tpl.GetAllDynamoDBTableResources()
	if len(tables) != 1 {
		t.Fatalf("want one DynamoDB table, got %d", len(tables))
	}
	for _, tb := range tables {
		if tb.BillingMode == nil || *tb.BillingMode != "PAY_PER_REQUEST" {
			t.Errorf("BillingMode %v, want PAY_PER_REQUEST", tb.BillingMode)
		}
		if tb.TimeToLiveSpecification == nil || tb.TimeToLiveSpecification.AttributeName == nil || *tb.TimeToLiveSpecification.AttributeName != "expires_at" || !tb.TimeToLiveSpecification.Enabled {
			t.Errorf("TTL must be enabled on expires_at: %+v", tb.TimeToLiveSpecification)
		}
		found := false
		for _, gsi := range tb.GlobalSecondaryIndexes {
			if gsi.IndexName == dynamo.IndexName {
				found = true
				if len(gsi.KeySchema) != 2 || gsi.KeySchema[0].AttributeName != "gsi1pk" || gsi.KeySchema[1].AttributeName != "gsi1sk" {
					t.Errorf("index %s keys %+v, want gsi1pk HASH, gsi1sk RANGE (infra/dynamo/doc.go)", gsi.IndexName, gsi.KeySchema)
				}
			}
		}
		if !found {
			t.Errorf("the reminder queries the date-keyed index %q (infra/dynamo); the table lacks it", dynamo.IndexName)
		}
		if len(tb.KeySchema) != 2 || tb.KeySchema[0].AttributeName != "pk" || tb.KeySchema[1].AttributeName != "sk" {
			t.Errorf("table keys %+v, want pk HASH, sk RANGE (infra/dynamo/doc.go)", tb.KeySchema)
		}
	}
}

func TestTemplateSecretsNotPlain(t *testing.T) {
	r := raw(t)
	params, _ := r["Parameters"].(map[string]any)
	for name := range params {
		low := strings.ToLower(name)
		if strings.Contains(low, "token") || strings.Contains(low, "key") && !strings.Contains(low, "keyname") || strings.Contains(low, "password") || strings.HasSuffix(low, "secret") {
			t.Errorf("parameter %s looks like a secret in a plain parameter; read it from Secrets Manager or SSM", name)
		}
	}
	b, _ := os.ReadFile(filepath.Join(root(t), "template.yaml"))
	for _, k := range secrets.Keys {
		if strings.Contains(string(b), k+":") {
			t.Errorf("template sets %s directly; it must come from the secret store", k)
		}
	}
}

// TestTemplateEnvAndPolicies builds each function for Lambda and checks that
// every environment variable its code reads is set by the template (or comes
// from the secret store), and that its policies match the AWS calls it makes.
func TestTemplateEnvAndPolicies(t *testing.T) {
	tpl := load(t)
	r := raw(t)
	fns := tpl.GetAllServerlessFunctionResources()
	globalEnv, _ := dig(r, "Globals", "Function", "Environment", "Variables").(map[string]any)
	for name, dir := range functions {
		fn := fns[name]
		if fn == nil {
			continue
		}
		t.Run(name, func(t *testing.T) {
			pkgs := deps(t, dir)
			// builds for the Lambda target
			out := filepath.Join(t.TempDir(), "bootstrap")
			cmd := exec.Command("go", "build", "-tags", "lambda.norpc", "-ldflags=-s -w", "-o", out, "./"+dir)
			cmd.Dir = root(t)
			cmd.Env = append(os.Environ(), "GOOS=linux", "GOARCH=arm64", "CGO_ENABLED=0")
			if b, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("%s does not build for linux/arm64: %v\n%s", dir, err, b)
			}
			set := map[string]bool{}
			for k := range globalEnv {
				set[k] = true
			}
			if fn.Environment != nil {
				for k := range fn.Environment.Variables {
					set[k] = true
				}
			}
			for _, k := range secrets.Keys {
				if set["GPUADVISOR_SECRETS"] {
					set[k] = true
				}
			}
			for _, v := range envReads(t, pkgs) {
				if !set[v] && optionalEnv[v] == "" {
					t.Errorf("%s reads %s but the template does not set it", dir, v)
				}
			}
			uses := func(p string) bool { return slices.Contains(pkgs, "gpuadvisor/"+p) }
			pol := policies(fn)
			if uses("infra/dynamo") != pol["DynamoDBCrudPolicy"] {
				t.Errorf("%s: uses infra/dynamo=%v but DynamoDBCrudPolicy=%v", name, uses("infra/dynamo"), pol["DynamoDBCrudPolicy"])
			}
			if uses("infra/invoke") != pol["LambdaInvokePolicy"] {
				t.Errorf("%s: invokes the drafter=%v but LambdaInvokePolicy=%v (only slack and feishu may)", name, uses("infra/invoke"), pol["LambdaInvokePolicy"])
			}
			if uses("infra/secrets") != pol["AWSSecretsManagerGetSecretValuePolicy"] {
				t.Errorf("%s: loads secrets=%v but AWSSecretsManagerGetSecretValuePolicy=%v", name, uses("infra/secrets"), pol["AWSSecretsManagerGetSecretValuePolicy"])
			}
		})
	}
}

func policies(fn *serverless.Function) map[string]bool {
	out := map[string]bool{}
	if fn.Policies == nil || fn.Policies.SAMPolicyTemplateArray == nil {
		return out
	}
	for _, p := range *fn.Policies.SAMPolicyTemplateArray {
		if p.DynamoDBCrudPolicy != nil {
			out["DynamoDBCrudPolicy"] = true
		}
		if p.LambdaInvokePolicy != nil {
			out["LambdaInvokePolicy"] = true
		}
		if p.AWSSecretsManagerGetSecretValuePolicy != nil {
			out["AWSSecretsManagerGetSecretValuePolicy"] = true
		}
		if p.SSMParameterReadPolicy != nil {
			out["SSMParameterReadPolicy"] = true
		}
	}
	return out
}

// deps lists the project packages a function imports, itself included.
func deps(t *testing.T, dir string) []string {
	cmd := exec.Command("go", "list", "-deps", "-f", "{{if not .Standard}}{{.ImportPath}}{{end}}", "./"+dir)
	cmd.Dir = root(t)
	b, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list %s: %v", dir, err)
	}
	var out []string
	for _, l := range strings.Fields(string(b)) {
		if strings.HasPrefix(l, "gpuadvisor") {
			out = append(out, l)
		}
	}
	return out
}

// envReads finds the string literals passed to os.Getenv and os.LookupEnv in
// the project packages given.
func envReads(t *testing.T, pkgs []string) []string {
	seen := map[string]bool{}
	for _, p := range pkgs {
		dir := filepath.Join(root(t), strings.TrimPrefix(strings.TrimPrefix(p, "gpuadvisor"), "/"))
		fset := token.NewFileSet()
		entries, _ := os.ReadDir(dir)
		for _, e := range entries {
			if !strings.HasSuffix(e.Name(), ".go") || strings.HasSuffix(e.Name(), "_test.go") {
				continue
			}
			f, err := parser.ParseFile(fset, filepath.Join(dir, e.Name()), nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			ast.Inspect(f, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok || len(call.Args) == 0 {
					return true
				}
				// os.Getenv, os.LookupEnv, and the getenv funcs passed around for tests
				name := ""
				switch fn := call.Fun.(type) {
				case *ast.SelectorExpr:
					name = fn.Sel.Name
				case *ast.Ident:
					name = fn.Name
				}
				if name != "Getenv" && name != "LookupEnv" && name != "getenv" {
					return true
				}
				if lit, ok := call.Args[0].(*ast.BasicLit); ok && lit.Kind == token.STRING {
					v, _ := strconv.Unquote(lit.Value)
					seen[v] = true
				}
				return true
			})
		}
	}
	var out []string
	for v := range seen {
		out = append(out, v)
	}
	sort.Strings(out)
	return out
}
