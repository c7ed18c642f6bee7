package chat

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"

	"gpuadvisor/advisor"
	"gpuadvisor/store"
)

// Router holds the commands and answers requests. It is safe for concurrent use
// once built.
type Router struct {
	// Now is the clock; tests fix it.
	Now func() time.Time
	// Log receives internal errors; nil means slog.Default().
	Log *slog.Logger

	cmds   []*Command
	byWord map[string]*Command
	// keys holds each command's keyIndex (a nil one when it cannot be
	// indexed), built the first time one of its keys is looked up: a cold
	// start answers one command, and indexing all of them at Register was
	// part of its CPU.
	keys sync.Map // *Command → keyIndex
	// locale keeps what Localize reads of each command (localecache.go).
	locale localeCache
}

// NewRouter returns a router with the help command built in.
func NewRouter() *Router {
	r := &Router{Now: time.Now, byWord: map[string]*Command{}}
	r.Register(r.helpCommand())
	return r
}

// Register adds commands. A word already taken panics: it is a wiring bug.
func (r *Router) Register(cmds ...*Command) {
	for _, c := range cmds {
		for _, w := range append([]string{c.Name}, c.Aliases...) {
			w = strings.ToLower(w)
			if _, dup := r.byWord[w]; dup {
				panic("chat: command word registered twice: " + w)
			}
			r.byWord[w] = c
		}
		r.cmds = append(r.cmds, c)
	}
}

// Commands returns the registered commands in registration order.
func (r *Router) Commands() []*Command { return r.cmds }

// Lookup finds a command by any of its words.
func (r *Router) Lookup(word string) (*Command, bool) {
	c, ok := r.byWord[strings.ToLower(word)]
	return c, ok
}

// Parse reads a request's text into the command and its arguments, without
// running it. The error is an *Error in the request's language.
func (r *Router) Parse(req Request) (*Command, *Args, Lang, error) {
	return r.parse(req, askedText(req.Text))
}

// parse is Parse of the request's text as askedText gives it (Handle
// works it out once, for the parse and the reply's echo).
func (r *Router) parse(req Request, original string) (*Command, *Args, Lang, error) {
	norm, asking := endPunct(Normalize(original))
	toks := Tokenize(norm)
	lang := req.Lang
	if lang == "" {
		lang = detectLang(toks)
	}
	// strip the private and full flags and a leading platform prefix
	private, full := false, false
	kept := toks[:0] // filtered in place: Tokenize's slice is ours
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		if t.Word == "--private" || t.Word == "私密" || t.Word == "-p" {
			private = true
			continue
		}
		if l, ok := langFlag(toks, i); ok { // --lang zh in chat, as in the terminal
			lang = l
			if t.Key == "" {
				i++
			}
			continue
		}
		if t.Word == "--full" {
			full = true
			continue
		}
		if len(kept) == 0 && (t.Word == "/gpu" || t.Word == "gpuadvisor" || t.Word == "@gpuadvisor" || mention(t.Word)) || feishuMention(t.Word) {
			continue
		}
		kept = append(kept, t)
	}
	toks = withUnits(kept)
	for len(toks) > 0 && toks[0].Sep {
		toks = toks[1:]
	}
	if len(toks) == 0 || toks[0].Word == "" {
		if len(toks) == 0 {
			c, _ := r.Lookup("help")
			return c, &Args{Command: "help", cmd: c, lang: lang, pairs: map[string]string{}}, lang, nil
		}
		return nil, nil, lang, r.keyFirst(lang, toks[0].Key)
	}
	word := toks[0].Word
	cmd, ok := r.Lookup(word)
	if !ok && len(word) > 1 && word[0] == '/' { // /billing, /help: a slash command's habit
		if cmd, ok = r.Lookup(word[1:]); ok {
			word = word[1:]
		}
	}
	if !ok {
		return nil, nil, lang, r.unknownCommandIn(lang, word, toks[1:])
	}
	if cmd.Name != "help" && (len(toks) > 1 && (toks[1].Word == "--help" || toks[1].Word == "-h") || asksHelp(cmd, toks, asking)) {
		// billing --help is help billing, in chat as in the terminal
		// billing --help is help billing, in chat as in the terminal
		h, _ := r.Lookup("help")
		return h, &Args{Command: "help", Words: []string{cmd.Name}, Private: private, cmd: h, lang: lang, pairs: map[string]string{}}, lang, nil
	}
	a := &Args{Command: cmd.Name, Tokens: toks[1:], Private: private, Full: full, cmd: cmd, lang: lang, pairs: map[string]string{}}
	a.Rest = strings.TrimSpace(afterWord(norm, word))
	a.Original = strings.TrimSpace(afterWord(original, word))
	if full { // the flag is how it was asked, not what was asked
		a.Rest, a.Original = dropFlag(a.Rest), dropFlag(a.Original)
	}
	if strings.Contains(a.Original, "--lang") {
		a.Rest, a.Original = dropLang(a.Rest), dropLang(a.Original)
	}
	words := 0
	for _, t := range a.Tokens {
		if t.Word != "" {
			words++
		}
	}
	if words > 0 {
		a.Words = make([]string, 0, words)
	}
	for _, t := range a.Tokens {
		switch {
		case t.Word != "":
			a.Words = append(a.Words, t.Word)
		case t.Key != "" || t.Value != "":
			if cmd.Keys == nil {
				continue
			}
			key, ok := r.canonicalKey(cmd, t.Key)
			if !ok {
				return nil, nil, lang, unknownKey(lang, cmd, t.Key)
			}
			if was, dup := a.pairs[key]; dup {
				if strings.TrimSpace(was) == strings.TrimSpace(t.Value) {
					continue // the same value typed twice asks for nothing else
				}
				return nil, nil, lang, Invalidf(lang, key, cmd.Example(EN), "%s is given twice, as %s and as %s; give it once",
					"%s 出现了两次（%s 和 %s），请只写一次", a.Name(key), quoteValue(was), quoteValue(t.Value))
			}
			a.pairs[key] = t.Value
			a.order = append(a.order, key)
		}
	}
	return cmd, a, lang, nil
}

