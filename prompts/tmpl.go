package prompts

import (
	"fmt"
	"reflect"
	"strings"
	"unicode"
)

// This file is a small template engine for the subset the templates use:
// {{define "name"}}…{{end}}, {{.Field}} and {{.A.B}}, {{.}}, {{if .X}},
// {{if eq .X "s"}}, {{else if …}}, {{else}}, {{range .X}}, {{end}}, and the
// {{- / -}} whitespace trims. It replaces text/template on purpose:
// text/template calls reflect's MethodByName, which makes the Go linker keep
// every exported method of every reachable type, and so adds about 8 MB of
// unused AWS SDK code to each Lambda binary. Fields are read with FieldByName,
// which does not.

type node interface{}

type textNode string

type fieldNode []string // path; empty = dot

type ifNode struct {
	conds  []cond // if and else-if branches
	bodies [][]node
	els    []node
}

type cond struct {
	path  []string
	eq    bool
	value string
}

type rangeNode struct {
	path []string
	body []node
}

// tmplSet is a parsed set of named templates.
type tmplSet map[string][]node

// parseTemplates reads every {{define "name"}} block of the sources.
func parseTemplates(srcs ...string) (tmplSet, error) {
	set := tmplSet{}
	for _, src := range srcs {
		toks, err := lexTemplate(src)
		if err != nil {
			return nil, err
		}
		p := &tparser{toks: toks}
		for p.i < len(p.toks) {
			t := p.toks[p.i]
			if t.action == "" {
				if strings.TrimSpace(t.text) != "" {
					return nil, fmt.Errorf("template text outside a define: %q", truncate(t.text, 40))
				}
				p.i++
				continue
			}
			name, ok := strings.CutPrefix(t.action, "define ")
			if !ok {
				return nil, fmt.Errorf("expected define, got {{%s}}", t.action)
			}
			name = strings.Trim(strings.TrimSpace(name), `"`)
			p.i++
			body, end, err := p.list()
			if err != nil {
				return nil, fmt.Errorf("template %s: %w", name, err)
			}
			if end != "end" {
				return nil, fmt.Errorf("template %s: unexpected {{%s}}", name, end)
			}
			if _, dup := set[name]; dup {
				return nil, fmt.Errorf("template %s defined twice", name)
			}
			set[name] = body
		}
	}
	return set, nil
}

type ttoken struct {
	text   string
	action string // set for {{…}}
}

func lexTemplate(src string) ([]ttoken, error) {
	var toks []ttoken
	for len(src) > 0 {
		i := strings.Index(src, "{{")
		if i < 0 {
			toks = append(toks, ttoken{text: src})
			break
		}
		text := src[:i]
		rest := src[i+2:]
		j := strings.Index(rest, "}}")
		if j < 0 {
			return nil, fmt.Errorf("unclosed {{")
		}
		act := rest[:j]
		src = rest[j+2:]
		if strings.HasPrefix(act, "- ") {
			text = strings.TrimRightFunc(text, unicode.IsSpace)
			act = act[2:]
		}
		if strings.HasSuffix(act, " -") {
			src = strings.TrimLeftFunc(src, unicode.IsSpace)
			act = act[:len(act)-2]
		}
		if text != "" {
			toks = append(toks, ttoken{text: text})
		}
		toks = append(toks, ttoken{action: strings.TrimSpace(act)})
	}
	return toks, nil
}

type tparser struct {
	toks []ttoken
	i    int
}

// list parses nodes up to an {{end}}, {{else}} or {{else if}}, returned as end.
func (p *tparser) list() ([]node, string, error) {
	var out []node
	for p.i < len(p.toks) {
		t := p.toks[p.i]
		p.i++
		if t.action == "" {
			out = append(out, textNode(t.text))
			continue
		}
		a := t.action
		switch {
		case a == "end" || a == "else" || strings.HasPrefix(a, "else if "):
			return out, a, nil
		case strings.HasPrefix(a, "if "):
			n, err := p.ifNode(strings.TrimPrefix(a, "if "))
			if err != nil {
				return nil, "", err
			}
			out = append(out, n)
		case strings.HasPrefix(a, "range "):
			path, err := parsePath(strings.TrimPrefix(a, "range "))
			if err != nil {
				return nil, "", err
			}
			body, end, err := p.list()
			if err != nil {
				return nil, "", err
			}
			if end != "end" {
				return nil, "", fmt.Errorf("range without end")
			}
			out = append(out, rangeNode{path: path, body: body})
		default:
			path, err := parsePath(a)
			if err != nil {
				return nil, "", err
			}
			out = append(out, fieldNode(path))
		}
	}
	return out, "", fmt.Errorf("missing {{end}}")
}

