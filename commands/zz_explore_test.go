package commands

import (
	"encoding/json"
	"os"
	"regexp"
	"strings"
	"testing"

	"gpuadvisor/chat"
)

func TestZZExplore(t *testing.T) {
	f := os.Getenv("EXPLORE")
	if f == "" {
		return
	}
	b, _ := os.ReadFile(f)
	r := replyRouter()
	words, hanAliases := errorWords(r), mixedAliases(r)
	var out strings.Builder
	lastID := ""
	for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		line = strings.ReplaceAll(line, `\n`, "\n")
		lang := chat.Lang("")
		if l, ok := strings.CutPrefix(line, "ZH|"); ok {
			line, lang = l, chat.ZH
		}
		line = strings.ReplaceAll(line, "%ID%", lastID)
		rep := handle(r, line, lang)
		if m := regexp.MustCompile(`\(id ([a-z0-9]{6})\)|Id ([a-z0-9]{6})`).FindStringSubmatch(chat.RenderText(rep)); m != nil {
			lastID = m[1] + m[2]
		}
		out.WriteString("### " + line + "\n")
		if rep.Error != nil {
			j, _ := json.Marshal(rep.Error)
			out.WriteString("ERR " + string(j) + "\n")
		}
		for _, w := range rep.Warnings {
			out.WriteString("WARN " + w + "\n")
		}
		rep.Full = true
		txt := chat.RenderText(rep)
		if len(txt) > 4000 {
			txt = txt[:4000]
		}
		out.WriteString(txt + "\n")
		if rep.Lang == chat.ZH {
			rep.Full = true
			for _, bad := range englishIn(withoutAllowed(shownText(rep), hanAliases), line, words) {
				out.WriteString("ZHBAD " + bad + "\n")
			}
		}
	}
	os.WriteFile(f+".out", []byte(out.String()), 0o644)
}