// Handle parses and runs a request, always returning a Reply (errors
// included). Stored records the command's reads skipped because they do not
// decode are logged and counted in a warning (store.SkippedWarnings).
func (r *Router) Handle(ctx context.Context, req Request) Reply {
	asked := askedText(req.Text)
	cmd, args, lang, err := r.parse(req, asked)
	if err != nil {
		return r.errorReply(lang, "", err)
	}
	c := &Call{Req: req, Args: args, Lang: lang, Now: r.Now()}
	if IsReadOnly(ctx) && r.Writes(cmd, c) {
		return suggest(lang, cmd, c) // no Details button: it would run the command
	}
	ctx, skipped := store.WithSkipped(ctx, r.Log)
	rep, err := r.run(ctx, cmd, c)
	if err != nil {
		rep = r.errorReply(lang, cmd.Name, err)
	} else if !rep.Deferred {
		NoteAssumptions(&rep, args)
	}
	rep.Warnings = append(rep.Warnings, store.SkippedWarnings(skipped.List(), string(lang))...)
	if err != nil {
		return rep
	}
	if rep.Command == "" {
		rep.Command = cmd.Name
	}
	if rep.Lang == "" {
		rep.Lang = lang
	}
	if args.Private {
		rep.Private = true
	}
	rep.Full = rep.Full || args.Full
	rep.Asked = asked
	r.localizeButtons(&rep)
	return rep
}

// localizeButtons writes, in a Chinese reply, each follow-up's command in
// Chinese words for the terminal's "Next:" lines (ButtonLine): the command
// words of the action, and its value's keys in the words of the command
// that answered (a draft or a renewal reminder reads that command's keys);
// the command the user typed (Details) is shown as typed.
func (r *Router) localizeButtons(rep *Reply) {
	if rep.Lang != ZH {
		return
	}
	var value, zhValue string // the buttons of a reply usually share a value: localized once
	for i, b := range rep.Buttons {
		var line, zh string
		switch b.Action {
		case ActionDetails:
			continue
		case ActionRun:
			line = b.Value
			zh = r.Localize(ZH, "", line)
		default:
			words, zhWords := r.locale.buttonWords(r, b.Action)
			line = words + " " + b.Value
			if value != b.Value || zhValue == "" {
				value, zhValue = b.Value, r.Localize(ZH, rep.Command, b.Value)
			}
			zh = strings.TrimSpace(zhWords + " " + zhValue)
		}
		if zh != line {
			rep.Buttons[i].shown = zh
		}
	}
}