func (p *tparser) ifNode(expr string) (node, error) {
	n := &ifNode{}
	for {
		c, err := parseCond(expr)
		if err != nil {
			return nil, err
		}
		body, end, err := p.list()
		if err != nil {
			return nil, err
		}
		n.conds = append(n.conds, c)
		n.bodies = append(n.bodies, body)
		switch {
		case end == "end":
			return n, nil
		case end == "else":
			els, end, err := p.list()
			if err != nil {
				return nil, err
			}
			if end != "end" {
				return nil, fmt.Errorf("else without end")
			}
			n.els = els
			return n, nil
		default:
			expr = strings.TrimPrefix(end, "else if ")
		}
	}
}

func parseCond(expr string) (cond, error) {
	expr = strings.TrimSpace(expr)
	if rest, ok := strings.CutPrefix(expr, "eq "); ok {
		f := strings.Fields(rest)
		if len(f) != 2 || !strings.HasPrefix(f[1], `"`) || !strings.HasSuffix(f[1], `"`) {
			return cond{}, fmt.Errorf("eq takes a field and a quoted string: %q", expr)
		}
		path, err := parsePath(f[0])
		return cond{path: path, eq: true, value: strings.Trim(f[1], `"`)}, err
	}
	path, err := parsePath(expr)
	return cond{path: path}, err
}

func parsePath(s string) ([]string, error) {
	s = strings.TrimSpace(s)
	if s == "." {
		return nil, nil
	}
	if !strings.HasPrefix(s, ".") || strings.ContainsAny(s, " \t\"()|$") {
		return nil, fmt.Errorf("unsupported template action %q", s)
	}
	return strings.Split(s[1:], "."), nil
}

// execute renders template name with data.
func (set tmplSet) execute(name string, data any) (string, error) {
	body, ok := set[name]
	if !ok {
		return "", fmt.Errorf("no template %q", name)
	}
	var b strings.Builder
	err := execNodes(&b, body, reflect.ValueOf(data))
	return b.String(), err
}

func execNodes(b *strings.Builder, nodes []node, dot reflect.Value) error {
	for _, n := range nodes {
		switch n := n.(type) {
		case textNode:
			b.WriteString(string(n))
		case fieldNode:
			v, err := lookup(dot, n)
			if err != nil {
				return err
			}
			fmt.Fprint(b, v.Interface())
		case *ifNode:
			done := false
			for i, c := range n.conds {
				ok, err := c.holds(dot)
				if err != nil {
					return err
				}
				if ok {
					if err := execNodes(b, n.bodies[i], dot); err != nil {
						return err
					}
					done = true
					break
				}
			}
			if !done {
				if err := execNodes(b, n.els, dot); err != nil {
					return err
				}
			}
		case rangeNode:
			v, err := lookup(dot, n.path)
			if err != nil {
				return err
			}
			if v.Kind() != reflect.Slice && v.Kind() != reflect.Array {
				return fmt.Errorf("range over %s, not a list", v.Kind())
			}
			for i := 0; i < v.Len(); i++ {
				if err := execNodes(b, n.body, v.Index(i)); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

func (c cond) holds(dot reflect.Value) (bool, error) {
	v, err := lookup(dot, c.path)
	if err != nil {
		return false, err
	}
	if c.eq {
		return fmt.Sprint(v.Interface()) == c.value, nil
	}
	return !v.IsZero() && !(v.Kind() == reflect.Slice && v.Len() == 0), nil
}

// lookup follows a field path through structs, pointers and string-keyed maps.
// A missing field is an error (the templates are fixed and tested).
func lookup(v reflect.Value, path []string) (reflect.Value, error) {
	for _, name := range path {
		for v.Kind() == reflect.Pointer || v.Kind() == reflect.Interface {
			if v.IsNil() {
				return v, fmt.Errorf("field %s of nil", name)
			}
			v = v.Elem()
		}
		switch v.Kind() {
		case reflect.Struct:
			f := v.FieldByName(name)
			if !f.IsValid() {
				return v, fmt.Errorf("no field %s in %s", name, v.Type())
			}
			v = f
		case reflect.Map:
			f := v.MapIndex(reflect.ValueOf(name))
			if !f.IsValid() {
				return v, fmt.Errorf("no key %s", name)
			}
			v = f
		default:
			return v, fmt.Errorf("field %s of %s", name, v.Kind())
		}
	}
	for v.Kind() == reflect.Interface && !v.IsNil() {
		v = v.Elem()
	}
	if !v.IsValid() {
		return reflect.ValueOf(""), nil
	}
	return v, nil
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}
