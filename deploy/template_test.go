package deploy

import (
	"fmt"
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
	"SSL_CERT_FILE":               "the system root bundle's override, read as crypto/x509 reads it (infra/sysroots); unset on Lambda",
	"SSL_CERT_DIR":                "the system root directories' override, read as crypto/x509 reads it; unset on Lambda",
	"GPUADVISOR_SECRETS_ENDPOINT": "tests only",
	"SLACK_API_URL":               "tests only (fake Slack Web API)",
	"LAMBDA_ENDPOINT":             "tests only (the emulator as the Lambda API)",
	"DYNAMO_ENDPOINT":             "tests only (dynalite)",
	"DRAFTER_LLM":                 "the chat functions only; without it they read the LLM's own settings",
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

func TestTemplateFunctions(t *testing.T) {
	r := loadTemplate(t)
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
	fns := resourcesOf(r, "AWS::Serverless::Function")
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
		if bm := dig(fn, "Metadata", "BuildMethod"); bm != "makefile" {
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
		if to, ok := number(dig(fn, "Properties", "Timeout")); !ok || to < 3 || to > 900 {
			t.Errorf("%s timeout %v, want 3..900 s", name, dig(fn, "Properties", "Timeout"))
		}
	}
	// Function URLs with auth NONE only where the code verifies signatures
	// (endpoint_test.go checks both endpoints in both partitions).
	for _, name := range []string{"SlackFunction", "FeishuFunction"} {
		if dig(r, "Resources", name+"Url", "Properties", "AuthType") != "NONE" {
			t.Errorf("%s needs a Function URL (%sUrl) with AuthType NONE (verification is in the code)", name, name)
		}
	}
	for _, name := range []string{"DrafterFunction", "ReminderFunction"} {
		if dig(fns[name], "Properties", "FunctionUrlConfig") != nil || dig(r, "Resources", name+"Url") != nil {
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
	tables := resourcesOf(loadTemplate(t), "AWS::DynamoDB::Table")
	if len(tables) != 1 {
		t.Fatalf("want one DynamoDB table, got %d", len(tables))
	}
	keys := func(v any) string {
		l, _ := v.([]any)
		var parts []string
		for _, k := range l {
			m, _ := k.(map[string]any)
			parts = append(parts, fmt.Sprint(m["AttributeName"], " ", m["KeyType"]))
		}
		return strings.Join(parts, ", ")
	}
	for _, tb := range tables {
		p := digMap(tb, "Properties")
		if p["BillingMode"] != "PAY_PER_REQUEST" {
			t.Errorf("BillingMode %v, want PAY_PER_REQUEST", p["BillingMode"])
		}
		if ttl := digMap(p, "TimeToLiveSpecification"); ttl["AttributeName"] != "expires_at" || ttl["Enabled"] != true {
			t.Errorf("TTL must be enabled on expires_at: %v", ttl)
		}
		found := false
		gsis, _ := p["GlobalSecondaryIndexes"].([]any)
		for _, g := range gsis {
			gsi, _ := g.(map[string]any)
			if gsi["IndexName"] == dynamo.IndexName {
				found = true
				if got := keys(gsi["KeySchema"]); got != "gsi1pk HASH, gsi1sk RANGE" {
					t.Errorf("index %s keys %s, want gsi1pk HASH, gsi1sk RANGE (infra/dynamo/doc.go)", dynamo.IndexName, got)
				}
			}
		}
		if !found {
			t.Errorf("the reminder queries the date-keyed index %q (infra/dynamo); the table lacks it", dynamo.IndexName)
		}
		if got := keys(p["KeySchema"]); got != "pk HASH, sk RANGE" {
			t.Errorf("table keys %s, want pk HASH, sk RANGE (infra/dynamo/doc.go)", got)
		}
	}
}

func TestTemplateSecretsNotPlain(t *testing.T) {
	r := loadTemplate(t)
	params, _ := r["Parameters"].(map[string]any)
	for name := range params {
		if platformSecrets[name] != nil { // the name of a secret, not its value
			if d, _ := dig(params, name, "Default").(string); !strings.HasPrefix(d, "gpuadvisor/") {
				t.Errorf("parameter %s default %q, want a secret's name (gpuadvisor/...)", name, d)
			}
			continue
		}
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
	r := loadTemplate(t)
	fns := resourcesOf(r, "AWS::Serverless::Function")
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
			for k := range digMap(fn, "Properties", "Environment", "Variables") {
				set[k] = true
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
			if reads := len(secretParams(dig(fn, "Properties", "Policies"))) > 0; uses("infra/secrets") != reads {
				t.Errorf("%s: loads secrets=%v but its policies read secrets=%v", name, uses("infra/secrets"), reads)
			}
			for _, p := range []string{"AWSSecretsManagerGetSecretValuePolicy", "SSMParameterReadPolicy"} {
				if pol[p] {
					t.Errorf("%s has %s: the secrets are read through the ReadItsSecrets statement only", name, p)
				}
			}
		})
	}
}

// policies lists the SAM policy templates (and managed policy names) in a
// function's Policies.
func policies(fn map[string]any) map[string]bool {
	out := map[string]bool{}
	list, _ := dig(fn, "Properties", "Policies").([]any)
	for _, p := range list {
		switch v := p.(type) {
		case string:
			out[v] = true
		case map[string]any:
			for k := range v {
				out[k] = true
			}
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