// run runs one command. A panic is the command's bug, never the process's
// end: it becomes an internal error (logged with its value), like any other
// error that is not an *Error.
func (r *Router) run(ctx context.Context, cmd *Command, c *Call) (rep Reply, err error) {
	defer func() {
		if p := recover(); p != nil {
			rep, err = Reply{}, fmt.Errorf("panic in command %s: %v", cmd.Name, p)
		}
	}()
	return cmd.Run(ctx, c)
}

func (r *Router) errorReply(lang Lang, command string, err error) Reply {
	var e *Error
	if !errors.As(err, &e) {
		log := r.Log
		if log == nil {
			log = slog.Default()
		}
		log.Error("command failed", "command", command, "err", err)
		e = &Error{Code: CodeInternal, Message: T(lang, "internal error; the operators have the details in the log", "内部错误，详情已记录在日志中")}
	}
	ex, msg := r.Localize(lang, command, e.Example), r.LocalizeMessage(lang, command, e.Message)
	if ex != e.Example || msg != e.Message {
		local := *e // errors may be shared values: never change one in place
		local.Example, local.Message = ex, msg
		e = &local
	}
	title := T(lang, "I could not answer that", "无法处理这个请求")
	summary := e.Message
	if e.Example != "" {
		summary += "\n" + T(lang, "Example: ", "示例：") + e.Example
	}
	return Reply{Command: command, Lang: lang, Title: title, Summary: summary, Error: e, Private: true}
}

// askedText is the request's text trimmed, without invalid UTF-8 (checked
// first: valid text, the usual case, is not copied or decoded rune by rune),
// and with what a chat platform writes into text undone (PlatformText).
func askedText(s string) string {
	if !utf8.ValidString(s) {
		s = strings.ToValidUTF8(s, "")
	}
	return strings.TrimSpace(PlatformText(s))
}

// quoteValue is a value as a message about it shows it: in quotes, cut
// short when long (Shown).
func quoteValue(v string) string { return fmt.Sprintf("%q", Shown(v)) }

func afterWord(s, word string) string {
	if word == "" {
		return s
	}
	i := strings.Index(s, word)
	if i < 0 {
		if low := strings.ToLower(s); len(low) == len(s) {
			i = strings.Index(low, strings.ToLower(word))
		}
	}
	if i < 0 || i+len(word) > len(s) {
		return s
	}
	return s[i+len(word):]
}

// detectLang answers in Chinese when the command word, a key or a free-text
// word is Chinese; values alone (a vendor called 酷算云) do not switch it.
func detectLang(toks []Token) Lang {
	for i, t := range toks {
		if i > 0 && t.Word != "" && dayValue(toks[i-1].Value) && timeWord(t.Word) {
			continue // renews=2027/3/1 上午: a part of the value (withUnits)
		}
		if HasHan(t.Word) || HasHan(t.Key) {
			return ZH
		}
	}
	return EN
}

// keyIndex finds what LookupKey finds in one map look-up instead of a
// case-folding compare per spelling. It holds a command's ASCII spellings
// lower-cased, and its other spellings as written: a name made only of
// letters without case (Chinese, digits, punctuation) folds to nothing but
// itself, so it matches a spelling exactly or not at all.
type keyIndex map[string]string

// indexKeys indexes a command's keys, the first key winning as in
// LookupKey; ok is false when a spelling that is not ASCII could still fold
// to ASCII (it holds the Kelvin sign or the long s), where only LookupKey
// answers right.
func indexKeys(keys []Key) (keyIndex, bool) {
	ix := keyIndex{}
	for _, k := range keys {
		for i := -1; i < len(k.Aliases); i++ {
			w := k.Name
			if i >= 0 {
				w = k.Aliases[i]
			}
			if isASCII(w) {
				w = strings.ToLower(w)
			} else if strings.ContainsAny(w, "\u212a\u017f") {
				return nil, false
			}
			if _, seen := ix[w]; !seen {
				ix[w] = k.Name
			}
		}
	}
	return ix, true
}

