package chat

import (
	"strings"
	"unicode"
)

// Lang is the language of a reply: "zh" or "en".
type Lang string

// The languages the bot speaks.
const (
	ZH Lang = "zh"
	EN Lang = "en"
)

// T picks the English or the Chinese wording for lang.
func T(lang Lang, en, zh string) string {
	if lang == ZH {
		return zh
	}
	return en
}

// ParseLang reads a --lang flag value. It accepts zh, cn, zh-CN, 中文, en, english.
func ParseLang(s string) (Lang, bool) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "zh", "cn", "zh-cn", "zh_cn", "zh-hans", "chinese", "中文":
		return ZH, true
	case "en", "en-us", "en_us", "english", "英文":
		return EN, true
	}
	return "", false
}

// HasHan reports whether s contains a Chinese character.
func HasHan(s string) bool {
	for _, r := range s {
		// U+2E80, CJK Radicals Supplement, is the first Han code point
		if r >= 0x2E80 && unicode.Is(unicode.Han, r) {
			return true
		}
	}
	return false
}
