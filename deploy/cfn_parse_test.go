package deploy

import (
	"reflect"
	"testing"
)

// TestParseTemplateShortForms checks the reader on each short-form tag the
// template uses or may use.
func TestParseTemplateShortForms(t *testing.T) {
	tests := []struct {
		name, yaml string
		want       any
	}{
		{"Ref", "v: !Ref Table", map[string]any{"Ref": "Table"}},
		{"Ref of a pseudo parameter", "v: !Ref AWS::NoValue", map[string]any{"Ref": "AWS::NoValue"}},
		{"Ref of a name that looks like a number stays a string", "v: !Ref 10", map[string]any{"Ref": "10"}},
		{"GetAtt, dotted", "v: !GetAtt Queue.Arn", map[string]any{"Fn::GetAtt": []any{"Queue", "Arn"}}},
		{"GetAtt, nested attribute", "v: !GetAtt SlackFunctionUrl.FunctionUrl", map[string]any{"Fn::GetAtt": []any{"SlackFunctionUrl", "FunctionUrl"}}},
		{"GetAtt, list", "v: !GetAtt [Queue, QueueName]", map[string]any{"Fn::GetAtt": []any{"Queue", "QueueName"}}},
		{"Sub, string", "v: !Sub 'arn:${AWS::Partition}:x'", map[string]any{"Fn::Sub": "arn:${AWS::Partition}:x"}},
		{"Sub, with variables", "v: !Sub ['${A}-x', {A: !Ref B}]", map[string]any{"Fn::Sub": []any{"${A}-x", map[string]any{"A": map[string]any{"Ref": "B"}}}}},
		{"If with nested Ref", "v: !If [C, !Ref P, !Ref AWS::NoValue]",
			map[string]any{"Fn::If": []any{"C", map[string]any{"Ref": "P"}, map[string]any{"Ref": "AWS::NoValue"}}}},
		{"Not of Equals", "v: !Not [!Equals [!Ref P, '']]",
			map[string]any{"Fn::Not": []any{map[string]any{"Fn::Equals": []any{map[string]any{"Ref": "P"}, ""}}}}},
		{"Equals of Ref and a partition", "v: !Equals [!Ref AWS::Partition, aws-cn]",
			map[string]any{"Fn::Equals": []any{map[string]any{"Ref": "AWS::Partition"}, "aws-cn"}}},
		{"Condition", "v: !Condition HasX", map[string]any{"Condition": "HasX"}},
		{"Join", "v: !Join [',', [a, b]]", map[string]any{"Fn::Join": []any{",", []any{"a", "b"}}}},
		{"Select, Split", "v: !Select [0, !Split ['/', x/y]]", map[string]any{"Fn::Select": []any{0, map[string]any{"Fn::Split": []any{"/", "x/y"}}}}},
		{"a long form is kept", "v: {'Fn::GetAtt': [A, B]}", map[string]any{"Fn::GetAtt": []any{"A", "B"}}},
		{"plain scalars keep their types", "v: [1, true, x, '2']", []any{1, true, "x", "2"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := parseTemplate([]byte(tc.yaml))
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got["v"], tc.want) {
				t.Errorf("got %#v, want %#v", got["v"], tc.want)
			}
		})
	}
	for _, bad := range []string{"v: !GetAtt NoAttribute", "v: !Ref [a, b]", "a: 1\na: 2", "- a\n- b"} {
		if _, err := parseTemplate([]byte(bad)); err == nil {
			t.Errorf("parseTemplate(%q): no error", bad)
		}
	}
}
