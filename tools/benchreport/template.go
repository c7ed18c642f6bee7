package main

import (
	"fmt"
	"os"
	"sort"
	"strings"

	"go.yaml.in/yaml/v3"
)

// templateGoEnv reads the Go runtime settings (GOGC, GOMEMLIMIT,
// GOMAXPROCS, GODEBUG: every GO* variable) the SAM template gives every
// function in Globals, so that the bench measures what is deployed. The
// template's CloudFormation tags (!Ref, !If) are walked as YAML nodes, not
// decoded.
func templateGoEnv(path string) ([]string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(b, &doc); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	n := &doc
	if n.Kind == yaml.DocumentNode && len(n.Content) == 1 {
		n = n.Content[0]
	}
	for _, key := range []string{"Globals", "Function", "Environment", "Variables"} {
		if n = child(n, key); n == nil {
			return nil, fmt.Errorf("%s: no Globals.Function.Environment.Variables", path)
		}
	}
	var env []string
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if strings.HasPrefix(k.Value, "GO") && v.Kind == yaml.ScalarNode {
			env = append(env, k.Value+"="+v.Value)
		}
	}
	if len(env) == 0 {
		return nil, fmt.Errorf("%s: Globals sets no GO* variable", path)
	}
	sort.Strings(env)
	return env, nil
}

// child is the value under key in a mapping node; nil when absent.
func child(n *yaml.Node, key string) *yaml.Node {
	if n.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return n.Content[i+1]
		}
	}
	return nil
}
