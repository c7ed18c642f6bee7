package deploy

import (
	"fmt"
	"strings"
	"testing"

	"gpuadvisor/drafter"
)

// TestTemplateOperations checks the operations promises of template.yaml,
// one row per promise (docs/deploy.md): each failed on the template before
// them.
func TestTemplateOperations(t *testing.T) {
	r := loadTemplate(t)
	fns := resourcesOf(r, "AWS::Serverless::Function")
	param := func(name string) map[string]any { m, _ := dig(r, "Parameters", name).(map[string]any); return m }

	t.Run("reserved concurrency on the public functions, a parameter", func(t *testing.T) {
		p := param("PublicConcurrency")
		if p == nil || p["Type"] != "Number" {
			t.Fatalf("no Number parameter PublicConcurrency: %v", p)
		}
		def, _ := p["Default"].(int)
		for _, name := range []string{"SlackFunction", "FeishuFunction"} {
			// !If [ReservePublicConcurrency, !Ref PublicConcurrency, !Ref AWS::NoValue]
			v := dig(fns[name], "Properties", "ReservedConcurrentExecutions")
			branches, _ := dig(map[string]any{"v": v}, "v", "Fn::If").([]any)
			if len(branches) != 3 || branches[0] != "ReservePublicConcurrency" || refTo(branches[1]) != "PublicConcurrency" || refTo(branches[2]) != "AWS::NoValue" || def < 1 {
				t.Errorf("%s ReservedConcurrentExecutions %v, want PublicConcurrency (default %d ≥ 1) under ReservePublicConcurrency, else none", name, v, def)
			}
		}
		cond := dig(r, "Conditions", "ReservePublicConcurrency")
		if fmt.Sprint(cond) != fmt.Sprint(map[string]any{"Fn::Not": []any{map[string]any{"Fn::Equals": []any{map[string]any{"Ref": "PublicConcurrency"}, 0}}}}) {
			t.Errorf("condition ReservePublicConcurrency %v, want PublicConcurrency ≠ 0", cond)
		}
	})

	t.Run("log retention, a parameter defaulting to 30 days, and JSON logs", func(t *testing.T) {
		if d := param("LogRetentionDays")["Default"]; d != 30 {
			t.Errorf("LogRetentionDays default %v, want 30", d)
		}
		groups := resourcesOf(r, "AWS::Logs::LogGroup")
		for name := range functions {
			short := strings.TrimSuffix(name, "Function")
			g := groups[short+"LogGroup"]
			if refTo(dig(g, "Properties", "RetentionInDays")) != "LogRetentionDays" {
				t.Errorf("%s: log group %sLogGroup with RetentionInDays from LogRetentionDays missing: %v", name, short, g)
			}
			lc, _ := dig(r, "Resources", name, "Properties", "LoggingConfig").(map[string]any)
			// TRACE: LOG_LEVEL=debug lines must not be dropped by Lambda's own filter
			if lc == nil || lc["LogFormat"] != "JSON" || lc["ApplicationLogLevel"] != "TRACE" || refTo(lc["LogGroup"]) != short+"LogGroup" {
				t.Errorf("%s LoggingConfig %v, want LogFormat JSON, ApplicationLogLevel TRACE and LogGroup %sLogGroup", name, lc, short)
			}
		}
	})

	t.Run("alarms on errors, throttles and the failure queue to an SNS topic", func(t *testing.T) {
		alarms := resourcesOf(r, "AWS::CloudWatch::Alarm")
		want := map[string][3]string{} // alarm -> namespace, metric, dimension value
		for name := range functions {
			short := strings.TrimSuffix(name, "Function")
			want[short+"ErrorsAlarm"] = [3]string{"AWS/Lambda", "Errors", "Ref " + name}
		}
		for _, short := range []string{"Slack", "Feishu", "Drafter"} {
			want[short+"ThrottlesAlarm"] = [3]string{"AWS/Lambda", "Throttles", "Ref " + short + "Function"}
		}
		want["DrafterFailureQueueAlarm"] = [3]string{"AWS/SQS", "ApproximateNumberOfMessagesVisible", "GetAtt DrafterFailureQueue.QueueName"}
		for name, w := range want {
			a := digMap(alarms[name], "Properties")
			if a == nil {
				t.Errorf("no alarm %s", name)
				continue
			}
			dims, _ := a["Dimensions"].([]any)
			dim := ""
			if len(dims) == 1 {
				v := dig(map[string]any{"d": dims[0]}, "d", "Value")
				if n := refTo(v); n != "" {
					dim = "Ref " + n
				} else if n := getAtt(v); n != "" {
					dim = "GetAtt " + n
				}
			}
			if a["Namespace"] != w[0] || a["MetricName"] != w[1] || dim != w[2] {
				t.Errorf("%s watches %v/%v %v, want %s/%s on %s", name, a["Namespace"], a["MetricName"], a["Dimensions"], w[0], w[1], w[2])
			}
			if acts, _ := a["AlarmActions"].([]any); len(acts) != 1 || refTo(acts[0]) != "AlarmTopic" {
				t.Errorf("%s actions %v, want the AlarmTopic", name, a["AlarmActions"])
			}
			if th, _ := number(a["Threshold"]); th != 1 || a["TreatMissingData"] != "notBreaching" {
				t.Errorf("%s: want threshold 1 and missing data not breaching", name)
			}
		}
		if resourcesOf(r, "AWS::SNS::Topic")["AlarmTopic"] == nil {
			t.Error("no SNS topic AlarmTopic")
		}
		if d, ok := param("AlarmEmail")["Default"]; !ok || d != "" {
			t.Errorf("AlarmEmail must be an optional parameter (default empty), got %v", d)
		}
		sub := resourcesOf(r, "AWS::SNS::Subscription")["AlarmEmailSubscription"]
		if sub == nil || dig(sub, "Properties", "Protocol") != "email" || sub["Condition"] != "HasAlarmEmail" || refTo(dig(sub, "Properties", "Endpoint")) != "AlarmEmail" {
			t.Errorf("AlarmEmailSubscription %v: want an email subscription to AlarmEmail under HasAlarmEmail", sub)
		}
	})

	t.Run("the table is retained on delete and replace", func(t *testing.T) {
		for name, tb := range resourcesOf(r, "AWS::DynamoDB::Table") {
			if tb["DeletionPolicy"] != "Retain" || tb["UpdateReplacePolicy"] != "Retain" {
				t.Errorf("%s DeletionPolicy %v UpdateReplacePolicy %v, want Retain and Retain", name, tb["DeletionPolicy"], tb["UpdateReplacePolicy"])
			}
		}
	})

	t.Run("the drafter's async invoke: retries, event age, on-failure queue", func(t *testing.T) {
		c := digMap(fns["DrafterFunction"], "Properties", "EventInvokeConfig")
		if c == nil {
			t.Fatal("DrafterFunction has no EventInvokeConfig")
		}
		if n, ok := number(c["MaximumRetryAttempts"]); !ok || n != drafter.DefaultMaxAttempts-1 {
			t.Errorf("MaximumRetryAttempts %v, want %d (the runner's last attempt posts the error reply)", c["MaximumRetryAttempts"], drafter.DefaultMaxAttempts-1)
		}
		// Slack's response_url lives 30 minutes
		if n, ok := number(c["MaximumEventAgeInSeconds"]); !ok || n >= 1800 || n < 60 {
			t.Errorf("MaximumEventAgeInSeconds %v, want 60 ≤ age < 1800", c["MaximumEventAgeInSeconds"])
		}
		if of := digMap(c, "DestinationConfig", "OnFailure"); of["Type"] != "SQS" || getAtt(of["Destination"]) != "DrafterFailureQueue.Arn" {
			t.Errorf("on-failure destination %v, want the SQS queue DrafterFailureQueue", c["DestinationConfig"])
		}
		if resourcesOf(r, "AWS::SQS::Queue")["DrafterFailureQueue"] == nil {
			t.Error("no SQS queue DrafterFailureQueue")
		}
	})

	t.Run("no OpenAI default model for another endpoint", func(t *testing.T) {
		if d := param("OpenAIModel")["Default"]; d != "" {
			t.Errorf("OpenAIModel default %q: a DeepSeek or Qwen base URL would get it and a 400 on every draft", d)
		}
		rule, _ := dig(r, "Rules", "ModelWithBaseUrl").(map[string]any)
		if rule == nil || !strings.Contains(fmt.Sprint(rule), "OpenAIBaseUrl") || !strings.Contains(fmt.Sprint(rule), "OpenAIModel") {
			t.Errorf("want a rule requiring OpenAIModel when OpenAIBaseUrl is set, got %v", rule)
		}
	})
}
