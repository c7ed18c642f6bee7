package renewal

import (
	"math"

	"gpuadvisor/advisor"
	"gpuadvisor/chat"
	"gpuadvisor/commands/internal/keytab"
)

// usageKeys are the keys of `renewal usage`.
func usageKeys() []chat.Key { return []chat.Key{keytab.RenewalAdd[10], keytab.RenewalAdd[8]} }

// keyExample is key=example for key, for error messages.
func keyExample(key string) string {
	for _, k := range keytab.RenewalAdd {
		if k.Name == key {
			return "renewal add ... " + k.Name + "=" + k.Example
		}
	}
	return examples[0]
}

var scopeAliases = advisor.Lazy[map[string]string]{New: func() map[string]string {
	return map[string]string{
		"团队": "team", "全团队": "team", "团队共享": "team", "共享": "team", "workspace": "team", "shared": "team",
		"频道": "channel", "本频道": "channel", "群": "channel", "本群": "channel", "群聊": "channel", "chat": "channel", "private": "channel",
	}
}}

var modeAliases = advisor.Lazy[map[string]string]{New: func() map[string]string {
	return map[string]string{
		"包月": "monthly", "月付": "monthly", "按月": "monthly", "month": "monthly", "月": "monthly",
		"包季": "quarterly", "季付": "quarterly", "按季": "quarterly", "quarter": "quarterly", "季": "quarterly",
		"包年": "yearly", "年付": "yearly", "按年": "yearly", "year": "yearly", "annual": "yearly", "annually": "yearly", "年": "yearly",
	}
}}

// wholeDays turns a list of day counts into whole days.
func wholeDays(lang chat.Lang, key string, vs []float64) ([]int, error) {
	out := make([]int, len(vs))
	for i, v := range vs {
		if v != math.Trunc(v) {
			return nil, chat.Invalidf(lang, key, keyExample(key), "%s must be whole days, got %s", "%s 必须是整天数，收到 %s", key, chat.Num(v))
		}
		out[i] = int(v)
	}
	return out, nil
}
