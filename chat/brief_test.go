package chat

import (
	"context"
	"strings"
	"testing"
)

func TestBrief(t *testing.T) {
	long := Reply{Command: "billing", Lang: EN, Title: "T", Summary: "S", Asked: "billing ondemand=35 monthly=15000 hours=300",
		Facts:    []Fact{{"a", "1"}, {"b", "2"}, {"c", "3"}, {"d", "4"}, {"e", "5"}, {"f", "6"}},
		Tables:   []Table{{Header: []string{"x"}, Rows: [][]string{{"1"}}}, {Header: []string{"y"}}},
		Sections: []Section{{Title: "Why", Lines: []string{"because"}}},
		Warnings: []string{"w1", "w2", "w3", "w4", "w5"},
		Charts:   []Chart{{ID: "c", Kind: ChartBar, Title: "C", Categories: []string{"a"}, Series: []Series{{Name: "s", Values: []float64{1}}}}},
		Buttons:  StandardButtons(EN, "v"),
	}
	b := Brief(long)
	// 6 facts → the first 4; 5 warnings → the first 2 and one line for the other 3.
	if len(b.Facts) != 4 || len(b.Tables) != 0 || len(b.Sections) != 0 || len(b.Charts) != 1 {
		t.Errorf("brief keeps %d facts, %d tables, %d sections, %d charts; want 4, 0, 0, 1", len(b.Facts), len(b.Tables), len(b.Sections), len(b.Charts))
	}
	if len(b.Warnings) != 3 || b.Warnings[2] != "3 more warnings: see Details" {
		t.Errorf("warnings %q", b.Warnings)
	}
	if len(b.Buttons) != 1 || b.Buttons[0].Action != ActionDetails || b.Buttons[0].Value != long.Asked ||
		b.Buttons[0].Label != "Details: 2 tables, the reasoning, 3 follow-ups" {
		t.Errorf("buttons %+v", b.Buttons)
	}
	if len(long.Facts) != 6 || len(long.Warnings) != 5 || len(long.Buttons) != 3 {
		t.Error("Brief changed the reply it was given")
	}
	list := Reply{Command: "renewal", Asked: "renewal list", Tables: long.Tables[:1], Sections: long.Sections}
	if got := Brief(list); len(got.Tables) != 1 || len(got.Sections) != 0 {
		t.Errorf("a list's brief keeps %d tables and %d sections, want its one table and no sections", len(got.Tables), len(got.Sections))
	}
	if got := ButtonCommand(ActionDetails, long.Asked); got != "--private --full "+long.Asked {
		t.Errorf("details button runs %q", got)
	}
	for _, keep := range []Reply{
		func() Reply { r := long; r.Full = true; return r }(),
		func() Reply { r := long; r.Command = "draft"; return r }(),
		func() Reply { r := long; r.Error = &Error{Code: CodeInvalid}; return r }(),
		func() Reply { r := long; r.Buttons = []Button{{Action: ActionChecklistFull}}; return r }(),
		{Command: "tier", Title: "T", Asked: "tier", Facts: []Fact{{"a", "1"}}},
		func() Reply { r := long; r.Asked = "quote " + strings.Repeat("A: price=35; ", 200); return r }(), // too long for a button
	} {
		if got := Brief(keep); len(got.Facts) != len(keep.Facts) || len(got.Tables) != len(keep.Tables) || len(got.Buttons) != len(keep.Buttons) {
			t.Errorf("Brief shortened a reply it must keep whole: %+v", keep.Command)
		}
	}
}

func TestButtonLine(t *testing.T) {
	tests := []struct {
		b    Button
		want string
	}{
		{Button{Action: ActionDraftQuestions, Value: "gpu=l40s cards=1"}, "gpuadvisor draft questions gpu=l40s cards=1"},
		{Button{Action: ActionDetails, Value: "/gpu billing ondemand=35"}, "gpuadvisor billing ondemand=35 --full"},
		{Button{Action: ActionDetails, Value: "quote A: price=35; B: price=29"}, "gpuadvisor 'quote A: price=35; B: price=29 --full'"},
		{Button{Action: ActionChecklistFull, Value: "vendor=X it's fine"}, `gpuadvisor 'checklist check full=yes vendor=X it'\''s fine'`},
	}
	for _, tt := range tests {
		if got := ButtonLine(tt.b); got != tt.want {
			t.Errorf("ButtonLine(%+v) = %q, want %q", tt.b, got, tt.want)
		}
	}
}

func TestFullFlag(t *testing.T) {
	r := NewRouter()
	r.Register(&Command{Name: "echo", Run: func(_ context.Context, c *Call) (Reply, error) {
		return Reply{Summary: c.Args.Original}, nil
	}})
	rep := r.Handle(context.Background(), Request{Text: "--private --full /gpu echo a --full b"})
	if !rep.Full || !rep.Private || rep.Summary != "a b" {
		t.Errorf("full %t private %t original %q; want true, true, \"a b\"", rep.Full, rep.Private, rep.Summary)
	}
	if !strings.HasPrefix(rep.Asked, "--private") {
		t.Errorf("Asked %q is not the line as typed", rep.Asked)
	}
}
