package deploy

import (
	"fmt"
	"strings"
	"testing"
)

// TestTemplateObservability checks the observability promises of
// template.yaml (docs/deploy.md, "Observability"), one row per promise.
func TestTemplateObservability(t *testing.T) {
	r := loadTemplate(t)
	fns := resourcesOf(r, "AWS::Serverless::Function")

	t.Run("X-Ray tracing on every function, behind one condition", func(t *testing.T) {
		want := map[string]any{"Fn::If": []any{"TracingActive", "Active", "PassThrough"}}
		g := dig(r, "Globals", "Function", "Tracing")
		if fmt.Sprint(g) != fmt.Sprint(want) {
			t.Errorf("Globals.Function.Tracing %v, want %v", g, want)
		}
		for name := range functions {
			if v := dig(fns[name], "Properties", "Tracing"); v != nil {
				t.Errorf("%s sets Tracing %v itself; the condition in Globals must decide for all four", name, v)
			}
		}
		wantCond := map[string]any{"Fn::And": []any{
			map[string]any{"Fn::Equals": []any{map[string]any{"Ref": "TracingMode"}, "Active"}},
			map[string]any{"Condition": "TracingOn"}}}
		if c := dig(r, "Conditions", "TracingActive"); fmt.Sprint(c) != fmt.Sprint(wantCond) {
			t.Errorf("condition TracingActive %v, want TracingMode = Active and the partition's TracingOn", c)
		}
		if d := dig(r, "Parameters", "TracingMode", "Default"); d != "Active" {
			t.Errorf("TracingMode default %v, want Active", d)
		}
	})

	t.Run("an alarm on the public functions' p99 duration above 2.5 s", func(t *testing.T) {
		alarms := resourcesOf(r, "AWS::CloudWatch::Alarm")
		for _, short := range []string{"Slack", "Feishu"} {
			a := digMap(alarms[short+"DurationAlarm"], "Properties")
			if a == nil {
				t.Errorf("no alarm %sDurationAlarm", short)
				continue
			}
			dims, _ := a["Dimensions"].([]any)
			th, _ := number(a["Threshold"])
			if a["Namespace"] != "AWS/Lambda" || a["MetricName"] != "Duration" || a["ExtendedStatistic"] != "p99" ||
				th != 2500 || a["ComparisonOperator"] != "GreaterThanThreshold" || len(dims) != 1 ||
				refTo(dig(map[string]any{"d": dims[0]}, "d", "Value")) != short+"Function" {
				t.Errorf("%sDurationAlarm %v, want AWS/Lambda Duration p99 > 2500 ms on %sFunction", short, a, short)
			}
			if acts, _ := a["AlarmActions"].([]any); len(acts) != 1 || refTo(acts[0]) != "AlarmTopic" {
				t.Errorf("%sDurationAlarm actions %v, want the AlarmTopic", short, a["AlarmActions"])
			}
		}
	})

	t.Run("a dead-letter queue on the reminder schedule, alarmed", func(t *testing.T) {
		dlc := digMap(fns["ReminderFunction"], "Properties", "Events", "Daily", "Properties", "DeadLetterConfig")
		if getAtt(dlc["Arn"]) != "ReminderScheduleDeadLetterQueue.Arn" {
			t.Errorf("the Daily schedule's DeadLetterConfig %v, want the Arn of ReminderScheduleDeadLetterQueue", dlc)
		}
		if resourcesOf(r, "AWS::SQS::Queue")["ReminderScheduleDeadLetterQueue"] == nil {
			t.Error("no SQS queue ReminderScheduleDeadLetterQueue")
		}
		a := digMap(resourcesOf(r, "AWS::CloudWatch::Alarm")["ReminderScheduleDeadLetterAlarm"], "Properties")
		dims, _ := a["Dimensions"].([]any)
		if a["MetricName"] != "ApproximateNumberOfMessagesVisible" || len(dims) != 1 ||
			getAtt(dig(map[string]any{"d": dims[0]}, "d", "Value")) != "ReminderScheduleDeadLetterQueue.QueueName" {
			t.Errorf("ReminderScheduleDeadLetterAlarm %v, want the queue's visible messages", a)
		}
	})

	t.Run("deletion and replace policies on the log groups", func(t *testing.T) {
		groups := resourcesOf(r, "AWS::Logs::LogGroup")
		if len(groups) != len(functions) {
			t.Errorf("%d log groups, want one per function", len(groups))
		}
		for name, g := range groups {
			if g["DeletionPolicy"] != "Delete" || g["UpdateReplacePolicy"] != "Delete" {
				t.Errorf("%s DeletionPolicy %v UpdateReplacePolicy %v, want Delete and Delete (stated, not left to the default)", name, g["DeletionPolicy"], g["UpdateReplacePolicy"])
			}
		}
	})

	t.Run("every resource that keeps data states its deletion policy", func(t *testing.T) {
		for id, res := range digMap(r, "Resources") {
			m, _ := res.(map[string]any)
			typ := fmt.Sprint(m["Type"])
			if (strings.HasPrefix(typ, "AWS::Logs::") || strings.HasPrefix(typ, "AWS::DynamoDB::")) && m["DeletionPolicy"] == nil {
				t.Errorf("%s (%s) has no DeletionPolicy", id, typ)
			}
		}
	})
}
