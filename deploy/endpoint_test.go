package deploy

import (
	"fmt"
	"strings"
	"testing"
)

// rendering is the template as CloudFormation would see it in one
// partition with one Endpoint: conditions evaluated, resources whose
// condition is false dropped, Fn::If resolved.
type rendering struct {
	conds     map[string]bool
	resources map[string]any
	outputs   map[string]any
}

// render evaluates the template's conditions for a partition and
// parameter values (defaults for the rest).
func render(t *testing.T, tmpl map[string]any, partition string, params map[string]string) rendering {
	t.Helper()
	value := func(name string) string {
		switch name {
		case "AWS::Partition":
			return partition
		case "AWS::Region":
			if partition == "aws-cn" {
				return "cn-northwest-1"
			}
			return "ap-east-1"
		}
		if v, ok := params[name]; ok {
			return v
		}
		return fmt.Sprint(dig(tmpl, "Parameters", name, "Default"))
	}
	raw := digMap(tmpl, "Conditions")
	conds := map[string]bool{}
	var eval func(v any) bool
	str := func(v any) string {
		if m, ok := v.(map[string]any); ok {
			if r, ok := m["Ref"].(string); ok {
				return value(r)
			}
			t.Fatalf("condition operand %v is not a Ref or a string", v)
		}
		return fmt.Sprint(v)
	}
	eval = func(v any) bool {
		m, ok := v.(map[string]any)
		if !ok {
			t.Fatalf("condition %v is not a function", v)
		}
		for fn, arg := range m {
			args, _ := arg.([]any)
			switch fn {
			case "Fn::Equals":
				return str(args[0]) == str(args[1])
			case "Fn::Not":
				return !eval(args[0])
			case "Fn::And":
				for _, a := range args {
					if !eval(a) {
						return false
					}
				}
				return true
			case "Fn::Or":
				for _, a := range args {
					if eval(a) {
						return true
					}
				}
				return false
			case "Condition":
				name, _ := arg.(string)
				if _, ok := raw[name]; !ok {
					t.Fatalf("condition %s is not defined", name)
				}
				return eval(raw[name])
			}
			t.Fatalf("condition function %s not handled", fn)
		}
		return false
	}
	for name, c := range raw {
		conds[name] = eval(c)
	}
	var resolve func(v any) any
	resolve = func(v any) any {
		switch x := v.(type) {
		case map[string]any:
			if args, ok := x["Fn::If"].([]any); ok && len(args) == 3 {
				name, _ := args[0].(string)
				if conds[name] {
					return resolve(args[1])
				}
				return resolve(args[2])
			}
			out := map[string]any{}
			for k, e := range x {
				out[k] = resolve(e)
			}
			return out
		case []any:
			out := make([]any, len(x))
			for i, e := range x {
				out[i] = resolve(e)
			}
			return out
		}
		return v
	}
	r := rendering{conds: conds, resources: map[string]any{}, outputs: map[string]any{}}
	for name, res := range digMap(tmpl, "Resources") {
		if c, ok := dig(res.(map[string]any), "Condition").(string); ok && !conds[c] {
			continue
		}
		r.resources[name] = resolve(res)
	}
	for name, o := range digMap(tmpl, "Outputs") {
		r.outputs[name] = resolve(o)
	}
	return r
}

// The template deploys in both partitions: Function URLs by default in the
// global one, HTTP APIs where asked and always in AWS China (which has no
// Function URLs), X-Ray only where Lambda offers it, and every ARN built
// with the partition.
func TestEndpointsInBothPartitions(t *testing.T) {
	tmpl := loadTemplate(t)
	cases := []struct {
		name, partition, endpoint string
		wantURL                   bool
	}{
		{"global, default", "aws", "", true},
		{"global, HttpApi", "aws", "HttpApi", false},
		{"China, default", "aws-cn", "", false},
		{"China, FunctionUrl asked", "aws-cn", "FunctionUrl", false},
	}
	for _, tc := range cases {
		params := map[string]string{}
		if tc.endpoint != "" {
			params["Endpoint"] = tc.endpoint
		}
		r := render(t, tmpl, tc.partition, params)
		for _, p := range []string{"Slack", "Feishu"} {
			_, hasURL := r.resources[p+"FunctionUrl"]
			_, hasAPI := r.resources[p+"HttpApi"]
			if hasURL != tc.wantURL || hasAPI == tc.wantURL {
				t.Errorf("%s: %s Function URL %v, HTTP API %v; want the URL %v", tc.name, p, hasURL, hasAPI, tc.wantURL)
			}
			out := fmt.Sprint(dig(r.outputs, p+"Url", "Value"))
			if tc.wantURL != strings.Contains(out, p+"FunctionUrl") || !tc.wantURL && !strings.Contains(out, p+"HttpApi.ApiEndpoint") {
				t.Errorf("%s: output %sUrl = %s", tc.name, p, out)
			}
			if tc.wantURL {
				for _, perm := range []string{p + "FunctionUrlPermission", p + "FunctionUrlInvokePermission"} {
					if _, ok := r.resources[perm]; !ok {
						t.Errorf("%s: %s missing (a Function URL needs both InvokeFunctionUrl and InvokeFunction)", tc.name, perm)
					}
				}
				if dig(r.resources[p+"FunctionUrlInvokePermission"].(map[string]any), "Properties", "InvokedViaFunctionUrl") != true {
					t.Errorf("%s: %sFunctionUrlInvokePermission is not limited to calls through the URL", tc.name, p)
				}
			} else if _, ok := r.resources[p+"HttpApiPermission"]; !ok {
				t.Errorf("%s: %sHttpApiPermission missing", tc.name, p)
			}
		}
		if tc.partition == "aws-cn" {
			for name, res := range r.resources {
				if fmt.Sprint(dig(res.(map[string]any), "Properties", "Tracing")) == "Active" ||
					fmt.Sprint(dig(res.(map[string]any), "Properties", "TracingConfig", "Mode")) == "Active" {
					t.Errorf("%s: %s has X-Ray tracing on, which the China partition does not offer for Lambda", tc.name, name)
				}
			}
			if fmt.Sprint(dig(tmpl, "Globals", "Function", "Tracing")) == "Active" {
				t.Errorf("%s: Globals turn X-Ray tracing on unconditionally", tc.name)
			}
		}
	}
	// every ARN the template writes names the partition
	var walk func(path string, v any)
	walk = func(path string, v any) {
		switch x := v.(type) {
		case map[string]any:
			for k, e := range x {
				walk(path+"."+k, e)
			}
		case []any:
			for i, e := range x {
				walk(fmt.Sprintf("%s[%d]", path, i), e)
			}
		case string:
			if strings.Contains(x, "arn:aws:") || strings.Contains(x, "arn:aws-cn:") {
				t.Errorf("%s: %q writes the partition into an ARN; use ${AWS::Partition}", path, x)
			}
		}
	}
	walk("Resources", digMap(tmpl, "Resources"))
}
