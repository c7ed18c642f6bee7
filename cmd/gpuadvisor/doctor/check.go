package doctor

import (
	"fmt"
	"io"
	"strings"

	"gpuadvisor/chat"
)

// Status is a check's outcome.
type Status string

// Outcomes: pass and skip leave the exit status 0, fail makes it 1.
const (
	Pass Status = "pass"
	Fail Status = "fail"
	Skip Status = "skip"
)

// Check is one thing doctor looked at: what, the outcome, what it saw
// (never a secret's value) and, when it failed, what to do.
type Check struct {
	Name    string `json:"name"`
	Status  Status `json:"status"`
	Message string `json:"message"`
	Fix     string `json:"fix,omitempty"`
}

// Report is every check, in the order run. OK is false when any failed.
type Report struct {
	Version string  `json:"version"`
	Command string  `json:"command"`
	OK      bool    `json:"ok"`
	Checks  []Check `json:"checks"`
}

// checks collects the report in one language.
type checks struct {
	lang chat.Lang
	list []Check
}

func (c *checks) t(en, zh string) string { return chat.T(c.lang, en, zh) }

func (c *checks) pass(name, msg string) {
	c.list = append(c.list, Check{Name: name, Status: Pass, Message: msg})
}

func (c *checks) skip(name, msg string) {
	c.list = append(c.list, Check{Name: name, Status: Skip, Message: msg})
}

func (c *checks) fail(name, msg, fix string) {
	c.list = append(c.list, Check{Name: name, Status: Fail, Message: msg, Fix: fix})
}

func (c *checks) report() Report {
	r := Report{Version: "1", Command: "doctor", OK: true, Checks: c.list}
	for _, k := range c.list {
		if k.Status == Fail {
			r.OK = false
		}
	}
	return r
}

// writeText prints one line per check, then the verdict.
func writeText(w io.Writer, lang chat.Lang, r Report) {
	mark := map[Status]string{Pass: "✓", Fail: "✗", Skip: "–"}
	fails := 0
	for _, k := range r.Checks {
		fmt.Fprintf(w, "%s %s%s%s\n", mark[k.Status], k.Name, chat.T(lang, ": ", "："), k.Message)
		if k.Fix != "" {
			fmt.Fprintf(w, "    %s%s\n", chat.T(lang, "fix: ", "修复："), k.Fix)
		}
		if k.Status == Fail {
			fails++
		}
	}
	if fails == 0 {
		fmt.Fprintln(w, chat.T(lang, "Everything checked passed.", "检查的各项全部通过。"))
		return
	}
	fmt.Fprintln(w, chat.T(lang, fmt.Sprintf("%d %s failed: fix %s and run gpuadvisor doctor again.", fails, plural(fails, "check", "checks"), plural(fails, "it", "them")),
		fmt.Sprintf("%d 项未通过：按上面的修复说明处理后再运行 gpuadvisor doctor。", fails)))
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// placeholder reports whether a value is template text rather than a
// secret: <…>, an ellipsis, or words such as changeme.
func placeholder(v string) bool {
	l := strings.ToLower(v)
	for _, p := range []string{"<", ">", "…", "...", "changeme", "change-me", "placeholder", "your-", "your_", "todo", "xxxx"} {
		if strings.Contains(l, p) {
			return true
		}
	}
	return false
}
