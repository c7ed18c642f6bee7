package deploy

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"gpuadvisor/drafter"
)

// TestTemplateOperations checks the operations promises of template.yaml,
// one row per promise (docs/deploy.md): each failed on the template before
// them.
func TestTemplateOperations(t *testing.T) {
	tpl := load(t)
	r := raw(t)
	text, err := os.ReadFile(filepath.Join(root(t), "template.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	fns := tpl.GetAllServerlessFunctionResources()
	param := func(name string) map[string]any { m, _ := dig(r, "Parameters", name).(map[string]any); return m }

	t.Run("reserved concurrency on the public functions, a parameter", func(t *testing.T) {
		p := param("PublicConcurrency")
		if p == nil || p["Type"] != "Number" {
			t.Fatalf("no Number parameter PublicConcurrency: %v", p)
		}
		def, _ := p["Default"].(int)
		for _, name := range []string{"SlackFunction", "FeishuFunction"} {
			fn := fns[name]
			if fn == nil || fn.ReservedConcurrentExecutions == nil || *fn.ReservedConcurrentExecutions != def || def < 1 {
				t.Errorf("%s ReservedConcurrentExecutions %v, want the PublicConcurrency default %d (≥ 1)", name, fn.ReservedConcurrentExecutions, def)
			}
			if v := fmt.Sprint(dig(r, "Resources", name, "Properties", "ReservedConcurrentExecutions")); !strings.Contains(v, "PublicConcurrency") {
				t.Errorf("%s reserved concurrency %s does not come from PublicConcurrency", name, v)
			}
		}
	})

	t.Run("log retention, a parameter defaulting to 30 days, and JSON logs", func(t *testing.T) {
		if d := param("LogRetentionDays")["Default"]; d != 30 {
			t.Errorf("LogRetentionDays default %v, want 30", d)
		}
		groups := tpl.GetAllLogsLogGroupResources()
		for name := range functions {
			short := strings.TrimSuffix(name, "Function")
			g := groups[short+"LogGroup"]
			if g == nil || g.RetentionInDays == nil || *g.RetentionInDays != 30 {
				t.Errorf("%s: log group %sLogGroup with RetentionInDays from LogRetentionDays missing: %+v", name, short, g)
			}
			lc, _ := dig(r, "Resources", name, "Properties", "LoggingConfig").(map[string]any)
			// TRACE: LOG_LEVEL=debug lines must not be dropped by Lambda's own filter
			if lc == nil || lc["LogFormat"] != "JSON" || lc["ApplicationLogLevel"] != "TRACE" || !strings.Contains(fmt.Sprint(lc["LogGroup"]), short+"LogGroup") {
				t.Errorf("%s LoggingConfig %v, want LogFormat JSON, ApplicationLogLevel TRACE and LogGroup %sLogGroup", name, lc, short)
			}
		}
	})

	t.Run("alarms on errors, throttles and the failure queue to an SNS topic", func(t *testing.T) {
		alarms := tpl.GetAllCloudWatchAlarmResources()
		want := map[string][3]string{} // alarm -> namespace, metric, dimension value
		for name := range functions {
			short := strings.TrimSuffix(name, "Function")
			want[short+"ErrorsAlarm"] = [3]string{"AWS/Lambda", "Errors", "REF(" + name + ")"}
		}
		for _, short := range []string{"Slack", "Feishu", "Drafter"} {
			want[short+"ThrottlesAlarm"] = [3]string{"AWS/Lambda", "Throttles", "REF(" + short + "Function)"}
		}
		want["DrafterFailureQueueAlarm"] = [3]string{"AWS/SQS", "ApproximateNumberOfMessagesVisible", "GETATT(DrafterFailureQueue.QueueName)"}
		for name, w := range want {
			a := alarms[name]
			if a == nil {
				t.Errorf("no alarm %s", name)
				continue
			}
			if a.Namespace == nil || *a.Namespace != w[0] || a.MetricName == nil || *a.MetricName != w[1] ||
				len(a.Dimensions) != 1 || a.Dimensions[0].Value != w[2] {
				t.Errorf("%s watches %v/%v %+v, want %s/%s on %s", name, a.Namespace, a.MetricName, a.Dimensions, w[0], w[1], w[2])
			}
			if len(a.AlarmActions) != 1 || a.AlarmActions[0] != "REF(AlarmTopic)" {
				t.Errorf("%s actions %v, want the AlarmTopic", name, a.AlarmActions)
			}
			if a.Threshold == nil || *a.Threshold != 1 || a.TreatMissingData == nil || *a.TreatMissingData != "notBreaching" {
				t.Errorf("%s: want threshold 1 and missing data not breaching", name)
			}
		}
		if tpl.GetAllSNSTopicResources()["AlarmTopic"] == nil {
			t.Error("no SNS topic AlarmTopic")
		}
		if d, ok := param("AlarmEmail")["Default"]; !ok || d != "" {
			t.Errorf("AlarmEmail must be an optional parameter (default empty), got %v", d)
		}
		sub := tpl.GetAllSNSSubscriptionResources()["AlarmEmailSubscription"]
		if sub == nil || sub.Protocol != "email" || sub.AWSCloudFormationCondition != "HasAlarmEmail" || sub.Endpoint == nil || *sub.Endpoint != "REF(AlarmEmail)" {
			t.Errorf("AlarmEmailSubscription %+v: want an email subscription to AlarmEmail under HasAlarmEmail", sub)
		}
	})

	t.Run("the table is retained on delete and replace", func(t *testing.T) {
		for name, tb := range tpl.GetAllDynamoDBTableResources() {
			if tb.AWSCloudFormationDeletionPolicy != "Retain" || tb.AWSCloudFormationUpdateReplacePolicy != "Retain" {
				t.Errorf("%s DeletionPolicy %q UpdateReplacePolicy %q, want Retain and Retain", name, tb.AWSCloudFormationDeletionPolicy, tb.AWSCloudFormationUpdateReplacePolicy)
			}
		}
	})

	t.Run("the secret ARN matches the name and its 6-character suffix only", func(t *testing.T) {
		arns := regexp.MustCompile(`secretsmanager:[^\n]*:secret:\$\{SecretName\}(\S*)`).FindAllStringSubmatch(string(text), -1)
		if len(arns) != 4 {
			t.Errorf("%d secret ARNs, want one per function", len(arns))
		}
		for _, m := range arns {
			// "-*" also matches gpuadvisor-prod-AbCdEf; Secrets Manager appends
			// exactly six characters
			if m[1] != "-??????" {
				t.Errorf("secret ARN suffix %q, want -??????", m[1])
			}
		}
	})

	t.Run("the drafter's async invoke: retries, event age, on-failure queue", func(t *testing.T) {
		fn := fns["DrafterFunction"]
		if fn == nil || fn.EventInvokeConfig == nil {
			t.Fatal("DrafterFunction has no EventInvokeConfig")
		}
		c := fn.EventInvokeConfig
		if c.MaximumRetryAttempts == nil || *c.MaximumRetryAttempts != drafter.DefaultMaxAttempts-1 {
			t.Errorf("MaximumRetryAttempts %v, want %d (the runner's last attempt posts the error reply)", c.MaximumRetryAttempts, drafter.DefaultMaxAttempts-1)
		}
		// Slack's response_url lives 30 minutes
		if c.MaximumEventAgeInSeconds == nil || *c.MaximumEventAgeInSeconds >= 1800 || *c.MaximumEventAgeInSeconds < 60 {
			t.Errorf("MaximumEventAgeInSeconds %v, want 60 ≤ age < 1800", c.MaximumEventAgeInSeconds)
		}
		if c.DestinationConfig == nil || c.DestinationConfig.OnFailure == nil || c.DestinationConfig.OnFailure.Type == nil ||
			*c.DestinationConfig.OnFailure.Type != "SQS" || c.DestinationConfig.OnFailure.Destination != "GETATT(DrafterFailureQueue.Arn)" {
			t.Errorf("on-failure destination %+v, want the SQS queue DrafterFailureQueue", c.DestinationConfig)
		}
		if tpl.GetAllSQSQueueResources()["DrafterFailureQueue"] == nil {
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
