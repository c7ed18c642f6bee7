package trial

import (
	_ "embed"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"gpuadvisor/advisor"
)

// Step is one test of the trial plan, in the reader's language: how long it
// takes, what to type, what to write down and what counts as a pass. Its
// JSON is the plan's contract (docs/json.md).
type Step struct {
	// ID is the checklist id of the test (trial.nvidia_smi ...: docs/checklist.md);
	// Item the hardware or network item it answers.
	ID    string `json:"id"`
	Item  string `json:"item"`
	Title string `json:"title"`
	// Minutes is the time budget; During names the step it runs inside of
	// (the support drill runs during the training loop), and then it adds no time.
	Minutes int    `json:"minutes"`
	During  string `json:"during,omitempty"`
	// Commands are typed as shown, in order.
	Commands []Command `json:"commands"`
	Record   string    `json:"record"`
	Pass     string    `json:"pass"`
}

// Command is one line to type, with what it is for; a step that is not typed
// (the support drill) has only the note.
type Command struct {
	Line string `json:"line,omitempty"`
	Note string `json:"note,omitempty"`
}

// PlanOptions choose the plan's language and fill its placeholders from
// what the vendor promised; zero values keep the placeholders.
type PlanOptions struct {
	// Lang is "zh" for Chinese; anything else gives English.
	Lang         string
	Cards        int
	IntranetGbps float64
	Model        *Model
}

// TotalMinutes is the plan's wall-clock time: steps run inside another add nothing.
func TotalMinutes(steps []Step) int {
	n := 0
	for _, s := range steps {
		if s.During == "" {
			n += s.Minutes
		}
	}
	return n
}

// planJSON holds the steps, bilingual, with placeholders ({cards} ...)
// that Plan fills; its note lists them.
//
//go:embed plan.json
var planJSON []byte

// stepRow is a step of plan.json (its keys are the field names, in lower case).
type stepRow struct {
	ID, Item, During    string
	Minutes             int
	Title, Record, Pass Text
	Commands            []struct {
		Line string
		Note Text
	}
}

// placeholder is a name in braces that Plan fills.
var placeholder = advisor.Lazy[*regexp.Regexp]{New: func() *regexp.Regexp {
	return regexp.MustCompile(`\{[a-z0-9_]+\}`)
}}

// placeholders are the names Plan fills.
var placeholders = []string{"{cards}", "{udp_rate}", "{udp_note}", "{tcp_pass}", "{watts}", "{watts_note}", "{pcie5_x16_gbs}"}

// parsePlan decodes and checks plan.json: every step has an id, an item,
// minutes and commands, every wording is in both languages, and every
// placeholder is one Plan fills.
func parsePlan(b []byte) ([]stepRow, error) {
	var steps []stepRow
	if err := advisor.DecodeNoted(b, "steps", &steps); err != nil {
		return nil, err
	}
	if len(steps) == 0 {
		return nil, fmt.Errorf("no steps")
	}
	for i, s := range steps {
		if s.ID == "" || s.Item == "" || s.Minutes <= 0 || len(s.Commands) == 0 {
			return nil, fmt.Errorf("step %d (%q): needs an id, an item, minutes and commands", i+1, s.ID)
		}
		texts := []Text{s.Title, s.Record, s.Pass}
		lines := []string{}
		for _, c := range s.Commands {
			texts = append(texts, c.Note)
			lines = append(lines, c.Line)
		}
		for _, t := range texts {
			if t.EN == "" || t.ZH == "" {
				return nil, fmt.Errorf("step %s: a wording lacks English or Chinese: %+v", s.ID, t)
			}
			lines = append(lines, t.EN, t.ZH)
		}
		for _, l := range lines {
			for _, p := range placeholder.Get().FindAllString(l, -1) {
				if !slices.Contains(placeholders, p) {
					return nil, fmt.Errorf("step %s: unknown placeholder %s (known: %s)", s.ID, p, strings.Join(placeholders, " "))
				}
			}
		}
	}
	return steps, nil
}

// planSteps is plan.json decoded once.
var planSteps = advisor.Lazy[[]stepRow]{New: func() []stepRow { return advisor.MustParse("plan.json", planJSON, parsePlan) }}

// Plan returns the trial-period test plan in o.Lang: under two hours in
// all, each step named by its checklist item id (docs/checklist.md#trial-tests).
func Plan(o PlanOptions) []Step {
	cards := "<n>"
	if o.Cards > 0 {
		cards = strconv.Itoa(o.Cards)
	}
	udpRate := "10G"
	udpNote := tf("-b sets the offered rate: 10G suits a 25G or faster link; on a 10G link offer 9G (90%%), since headers make a full 10G overflow it",
		"-b 是发送速率：10G 适合 25G 及以上链路；10G 链路请用 9G（线速的 90%%），因为协议头会让满 10G 溢出")
	tcpPass := tf("TCP receiver ≥ 90%% of the promised line rate (10G → 9 Gbit/s)", "TCP 接收端 ≥ 承诺线速的 90%%（10G → 9 Gbit/s）")
	if o.IntranetGbps > 0 {
		udpRate = num(TCPShare*o.IntranetGbps) + "G"
		udpNote = tf("-b %s is 90%% of the promised %s line", "-b %s 为承诺 %s 线速的 90%%", udpRate, gbps(o.IntranetGbps))
		tcpPass = tf("TCP receiver ≥ %s (90%% of the promised %s)", "TCP 接收端 ≥ %s（承诺 %s 的 90%%）", gbps(TCPShare*o.IntranetGbps), gbps(o.IntranetGbps))
	}
	watts, wattsNote := "400", tf("400 W is the A100 SXM's rated power (the figure market guides use); set your card's Max Power Limit from nvidia-smi -q -d POWER (H100 SXM 700 W, RTX 4090 450 W, A100 PCIe 300 W)",
		"400 W 是 A100 SXM 的额定功率（租用指南中常用的数字）；请按 nvidia-smi -q -d POWER 中的 Max Power Limit 设置（H100 SXM 700 W、RTX 4090 450 W、A100 PCIe 300 W）")
	if o.Model != nil {
		if w := RatedWatts(*o.Model); w > 0 {
			watts = num(w)
			wattsNote = tf("%s W is the rated power of the %s (catalog); nvidia-smi -q -d POWER shows the card's Max Power Limit",
				"%s W 是 %s 的额定功率（目录）；nvidia-smi -q -d POWER 可查看该卡的 Max Power Limit", watts, o.Model.String())
		}
	}
	fill := strings.NewReplacer("{cards}", cards, "{udp_rate}", udpRate, "{udp_note}", udpNote.In(o.Lang), "{tcp_pass}", tcpPass.In(o.Lang),
		"{watts}", watts, "{watts_note}", wattsNote.In(o.Lang), "{pcie5_x16_gbs}", num(PCIe5x16GBs))
	in := func(t Text) string { return fill.Replace(t.In(o.Lang)) }
	rows := planSteps.Get()
	steps := make([]Step, len(rows))
	for i, r := range rows {
		s := Step{ID: r.ID, Item: r.Item, Title: in(r.Title), Minutes: r.Minutes, During: r.During, Record: in(r.Record), Pass: in(r.Pass)}
		for _, c := range r.Commands {
			s.Commands = append(s.Commands, Command{Line: fill.Replace(c.Line), Note: in(c.Note)})
		}
		steps[i] = s
	}
	return steps
}
