package deploy

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// The template is read with the project's YAML module. CloudFormation's
// short-form tags become the long form a JSON template would hold, so that
// a test reads one shape whichever the template uses:
//
//	!Ref X              {"Ref": "X"}
//	!Condition C        {"Condition": "C"}
//	!GetAtt A.B.C       {"Fn::GetAtt": ["A", "B.C"]}   (a list stays a list)
//	!Sub s, !If [...]   {"Fn::Sub": s}, {"Fn::If": [...]}, and so on for every
//	                    other !Name: {"Fn::Name": value}
//
// (AWS CloudFormation User Guide, "Intrinsic function reference": the short
// form of each function.) References stay references: nothing is resolved.

// parseTemplate decodes a CloudFormation YAML template into maps, lists and
// scalars, short-form tags in their long form.
func parseTemplate(b []byte) (map[string]any, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(b, &doc); err != nil {
		return nil, err
	}
	if len(doc.Content) != 1 {
		return nil, fmt.Errorf("want one YAML document, got %d", len(doc.Content))
	}
	v, err := decodeCFN(doc.Content[0])
	if err != nil {
		return nil, err
	}
	m, ok := v.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("the template is a %T, want a mapping", v)
	}
	return m, nil
}

// decodeCFN turns one node into Go values, a tagged node into its
// intrinsic function.
func decodeCFN(n *yaml.Node) (any, error) {
	if n.Kind == yaml.AliasNode {
		return decodeCFN(n.Alias)
	}
	tag := n.Tag
	if strings.HasPrefix(tag, "!") && !strings.HasPrefix(tag, "!!") {
		return decodeIntrinsic(n)
	}
	switch n.Kind {
	case yaml.MappingNode:
		m := make(map[string]any, len(n.Content)/2)
		for i := 0; i+1 < len(n.Content); i += 2 {
			k := n.Content[i]
			if k.Kind != yaml.ScalarNode {
				return nil, fmt.Errorf("line %d: a mapping key must be a scalar", k.Line)
			}
			if _, dup := m[k.Value]; dup {
				return nil, fmt.Errorf("line %d: key %q appears twice", k.Line, k.Value)
			}
			v, err := decodeCFN(n.Content[i+1])
			if err != nil {
				return nil, err
			}
			m[k.Value] = v
		}
		return m, nil
	case yaml.SequenceNode:
		l := make([]any, 0, len(n.Content))
		for _, c := range n.Content {
			v, err := decodeCFN(c)
			if err != nil {
				return nil, err
			}
			l = append(l, v)
		}
		return l, nil
	case yaml.ScalarNode:
		var v any
		if err := n.Decode(&v); err != nil {
			return nil, fmt.Errorf("line %d: %w", n.Line, err)
		}
		return v, nil
	}
	return nil, fmt.Errorf("line %d: unexpected YAML node kind %v", n.Line, n.Kind)
}

// decodeIntrinsic reads a node tagged !Name.
func decodeIntrinsic(n *yaml.Node) (any, error) {
	name := strings.TrimPrefix(n.Tag, "!")
	if name == "" {
		return nil, fmt.Errorf("line %d: empty tag", n.Line)
	}
	untagged := *n
	untagged.Tag = ""
	if n.Kind == yaml.ScalarNode {
		untagged.Tag = "!!str" // !Ref 10 names "10", it is not a number
	}
	arg, err := decodeCFN(&untagged)
	if err != nil {
		return nil, err
	}
	switch name {
	case "Ref", "Condition":
		s, ok := arg.(string)
		if !ok {
			return nil, fmt.Errorf("line %d: !%s takes a name, got %v", n.Line, name, arg)
		}
		return map[string]any{name: s}, nil
	case "GetAtt":
		if s, ok := arg.(string); ok {
			res, attr, ok := strings.Cut(s, ".")
			if !ok || res == "" || attr == "" {
				return nil, fmt.Errorf("line %d: !GetAtt %q, want Resource.Attribute", n.Line, s)
			}
			return map[string]any{"Fn::GetAtt": []any{res, attr}}, nil
		}
		return map[string]any{"Fn::GetAtt": arg}, nil
	}
	return map[string]any{"Fn::" + name: arg}, nil
}

// loadTemplate reads template.yaml at the repository root.
func loadTemplate(t *testing.T) map[string]any {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(root(t), "template.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	m, err := parseTemplate(b)
	if err != nil {
		t.Fatalf("template.yaml: %v", err)
	}
	return m
}

// dig walks maps by key; nil when a step is missing.
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

// digMap is dig for a mapping (nil when it is something else).
func digMap(m map[string]any, path ...string) map[string]any {
	v, _ := dig(m, path...).(map[string]any)
	return v
}

// resourcesOf returns the resources of the given type, by logical id.
func resourcesOf(tpl map[string]any, typ string) map[string]map[string]any {
	out := map[string]map[string]any{}
	for id, r := range digMap(tpl, "Resources") {
		if rm, ok := r.(map[string]any); ok && rm["Type"] == typ {
			out[id] = rm
		}
	}
	return out
}

// refTo returns the name v refers to with Ref ("" when v is not a Ref).
func refTo(v any) string {
	m, ok := v.(map[string]any)
	if !ok || len(m) != 1 {
		return ""
	}
	s, _ := m["Ref"].(string)
	return s
}

// getAtt returns "Resource.Attribute" for an Fn::GetAtt ("" otherwise).
func getAtt(v any) string {
	m, ok := v.(map[string]any)
	if !ok || len(m) != 1 {
		return ""
	}
	l, _ := m["Fn::GetAtt"].([]any)
	if len(l) != 2 {
		return ""
	}
	return fmt.Sprint(l[0]) + "." + fmt.Sprint(l[1])
}

// number reads an int from a YAML scalar (int, or a string of digits).
func number(v any) (int, bool) {
	switch x := v.(type) {
	case int:
		return x, true
	case string:
		n, err := strconv.Atoi(x)
		return n, err == nil
	}
	return 0, false
}
