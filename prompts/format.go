package prompts

import (
	"math"

	"gpuadvisor/advisor"
)

// num formats a number the way every draft writes it: at most two decimals,
// no trailing zeros, thousands separated by commas (15,000; 428.57).
func num(v float64) string { return advisor.Group(v) }

// duration writes minutes as the largest whole unit: 30 minutes, 4 hours,
// 2 days (30分钟, 4小时, 2天).
func duration(lang string, minutes float64) string {
	switch {
	case minutes >= 1440 && isWhole(minutes/1440):
		return unit(lang, minutes/1440, "day", "days", "天")
	case minutes >= 60 && isWhole(minutes/60):
		return unit(lang, minutes/60, "hour", "hours", "小时")
	}
	return unit(lang, minutes, "minute", "minutes", "分钟")
}

func unit(lang string, v float64, one, many, zh string) string {
	if lang == ZH {
		return num(v) + zh
	}
	if v == 1 {
		return num(v) + " " + one
	}
	return num(v) + " " + many
}

// ratio writes a multiplier: 2x (2倍).
func ratio(lang string, v float64) string {
	if lang == ZH {
		return num(v) + "倍"
	}
	return num(v) + "x"
}

// money writes an amount in yuan: ¥15,000.
func money(v float64) string { return "¥" + num(v) }

// hours writes hours: 310 h (310小时).
func hours(lang string, v float64) string {
	if lang == ZH {
		return num(v) + "小时"
	}
	return num(v) + " h"
}

func isWhole(v float64) bool { return math.Abs(v-math.Round(v)) < 1e-9 }

func tr(lang, en, zh string) string {
	if lang == ZH {
		return zh
	}
	return en
}
