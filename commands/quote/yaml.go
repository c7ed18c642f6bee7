package quote

import (
	"fmt"
	"strings"

	"go.yaml.in/yaml/v3"

	"gpuadvisor/advisor"
	"gpuadvisor/chat"
)

// vendorListKeys name the list of vendors in a YAML file.
var vendorListKeys = advisor.Lazy[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"vendors": true, "quotes": true, "供应商": true, "报价": true, "厂商": true}
}}

// parseYAML reads quotes from a YAML document (see the package doc for the
// shape) into in. A document that is not YAML, or not one of the accepted
// shapes, is an error naming the line.
func parseYAML(lang chat.Lang, doc string, in *input) *chat.Error {
	var root yaml.Node
	if err := yaml.Unmarshal([]byte(doc), &root); err != nil {
		return chat.Invalidf(lang, "file", fileExampleIn(lang),
			"the quotes file is not valid YAML (%s); see the shape in the example", "报价文件不是有效的 YAML（%s），格式见示例", yamlWhere(lang, err))
	}
	if len(root.Content) == 0 {
		return chat.Invalid(lang, "file", "the quotes file is empty", "报价文件是空的", fileExampleIn(lang))
	}
	top := root.Content[0]
	switch top.Kind {
	case yaml.SequenceNode:
		return readVendorList(lang, top, in)
	case yaml.MappingNode:
		for i := 0; i+1 < len(top.Content); i += 2 {
			k, v := top.Content[i], top.Content[i+1]
			key := strings.TrimSpace(k.Value)
			switch {
			case vendorListKeys.Get()[strings.ToLower(key)]:
				if v.Kind != yaml.SequenceNode {
					return shapeErr(lang, k.Line, key+" must be a list of vendors (each line starting with -)", key+" 必须是供应商列表（每项以 - 开头）")
				}
				if err := readVendorList(lang, v, in); err != nil {
					return err
				}
			case v.Kind == yaml.MappingNode:
				// "A: {price: 35, cards: 8}": a vendor named by its key.
				if err := readVendorMap(lang, key, v, in); err != nil {
					return err
				}
			case v.Kind == yaml.ScalarNode:
				addPair(lang, in, nil, key, v.Value, fmt.Sprintf(chat.T(lang, "line %d", "第%d行"), k.Line))
			default:
				return shapeErr(lang, k.Line, key+": expected a value, a vendor's keys, or the vendors list", key+"：应为一个值、一个供应商的参数，或供应商列表")
			}
		}
		return nil
	}
	return shapeErr(lang, top.Line, "expected the workload (hours, cards, ...) and a vendors list", "应包含工作负载（时长、卡数 等）和 供应商 列表")
}

func readVendorList(lang chat.Lang, seq *yaml.Node, in *input) *chat.Error {
	for _, item := range seq.Content {
		if item.Kind != yaml.MappingNode {
			return shapeErr(lang, item.Line, "each vendor must be a set of key: value lines (name: A, price: 35, cards: 8)",
				"每个供应商须为若干行 参数: 值（名称: A, 单价: 35, 卡数: 8）")
		}
		if err := readVendorMap(lang, "", item, in); err != nil {
			return err
		}
	}
	return nil
}

func readVendorMap(lang chat.Lang, name string, m *yaml.Node, in *input) *chat.Error {
	where := fmt.Sprintf(chat.T(lang, "line %d", "第%d行"), m.Line)
	d := in.newVendor(name, where)
	for i := 0; i+1 < len(m.Content); i += 2 {
		k, v := m.Content[i], m.Content[i+1]
		if v.Kind != yaml.ScalarNode {
			return shapeErr(lang, k.Line, k.Value+" must be a single value", k.Value+" 必须是单个值")
		}
		lineWhere := fmt.Sprintf(chat.T(lang, "line %d", "第%d行"), k.Line)
		if spec, ok := lookupKey(k.Value); ok && spec.name == "name" {
			if d.name != "" && d.name != strings.TrimSpace(v.Value) {
				return shapeErr(lang, k.Line, "a vendor has two names", "一个供应商写了两个名称")
			}
			d.name = strings.TrimSpace(v.Value)
			continue
		}
		addPair(lang, in, d, k.Value, v.Value, lineWhere)
	}
	return nil
}

// fileExample is the smallest quotes file that works; fileExampleZH is
// the same file in the Chinese keys it reads.
const (
	fileExample   = "hours: 300\ncards: 8\nvendors:\n  - {name: A, price: 35}\n  - {name: B, price: 29}"
	fileExampleZH = "时长: 300\n卡数: 8\n供应商:\n  - {名称: A, 单价: 35}\n  - {名称: B, 单价: 29}"
)

// fileExampleIn is the example file in lang's keys.
func fileExampleIn(lang chat.Lang) string { return chat.T(lang, fileExample, fileExampleZH) }

// yamlWhere is what a YAML error says, for the message: in English the
// parser's own words, in Chinese the line it names (its words are English).
func yamlWhere(lang chat.Lang, err error) string {
	s := trimYAMLErr(err)
	if lang != chat.ZH {
		return s
	}
	var n int
	if i := strings.Index(s, "line "); i >= 0 {
		if _, serr := fmt.Sscanf(s[i:], "line %d", &n); serr == nil {
			return fmt.Sprintf("第 %d 行有语法错误", n)
		}
	}
	return "语法错误"
}

func shapeErr(lang chat.Lang, line int, en, zh string) *chat.Error {
	return chat.Invalidf(lang, "file", fileExampleIn(lang), "quotes file line %d: %s", "报价文件第%d行：%s", line, chat.T(lang, en, zh))
}

func trimYAMLErr(err error) string {
	s := err.Error()
	s = strings.TrimPrefix(s, "yaml: ")
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	return chat.Truncate(s, 160)
}
