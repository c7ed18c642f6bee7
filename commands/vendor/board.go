package vendor

import (
	"context"
	"fmt"

	"gpuadvisor/advisor"
	av "gpuadvisor/advisor/vendor"
	"gpuadvisor/chat"
)

// MaxBoard is how many vendors the home page's board lists; the rest are
// one command away (vendor list).
const MaxBoard = 8

// BoardLine is one vendor on the home page's board: its stage and its next
// step, in the reply's language, and the button that takes it.
type BoardLine struct {
	Name  string
	Stage av.Stage
	// Line is the vendor in words: "AcmeGPU · quoted · next: …".
	Line string
	// NextText is the next step in words, NextCommand the command line it
	// runs, Button the button that runs it.
	NextText, NextCommand string
	Button                chat.Button
}

// Board is the vendors board of the home page: the vendors the person sees
// evidence about (the first MaxBoard, in the order vendor list shows
// them), how many more there are, and the stores that could not be read.
type Board struct {
	Lines   []BoardLine
	More    int
	Missing []string
}

// Board reads the vendors board for c's conversation. It needs no channel:
// the Feishu menu names none, and then the board has what the team shares
// and the person's own checks (as the rest of the home page). An error is
// returned only when no store could be read.
func (d Deps) Board(ctx context.Context, c *chat.Call) (Board, error) {
	if d.Checks == nil && d.Trials == nil && d.Prices == nil && d.Renewals == nil {
		return Board{}, kept.Missing(c.Lang)
	}
	return d.BoardFrom(ctx, c, NotRead())
}

// BoardFrom is Board on what the stores already returned for this reply
// (rd): the home page reads them once for its own lists and the board. A
// store of d that rd does not hold (ErrNotKept) is read here; none is read
// twice.
func (d Deps) BoardFrom(ctx context.Context, c *chat.Call, rd Read) (Board, error) {
	lang := c.Lang
	if d.Checks == nil && d.Trials == nil && d.Prices == nil && d.Renewals == nil {
		return Board{}, kept.Missing(lang)
	}
	g, err := d.gatherFrom(ctx, c, d.fill(ctx, c, rd), true) // the home page answers the asker alone
	if err != nil {
		return Board{}, err
	}
	es := g.evidence()
	cols := av.Compare(boardWorkload(g.vendors, es), es).Columns
	b := Board{Missing: g.missing}
	for i, col := range cols {
		if i == MaxBoard {
			b.More = len(cols) - MaxBoard
			break
		}
		text := nextText(lang, col)
		line := fmt.Sprintf(chat.T(lang, "%s · %s · next: %s", "%s · %s · 下一步：%s"), col.Name, stageName(lang, col.Stage), text)
		if len(col.DealBreakers) > 0 {
			var items []string
			for _, d := range col.DealBreakers {
				items = append(items, d.Item)
			}
			line += fmt.Sprintf(chat.T(lang, " · ruled out for your job: %s", " · 不适合你们的任务：%s"), itemNames(lang, items))
		}
		b.Lines = append(b.Lines, BoardLine{Name: col.Name, Stage: col.Stage, Line: chat.Truncate(line, boardLine),
			NextText: text, NextCommand: nextCommand(lang, col), Button: nextButton(lang, col)})
	}
	return b, nil
}

// boardLine bounds a board line: a Slack section holds 3,000 characters
// and a Feishu div's text as many; eight of these stay far below both.
const boardLine = 300

// jobWorkload is the job the board, vendor list and vendor show judge
// deal-breakers and next steps on, as vendor compare defaults it: the
// latest saved quote's cards and hours, else the newest contract's cards,
// else 8 cards all month.
func (g *gathered) jobWorkload() av.Workload {
	return boardWorkload(g.vendors, g.evidence())
}

// evidence is every gathered vendor's evidence, in the gathered order.
func (g *gathered) evidence() []av.Evidence { return evidenceOf(g.vendors) }

// evidenceOf is the evidence of each of rs, in order.
func evidenceOf(rs []*record) []av.Evidence {
	es := make([]av.Evidence, 0, len(rs))
	for _, r := range rs {
		es = append(es, r.evidence())
	}
	return es
}

func boardWorkload(rs []*record, es []av.Evidence) av.Workload {
	w := av.Workload{Cards: defaultCards, Hours: defaultHours, Months: defaultMonths}
	for _, r := range rs {
		if len(r.renewals) > 0 && r.renewals[0].Cards > 0 {
			w.Cards = r.renewals[0].Cards
			break
		}
	}
	if q, ok := av.LatestQuote(es); ok {
		if q.Cards > 0 {
			w.Cards = q.Cards
		}
		if q.Hours > 0 && q.Hours <= advisor.MaxMonthHours {
			w.Hours = q.Hours
		}
	}
	return w
}
