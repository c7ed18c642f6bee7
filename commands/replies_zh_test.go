package commands

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"

	"gpuadvisor/chat"
	"gpuadvisor/infra/memstore"
	"gpuadvisor/internal/testkit"
)

// TestChineseRepliesShowNoEnglishKeys: a Chinese reply, shown in full,
// names no key, command, sub-command or value in English that the user did
// not type: no English key=value (cards=8) and none of the English words
// of englishWords, for every example of every command and for the command
// line of every Chinese golden of commands/*/testdata, typed in Chinese
// words and typed in English with the reply in Chinese. Shell lines
// ("$ nvidia-smi …"), tools' commands and output fields named in a
// sentence and the Chinese spellings of keys that hold an English word
// (总tokens) stay as they are (withoutAllowed).
func TestChineseRepliesShowNoEnglishKeys(t *testing.T) {
	r := replyRouter()
	words, hanAliases := englishWords(r), mixedAliases(r)
	lines := goldenLines(t)
	for _, ex := range testkit.Examples(r) {
		if ex.Lang == chat.ZH {
			lines = append(lines, ex.Text)
		}
	}
	for _, c := range r.Commands() { // and each sub-command's own (draft sla)
		for _, s := range c.Subs {
			lines = append(lines, s.Examples...)
		}
	}
	if len(lines) < 60 {
		t.Fatalf("%d lines to check; the examples and the goldens give more", len(lines))
	}
	checked := 0
	for _, line := range lines {
		for _, typed := range dedupe(r.Localize(chat.ZH, "", line), line) {
			rep := handle(replyRouter(), typed, chat.ZH)
			if rep.Lang != chat.ZH && rep.Error == nil {
				continue // a line that answers in English whatever is asked (none yet)
			}
			rep.Full = true
			checked++
			for _, bad := range englishIn(withoutAllowed(shownText(rep), hanAliases), typed, words) {
				t.Errorf("%q: the Chinese reply shows %s", typed, bad)
			}
		}
	}
	if checked < 100 {
		t.Fatalf("%d replies checked; want every example and golden", checked)
	}
}

// TestEnglishInFindsWhatItShould: the check finds an English key=value, a
// key name and an English value, and lets pass what the user typed, a shell
// line, a flag and the allowed names.
func TestEnglishInFindsWhatItShould(t *testing.T) {
	words := []string{"cards", "full", "batch", "draft"}
	for _, tt := range []struct {
		name, text, typed string
		want              int
	}{
		{"key=value", "放不下（cards=8 显卡=4090）", "", 1},
		{"English value", "任务：重计算=full", "", 1},
		{"bare word", "序列 4,096，batch 1", "", 1},
		{"command word", "下一步：gpuadvisor draft questions", "", 1},
		{"typed by the user", "放不下（cards=8）", "tier cards=8", 0},
		{"shell line", "  - $ fio --name=seq --rw=read --bs=1M   # 顺序读", "", 0},
		{"flag and product names", "用 --full 查看全部；adamw，vLLM 的 gpu_memory_utilization", "", 0},
		{"Chinese keys", "下一步：gpuadvisor 起草 问题 显卡=rtx-4090 卡数=1", "", 0},
	} {
		if got := englishIn(tt.text, tt.typed, words); len(got) != tt.want {
			t.Errorf("%s: %q finds %v, want %d", tt.name, tt.text, got, tt.want)
		}
	}
}

// replyRouter is every command with every store, so that the replies that
// list or record answer as a team sees them.
func replyRouter() *chat.Router {
	s := memstore.NewStore(roNow)
	return New(Deps{Now: roNow, Renewals: s, Prices: s, Settings: s, Checks: s, Trials: s})
}

// goldenLines are the command lines ("$ 选卡 模型=…") of the Chinese text
// goldens of commands/*/testdata.
func goldenLines(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob("*/testdata/*zh*.golden")
	if err != nil || len(files) == 0 {
		t.Fatalf("zh goldens: %v, %v", files, err)
	}
	var out []string
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		first, _, _ := strings.Cut(string(b), "\n")
		if line, ok := strings.CutPrefix(first, "$ "); ok && !strings.Contains(line, "--") { // flags: the CLI's, not the router's
			out = append(out, line)
		}
	}
	return out
}

func dedupe(lines ...string) []string {
	slices.Sort(lines)
	return slices.Compact(lines)
}

// shownText is what a reply shows in the terminal, its follow-up lines
// included (RenderText), without the shell lines it gives to run.
func shownText(rep chat.Reply) string {
	var keep []string
	for _, l := range strings.Split(chat.RenderText(rep), "\n") {
		if s := strings.TrimLeft(strings.TrimSpace(l), "-•* "); strings.HasPrefix(s, "$ ") {
			continue
		}
		keep = append(keep, l)
	}
	return strings.Join(keep, "\n")
}