// keyIndex is cmd's index, built on first use; false when cmd's keys
// cannot be indexed (indexKeys).
func (r *Router) keyIndex(cmd *Command) (keyIndex, bool) {
	if v, ok := r.keys.Load(cmd); ok {
		ix := v.(keyIndex)
		return ix, ix != nil
	}
	ix, ok := indexKeys(cmd.Keys)
	if !ok {
		ix = nil
	}
	v, _ := r.keys.LoadOrStore(cmd, ix)
	ix = v.(keyIndex)
	return ix, ix != nil
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// caseless reports whether s is valid UTF-8 made only of runes that fold to
// no other rune.
func caseless(s string) bool {
	for _, r := range s {
		if r == utf8.RuneError || unicode.SimpleFold(r) != r {
			return false
		}
	}
	return true
}

// canonicalKey is canonicalKey through the command's index when the key
// typed is ASCII or caseless.
func (r *Router) canonicalKey(cmd *Command, key string) (string, bool) {
	ix, indexed := r.keyIndex(cmd)
	n := strings.TrimSpace(key)
	switch {
	case !indexed:
		return canonicalKey(cmd, key)
	case isASCII(n):
		for i := 0; i < len(n); i++ {
			if c := n[i]; c >= 'A' && c <= 'Z' {
				n = strings.ToLower(n)
				break
			}
		}
	case !caseless(n):
		return canonicalKey(cmd, key)
	}
	name, ok := ix[n]
	return name, ok
}

func canonicalKey(cmd *Command, key string) (string, bool) {
	k, ok := LookupKey(cmd.Keys, key)
	return k.Name, ok
}

func unknownKey(lang Lang, cmd *Command, key string) *Error {
	return unknownKeyOf(lang, cmd, T(lang, cmd.Name, HanWord(cmd.Name, cmd.Aliases)), cmd.Keys, key, cmd.Example(EN))
}

// UnknownKey is the error for a key the command (its words as the user
// types them in lang, "trial check", "试用 检查") does not take: the keys
// it takes (in Chinese as HanWord names them), the closest name or alias
// written with its example value, and an example.
func UnknownKey(lang Lang, command string, keys []Key, key, example string) *Error {
	return unknownKeyOf(lang, nil, command, keys, key, example)
}

// unknownKeyOf is UnknownKey for cmd's keys: a Chinese reply writes the
// example value of the key meant as cmd's Chinese examples do (zhValue:
// 模式=微调, 期限=3个月, not mode's lora or term's 3m).
func unknownKeyOf(lang Lang, cmd *Command, command string, keys []Key, key, example string) *Error {
	var names []string
	for _, k := range keys {
		if lang == ZH {
			names = append(names, HanWord(k.Name, k.Aliases))
		} else {
			names = append(names, k.Name)
		}
	}
	var cands []string
	for _, k := range keys {
		cands = append(append(cands, k.Name), k.Aliases...)
	}
	msg := fmt.Sprintf(T(lang, "%s does not take the key %q; it takes: %s", "%s 不接受参数 %q，可用参数：%s"), command, Shown(key), strings.Join(names, T(lang, ", ", "、")))
	// every key as near as the nearest (时常 is one stroke from 时长 and
	// from 时价): the user tells which was meant, the list does not guess
	var meant []string
	near := ClosestAll(key, cands)
	if len(near) == 0 { // ondemand_price, 按需单价: a key and a word after it
		near = prefixedKey(key, cands)
	}
	if len(near) == 0 { // discount, 折扣: the last word of a key
		near = suffixedKey(key, keys)
	}
	if len(near) == 0 { // anxu, baoyue: a key in pinyin
		near = PinyinMatches(key, cands)
	}
	// 包年 is one stroke from 包月, but a yearly price typed as a monthly
	// one is off twelvefold: a key of another period is never suggested
	if p := keyPeriod(key); p != "" {
		kept := near[:0:0]
		for _, s := range near {
			if q := keyPeriod(s); q == "" || q == p {
				kept = append(kept, s)
			}
		}
		if len(kept) == 0 && len(near) > 0 {
			msg += fmt.Sprintf(T(lang, ". %s names a price per %s, which no key here takes", "。%s 是按%s计的价格，这里没有这样的参数"), Shown(key), T(lang, p, periodZH[p]))
		}
		near = kept
	}
	for _, s := range near {
		k, ok := LookupKey(keys, s)
		if !ok {
			continue
		}
		w := KeyWord(lang, keys, k.Name)
		if k.Example != "" {
			w += "=" + k.Example
			if lang == ZH {
				w = HanWord(k.Name, k.Aliases) + "=" + zhValue(cmd, k, k.Example)
			}
		}
		if !slices.Contains(meant, w) {
			meant = append(meant, w)
		}
	}
	if len(meant) > 0 {
		msg += fmt.Sprintf(T(lang, ". Did you mean %s?", "。你是不是想写 %s？"), strings.Join(meant, T(lang, " or ", " 或 ")))
	}
	return &Error{Code: CodeInvalid, Key: key, Message: msg, Example: example}
}

// keyPeriod is the period a key's name says its price is for: year
// (包年, yearly, annual), month (包月, monthly, 月租) or hour (时价,
// hourly); "" when it names none.
func keyPeriod(key string) string {
	k := strings.ToLower(key)
	switch {
	case strings.Contains(k, "年") || strings.Contains(k, "year") || strings.Contains(k, "annual"):
		return "year"
	case strings.Contains(k, "月") || strings.Contains(k, "month"):
		return "month"
	case strings.Contains(k, "hour") || strings.HasSuffix(k, "时价") || strings.Contains(k, "小时价"):
		return "hour"
	}
	return ""
}

// periodZH are keyPeriod's periods in Chinese.
var periodZH = map[string]string{"year": "年", "month": "月", "hour": "小时"}

// prefixedKey is the longest candidate that key starts with and goes on
// from after a separator (ondemand_price, hours-per-month) or, for a
// Chinese candidate, in Chinese (按需单价); none when there is none of at
// least two letters.
func prefixedKey(key string, cands []string) []string {
	low, best := strings.ToLower(strings.TrimSpace(key)), ""
	for _, c := range cands {
		lc := strings.ToLower(c)
		rest, ok := strings.CutPrefix(low, lc)
		if !ok || rest == "" || utf8.RuneCountInString(lc) < 2 || len(lc) <= len(best) {
			continue
		}
		if first, _ := utf8.DecodeRuneInString(rest); first == '_' || first == '-' || first == '.' || HasHan(lc) && HasHan(rest) {
			best = c
		}
	}
	if best == "" {
		return nil
	}
	return []string{best}
}

// suffixedKey are the keys whose name key is the last word of (discount
// is yearly_discount's, rate interrupt_rate's) or, in Chinese, whose
// Chinese spelling ends with it (折扣 is 包年折扣's); none when key has
// fewer than two letters. An English alias is not searched: price, the
// end of yearly_price, is more often the on-demand or the monthly price.
func suffixedKey(key string, keys []Key) []string {
	low := strings.ToLower(strings.TrimSpace(key))
	if utf8.RuneCountInString(low) < 2 {
		return nil
	}
	var out []string
	for _, k := range keys {
		for _, c := range append([]string{k.Name}, k.Aliases...) {
			head, ok := strings.CutSuffix(strings.ToLower(c), low)
			if !ok || head == "" {
				continue
			}
			last, _ := utf8.DecodeLastRuneInString(head)
			if c == k.Name && (last == '_' || last == '-') || HasHan(low) && HasHan(head) {
				out = append(out, c)
				break
			}
		}
	}
	return out
}

// keyFirst is the error for a line that starts with key=value: the
// commands that take that key, and the first one's example.
func (r *Router) keyFirst(lang Lang, key string) *Error {
	var names []string
	ex, word := "billing ondemand=35 monthly=15000 hours=300", key
	for _, c := range r.cmds {
		if k, ok := LookupKey(allKeys(c), key); ok {
			if len(names) == 0 {
				ex, word = c.Example(EN), KeyWord(lang, allKeys(c), k.Name)
			}
			names = append(names, T(lang, c.Name, HanWord(c.Name, c.Aliases)))
		}
	}
	if len(names) == 0 {
		return Invalid(lang, "command", "a command starts with a command word, not with a key=value pair",
			"命令要以命令词开头，而不是 参数=值", ex)
	}
	return Invalidf(lang, "command", ex, "a command starts with a command word, not with a key=value pair: %s= is a key of %s; put the command word first",
		"命令要以命令词开头，而不是 参数=值：%s= 是 %s 的参数；请把命令词写在最前面", Shown(word), strings.Join(names, T(lang, ", ", "、")))
}

// unknownCommandIn is unknownCommand for a line whose first word is not a
// command word, pointing at a command word later in it (我想 计费 按需=35,
// please billing …): the line from that word is the example.
func (r *Router) unknownCommandIn(lang Lang, word string, rest []Token) *Error {
	for i, t := range rest {
		c, ok := r.Lookup(t.Word)
		if !ok || t.Word == "" || c.Name == "help" || !pairsOnly(rest[i+1:]) {
			continue
		}
		msg := fmt.Sprintf(T(lang, "%q is not a command word; a command starts with one, and %s is: start the line with it",
			"%q 不是命令词；命令要以命令词开头，%s 就是：请从它开始写"), Shown(word), t.Word)
		return &Error{Code: CodeInvalid, Key: "command", Message: msg, Example: Truncate(strings.TrimSpace(t.Word+" "+FormatTokens(rest[i+1:])), 300)}
	}
	return r.unknownCommand(lang, word)
}

// pairsOnly reports whether toks look like a command's arguments: a
// key=value pair among them, or nothing.
func pairsOnly(toks []Token) bool {
	for _, t := range toks {
		if t.Key != "" {
			return true
		}
	}
	return len(toks) == 0
}

func (r *Router) unknownCommand(lang Lang, word string) *Error {
	var words []string
	for w := range r.byWord {
		words = append(words, w)
	}
	sort.Strings(words)
	var names []string
	for _, c := range r.cmds {
		names = append(names, T(lang, c.Name, HanWord(c.Name, c.Aliases)))
	}
	msg := fmt.Sprintf(T(lang, "unknown command %q; commands: %s", "未知命令 %q，可用命令：%s"), word, strings.Join(names, T(lang, ", ", "、")))
	ex := "help"
	s := Closest(word, words)
	if s == "" { // jifei is 计费
		if p := PinyinMatches(word, words); len(p) > 0 {
			c, _ := r.Lookup(p[0])
			s = c.Name // named as the reply's language writes it, below
		}
	}
	if s != "" {
		c, _ := r.Lookup(s)
		msg += fmt.Sprintf(T(lang, ". Did you mean %s?", "。你是不是想用 %s？"), T(lang, s, HanWord(s, c.Aliases)))
		if e := c.Example(EN); e != "" {
			ex = e
		}
	}
	return &Error{Code: CodeInvalid, Key: "command", Message: msg, Example: ex}
}

// ClosestAll returns every candidate as near to s by edit distance as the
// nearest, in the order given, or none when none is close enough to be a
// likely typo (Closest).
func ClosestAll(s string, cands []string) []string {
	best := Closest(s, cands)
	if best == "" {
		return nil
	}
	low := strings.ToLower(s)
	d := advisor.EditDistance(low, strings.ToLower(best))
	var out []string
	for _, c := range cands {
		if advisor.EditDistance(low, strings.ToLower(c)) == d {
			out = append(out, c)
		}
	}
	return out
}

// Closest returns the candidate nearest to s by edit distance, or "" when none
// is close enough to be a likely typo.
func Closest(s string, cands []string) string {
	s = strings.ToLower(s)
	best, bestD := "", 1<<30
	for _, c := range cands {
		d := advisor.EditDistance(s, strings.ToLower(c))
		if d < bestD || d == bestD && c < best {
			best, bestD = c, d
		}
	}
	n := len([]rune(s))
	limit := n/3 + 1
	if limit > 3 {
		limit = 3
	}
	// More than half the word changed is another word ("foo" is not "od").
	if bestD <= limit && 2*bestD <= n {
		return best
	}
	return ""
}

// langFlag reads the flag --lang zh|en (or --lang=zh) at toks[i]; ok is
// false for another token.
func langFlag(toks []Token, i int) (Lang, bool) {
	t := toks[i]
	v := ""
	switch {
	case t.Key == "--lang":
		v = t.Value
	case t.Word == "--lang" && i+1 < len(toks) && toks[i+1].Word != "":
		v = toks[i+1].Word
	default:
		return "", false
	}
	switch strings.ToLower(v) {
	case "zh", "cn", "中文", "zh-cn":
		return ZH, true
	case "en", "english", "英文":
		return EN, true
	}
	return "", false
}

var langFlagRE = advisor.Lazy[*regexp.Regexp]{New: func() *regexp.Regexp {
	return regexp.MustCompile(`(^|\s)--lang(=|\s+)(zh|cn|中文|zh-cn|en|english|英文)(\s|$)`)
}}

// dropLang removes the flag --lang zh|en from a command line.
func dropLang(s string) string {
	return strings.TrimSpace(langFlagRE.Get().ReplaceAllString(s, "$1"))
}

// endPunct is s without the ! and ? that end a sentence typed on a phone
// (hours=300！, 计费？): they are part of no value. asking is true when a ?
// was taken off (billing? asks how billing is used). A line that is only
// punctuation is left whole (? is help).
func endPunct(s string) (string, bool) {
	t := strings.TrimRight(s, "!? ")
	if t == "" || len(t) == len(strings.TrimRight(s, " ")) {
		return s, false
	}
	return t, strings.Contains(s[len(t):], "?")
}

// asksHelp reports whether a line asks how cmd is used in words: 计费 帮助,
// billing help, renewal add help, 续约 怎么用, or the command word with a ?
// (billing?). ask reads its words as a question, and a sub-command's own
// parse (its name has a space) leaves them to the command's.
func asksHelp(cmd *Command, toks []Token, asking bool) bool {
	if cmd.Name == "ask" || strings.Contains(cmd.Name, " ") {
		return false
	}
	if len(toks) == 1 {
		return asking
	}
	if len(toks) > 3 || !helpWord(strings.ToLower(toks[len(toks)-1].Word)) {
		return false
	}
	for _, t := range toks[1:] {
		if t.Word == "" {
			return false
		}
	}
	return true
}

// helpWord reports whether s is one of the words after a command word that ask how it is used
// (计费 帮助, billing help, 续约 怎么用), as --help does.
func helpWord(s string) bool {
	switch s {
	case "help", "帮助", "?", "用法", "怎么用":
		return true
	}
	return false
}

// unitWord reports whether s is one of the units people type after a number with a space (35 元,
// 300 小时, 90 %): read as part of the value before them.
func unitWord(s string) bool {
	switch s {
	case "元", "块", "块钱", "元/时", "元/小时", "元/卡时", "元/月", "元/年", "元/h", "/时", "/小时", "/h", "/月", "/年",
		"/gb", "元/gb", "小时", "个小时", "h", "hr", "hrs", "hours", "天", "day", "days", "周", "week", "weeks",
		"个月", "month", "months", "年", "year", "years", "yr", "季度", "个季度", "quarter", "quarters", "percent", "pct", "%", "thousand", "million", "billion", "trillion",
		"卡", "张", "张卡", "倍", "万", "千", "亿", "gb", "tb", "rmb", "cny", "usd", "美元", "人民币", "tokens",
		"gpus", "gpu", "cards", "card":
		return true
	}
	return false
}

// perUnit reports whether w is a price's unit with its period (RMB/hr,
// 元/卡/时, /月), which a value takes after its number (35 RMB/hr).
func perUnit(w string) bool {
	if !strings.Contains(w, "/") || strings.ContainsAny(w, "0123456789") {
		return false
	}
	_, err := ParseValue("1"+w, Money)
	return err == nil
}

// withUnits joins a unit typed after a number with a space to its value
// (hours=300 h is hours=300h, 按需=35 元/小时 is 按需=35元/小时), in place.
func withUnits(toks []Token) []Token {
	out := toks[:0]
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		if n := len(t.Value); t.Key != "" && !t.quoted && n >= 2 && t.Value[0] == '\'' && t.Value[n-1] == '\'' {
			t.Value = t.Value[1 : n-1] // ondemand='35', and ‘35’ after Normalize
		}
		if t.Key != "" && !t.quoted && strings.HasPrefix(t.Value, "=") {
			t.Value = strings.TrimLeft(t.Value, "=") // ondemand==35: = typed twice
		}
		if t.Key != "" && t.Value != "" && i+1 < len(toks) && toks[i+1].Word != "" && !toks[i+1].quoted {
			if last := t.Value[len(t.Value)-1]; last >= '0' && last <= '9' && (unitWord(strings.ToLower(toks[i+1].Word)) || perUnit(toks[i+1].Word)) {
				t.Value += toks[i+1].Word
				i++
			} else if last == '%' && strings.EqualFold(toks[i+1].Word, "off") || strings.HasSuffix(t.Value, "percent") && strings.EqualFold(toks[i+1].Word, "off") { // 15% off
				t.Value += " " + toks[i+1].Word
				i++
			} else if dayValue(t.Value) && timeWord(toks[i+1].Word) { // renews=2027-03-01 09:00: a day and its time
				t.Value += " " + toks[i+1].Word
				i++
			}
		}
		out = append(out, t)
	}
	return out
}

var fullFlag = advisor.Lazy[*regexp.Regexp]{New: func() *regexp.Regexp { return regexp.MustCompile(`(^|\s)--full(\s|$)`) }}

// dropFlag removes the word --full from a command line.
func dropFlag(s string) string {
	for fullFlag.Get().MatchString(s) {
		s = fullFlag.Get().ReplaceAllString(s, "$1")
	}
	return strings.TrimSpace(s)
}
