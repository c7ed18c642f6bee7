package deploy

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"gpuadvisor/infra/secrets"
)

// platformSecrets are the template's secret parameters, one per platform,
// with the keys each holds (infra/secrets).
var platformSecrets = map[string][]string{
	"SlackSecret":  secrets.SlackKeys,
	"FeishuSecret": secrets.FeishuKeys,
	"LlmSecret":    secrets.LLMKeys,
}

// needs is what each function may read, and why: least privilege, so the
// Slack function cannot read the Feishu app secret nor the reverse, and only
// the drafter holds the LLM key.
var needs = map[string][]string{
	"SlackFunction":    {"SlackSecret"},                              // verifies Slack, answers mentions
	"FeishuFunction":   {"FeishuSecret"},                             // verifies and answers Feishu
	"DrafterFunction":  {"FeishuSecret", "LlmSecret", "SlackSecret"}, // the LLM, posting to both
	"ReminderFunction": {"FeishuSecret", "SlackSecret"},              // posts to both
}

var subVar = regexp.MustCompile(`\$\{(\w+Secret)\}`)

// secretParams lists the secret parameters named anywhere in v (in Fn::Sub
// strings, or as a Ref).
func secretParams(v any) []string {
	seen := map[string]bool{}
	var walk func(any)
	walk = func(v any) {
		switch x := v.(type) {
		case map[string]any:
			for k, c := range x {
				if r, ok := c.(string); ok && k == "Ref" && platformSecrets[r] != nil {
					seen[r] = true
				}
				walk(c)
			}
		case []any:
			for _, c := range x {
				walk(c)
			}
		case string:
			for _, m := range subVar.FindAllStringSubmatch(x, -1) {
				if platformSecrets[m[1]] != nil {
					seen[m[1]] = true
				}
			}
		}
	}
	walk(v)
	return slices.Sorted(maps.Keys(seen))
}

// secretResources returns the Resource entries of the statements that allow
// reading a secret (secretsmanager:GetSecretValue or ssm:GetParameter*).
func secretResources(t *testing.T, policies any) []any {
	t.Helper()
	list, _ := policies.([]any)
	var out []any
	for _, p := range list {
		doc, _ := p.(map[string]any)
		stmts, _ := doc["Statement"].([]any)
		for _, st := range stmts {
			m, _ := st.(map[string]any)
			action := fmt.Sprint(m["Action"])
			if !strings.Contains(action, "secretsmanager:") && !strings.Contains(action, "ssm:") {
				continue
			}
			res, ok := m["Resource"].([]any)
			if !ok {
				t.Errorf("statement %v: Resource must be a list of the secrets' ARNs", m)
			}
			out = append(out, res...)
		}
	}
	return out
}

// TestTemplateSecretsPerFunction checks least privilege over the template:
// each function's policy reads exactly the secrets of the platforms it uses,
// GPUADVISOR_SECRETS lists exactly those, and every ARN names one secret.
func TestTemplateSecretsPerFunction(t *testing.T) {
	r := loadTemplate(t)
	for p, keys := range platformSecrets {
		if dig(r, "Parameters", p) == nil {
			t.Errorf("no parameter %s (the secret holding %v)", p, keys)
		}
	}
	if d := dig(r, "Parameters", "SecretsStore", "Default"); d != "secretsmanager" {
		t.Errorf("SecretsStore default %v, want secretsmanager", d)
	}
	if g := dig(r, "Globals", "Function", "Environment", "Variables", "GPUADVISOR_SECRETS"); g != nil {
		t.Errorf("Globals set GPUADVISOR_SECRETS=%v: every function would read every secret", g)
	}
	fns := resourcesOf(r, "AWS::Serverless::Function")
	for name, want := range needs {
		fn := fns[name]
		t.Run(name, func(t *testing.T) {
			pols := dig(fn, "Properties", "Policies")
			if got := secretParams(pols); !slices.Equal(got, want) {
				t.Errorf("policies read %v, want exactly %v", got, want)
			}
			env := dig(fn, "Properties", "Environment", "Variables", "GPUADVISOR_SECRETS")
			if got := secretParams(env); !slices.Equal(got, want) {
				t.Errorf("GPUADVISOR_SECRETS %v names %v, want exactly %v", env, got, want)
			}
			res := secretResources(t, pols)
			if len(res) != len(want) {
				t.Errorf("%d secret resources, want one per secret (%d): %v", len(res), len(want), res)
			}
			for _, one := range res {
				if got := secretParams(one); len(got) != 1 {
					t.Errorf("resource %v names %v, want exactly one secret", one, got)
				}
				text := fmt.Sprint(one)
				if strings.Contains(text, "LlmSecret") && !strings.Contains(text, "HasLlm") {
					t.Errorf("the LLM secret's ARN %v is not under HasLlm (no LLM: nothing to read)", one)
				}
				for _, m := range regexp.MustCompile(`:secret:\$\{\w+\}(\S*?)[\]\s]`).FindAllStringSubmatch(text+" ", -1) {
					// "-*" would also match gpuadvisor/slack-prod-AbCdEf; Secrets
					// Manager appends exactly six characters
					if m[1] != "-??????" {
						t.Errorf("secret ARN suffix %q in %v, want -??????", m[1], one)
					}
				}
				if !strings.Contains(text, ":parameter/${") || !strings.Contains(text, ":secret:${") {
					t.Errorf("resource %v: want the SSM path ARN under UseSsm, else the secret's ARN", one)
				}
			}
			if strings.Contains(fmt.Sprint(pols), "Resource:*") || strings.Contains(fmt.Sprint(pols), "secret:*") {
				t.Errorf("a secret statement with a wildcard resource: %v", pols)
			}
			// The code names at least one key of each secret it is given:
			// the policy is no broader than the code.
			reads := literals(t, deps(t, functions[name]))
			for _, p := range want {
				if !slices.ContainsFunc(platformSecrets[p], func(k string) bool { return slices.Contains(reads, k) }) {
					t.Errorf("%s is given %s but its code reads none of %v", name, p, platformSecrets[p])
				}
			}
		})
	}
	for _, name := range []string{"SlackFunction", "FeishuFunction"} {
		if v := dig(fns[name], "Properties", "Environment", "Variables", "DRAFTER_LLM"); !strings.Contains(fmt.Sprint(v), "HasLlm") {
			t.Errorf("%s DRAFTER_LLM %v, want it set under HasLlm: it hands LLM work to the drafter without the key", name, v)
		}
	}
}

// literals lists the string literals in the non-test files of the project
// packages given (the key names the code reads, constants included).
func literals(t *testing.T, pkgs []string) []string {
	seen := map[string]bool{}
	for _, p := range pkgs {
		dir := filepath.Join(root(t), strings.TrimPrefix(strings.TrimPrefix(p, "gpuadvisor"), "/"))
		entries, _ := os.ReadDir(dir)
		for _, e := range entries {
			if !strings.HasSuffix(e.Name(), ".go") || strings.HasSuffix(e.Name(), "_test.go") {
				continue
			}
			f, err := parser.ParseFile(token.NewFileSet(), filepath.Join(dir, e.Name()), nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			ast.Inspect(f, func(n ast.Node) bool {
				if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
					if v, err := strconv.Unquote(lit.Value); err == nil {
						seen[v] = true
					}
				}
				return true
			})
		}
	}
	return slices.Sorted(maps.Keys(seen))
}