// englishWords are the words no Chinese reply shows unless typed: every
// command's, sub-command's and key's English name, and the English values
// replies used to show (full, none, yes…).
func englishWords(r *chat.Router) []string {
	words := []string{"batch", "full", "selective", "none", "yes", "no", "key", "value", "channel", "team", "monthly", "quarterly", "yearly", "hybrid", "infer", "global", "cn", "missing", "vague", "covered"}
	for _, c := range r.Commands() {
		words = append(words, c.Name)
		for _, s := range c.Subs {
			words = append(words, s.Name)
		}
		for _, k := range keysOf(c) {
			words = append(words, k.Name)
		}
	}
	var out []string
	for _, w := range dedupe(words...) {
		if len(w) > 1 { // a one-letter key (r=) is found as a key=value
			out = append(out, w)
		}
	}
	return out
}

// mixedAliases are the Chinese spellings of keys that hold an English
// word (总tokens, cuda版本): the word a Chinese reply names the key by.
func mixedAliases(r *chat.Router) []string {
	var out []string
	for _, c := range r.Commands() {
		for _, k := range keysOf(c) {
			for _, a := range k.Aliases {
				if chat.HasHan(a) && strings.ContainsFunc(a, func(r rune) bool { return r < 0x80 && unicode.IsLetter(r) }) {
					out = append(out, a)
				}
			}
		}
	}
	slices.SortFunc(out, func(a, b string) int { return len(b) - len(a) }) // 数据集tokens before tokens
	return out
}

// shellInSentence is a tool's command line quoted in a sentence ("运行
// nvidia-smi topo -m 和 nvidia-smi nvlink -s"): what to type, as typed.
var shellInSentence = regexp.MustCompile(`(nvidia-smi|iperf3|all_reduce_perf|dmesg|fio|ping|mtr|gpu_burn|lsblk)[^，。；、（）：\p{Han}]*`)

// withoutAllowed is text without what a Chinese reply may show in English
// words: the Chinese spellings of keys that hold one (mixedAliases), tools'
// output fields (toolField) and command lines (shellInSentence).
func withoutAllowed(text string, aliases []string) string {
	for _, a := range aliases {
		text = strings.ReplaceAll(text, a, "〈键〉")
	}
	text = toolField.ReplaceAllString(text, "输出中的〈字段〉")
	return shellInSentence.ReplaceAllString(text, "〈命令〉")
}

// toolField is a tool's own output field, named in Chinese as what to look
// for ("nccl-tests 输出中的 busbw 列").
var toolField = regexp.MustCompile(`输出中的 [#A-Za-z_]+`)

// englishIn lists the English a Chinese text shows that typed does not: its
// key=value pairs and the words of words, each a whole word (not part of
// a flag, a path, a file name or an identifier such as gpu_memory_utilization).
func englishIn(text, typed string, words []string) []string {
	var out []string
	for _, m := range asciiKey.FindAllStringSubmatch(text, -1) {
		if !strings.Contains(typed, m[2]+"=") {
			out = append(out, "the key="+m[2]+"=")
		}
	}
	lower := strings.ToLower(typed)
	for _, w := range words {
		if strings.Contains(lower, strings.ToLower(w)) {
			continue
		}
		re := regexp.MustCompile(`(^|[^A-Za-z0-9_./<>-])` + regexp.QuoteMeta(w) + `($|[^A-Za-z0-9_./=<>-])`) // a value after = too
		if m := re.FindStringIndex(text); m != nil {
			before, after := []rune(text[:m[0]]), []rune(text[m[1]:])
			out = append(out, "the word "+w+": …"+string(before[max(0, len(before)-30):])+text[m[0]:m[1]]+string(after[:min(len(after), 30)])+"…")
		}
	}
	return out
}

// TestButtonWordsZHAreTheCommandsWords: the Chinese words chat writes for
// each follow-up action, when the router that answered lacks its command,
// are the words the full router writes for it, and they run the action's
// command.
func TestButtonWordsZHAreTheCommandsWords(t *testing.T) {
	r := replyRouter()
	for _, action := range []string{chat.ActionDraftQuestions, chat.ActionDraftSLA, chat.ActionDraftRenewal, chat.ActionRemindRenewal, chat.ActionChecklistFull} {
		words := strings.TrimSpace(strings.Replace(chat.ButtonCommand(action, ""), "--private ", "", 1))
		if got, want := chat.ButtonWordsZH(action), r.Localize(chat.ZH, "", words); got != want {
			t.Errorf("%s: ButtonWordsZH %q, the router writes %q for %q", action, got, want, words)
		}
	}
	if got := chat.ButtonWordsZH(chat.ActionRun); got != "" {
		t.Errorf("run: ButtonWordsZH %q, want none (its value is the command)", got)
	}
}
