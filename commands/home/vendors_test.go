package home_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"gpuadvisor/chat"
	"gpuadvisor/commands/home"
	"gpuadvisor/commands/vendor"
	"gpuadvisor/infra/memstore"
	"gpuadvisor/internal/testkit"
	"gpuadvisor/store"
)

// TestHomeVendorsBoard: one line per vendor with its stage and next step,
// the step as a button (replacing the recent check's draft button for the
// same vendor), Compare vendors, and the board in the JSON; in both
// languages.
func TestHomeVendorsBoard(t *testing.T) {
	st := memstore.NewStore(nil)
	for _, c := range []store.Check{
		check("a", "C1", "U1", "AcmeGPU", "avoid", 10, "hw.host"),
		check("b", "C1", "U1", "酷算云", "ask_first", 20, "bill.egress"),
	} {
		c.Risks = []string{"hw.interconnect"}
		if err := st.AddCheck(context.Background(), c); err != nil {
			t.Fatal(err)
		}
	}
	vd := vendor.Deps{Checks: st, Trials: st, Prices: st, Renewals: st}
	d := home.Deps{Renewals: st, Checks: st, Vendors: vd.BoardFrom}
	tests := []struct {
		text, title string
		lines       []string
		buttons     []string
	}{
		{"home", "Vendors", []string{
			"AcmeGPU · asked · next: ask about Card-to-card link (NVLink or PCIe) · ruled out for your job: Card-to-card link (NVLink or PCIe)",
			"酷算云 · asked · next: ask about Card-to-card link (NVLink or PCIe) · ruled out for your job: Card-to-card link (NVLink or PCIe)",
		}, []string{"draft questions vendor=AcmeGPU hw.interconnect", "draft questions vendor=酷算云 hw.interconnect", "vendor compare"}},
		{"主页", "供应商", []string{
			"AcmeGPU · 已询问 · 下一步：追问：卡间互联（NVLink或PCIe） · 不适合你们的任务：卡间互联（NVLink或PCIe）",
			"酷算云 · 已询问 · 下一步：追问：卡间互联（NVLink或PCIe） · 不适合你们的任务：卡间互联（NVLink或PCIe）",
		}, []string{"起草 问题 供应商=AcmeGPU hw.interconnect", "起草 问题 供应商=酷算云 hw.interconnect", "供应商 对比"}},
	}
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			rep := ask(t, d, tt.text, "C1")
			sec := checksSection(t, rep, tt.title)
			if got, want := strings.Join(sec.Lines, "\n"), strings.Join(tt.lines, "\n"); got != want {
				t.Errorf("board\n%s\nwant\n%s", got, want)
			}
			var extra []string
			for _, b := range rep.Buttons[len(home.Buttons(chat.EN, false)):] { // after the main commands (no price book)
				extra = append(extra, b.Value)
				if b.Action != chat.ActionRun || chat.ButtonCommand(b.Action, b.Value) != b.Value {
					t.Errorf("button %+v does not run its value", b)
				}
			}
			if got, want := strings.Join(extra, "|"), strings.Join(tt.buttons, "|"); got != want {
				t.Errorf("buttons %q, want %q (no second draft button for a vendor on the board)", got, want)
			}
			var data struct {
				Vendors []struct {
					Name, Stage string
					Next        struct{ Text, Command string }
				} `json:"vendors"`
			}
			if err := json.Unmarshal(chat.RenderJSON(rep), &data); err != nil {
				t.Fatal(err)
			}
			if v := data.Vendors; len(v) != 2 || v[0].Name != "AcmeGPU" || v[0].Stage != "asked" || v[0].Next.Command != tt.buttons[0] {
				t.Errorf("vendors JSON %+v", v)
			}
			// the terminal's home page, as gpuadvisor home prints it
			testkit.Testdata(t, "home_board_"+string(rep.Lang)+".golden", testkit.Rendered(rep, false))
		})
	}
}

// TestHomeVendorsBoardEdges: none yet says how to get one; a board that
// cannot be read is a warning; past MaxBoard the rest is one command away;
// without Vendors the section is left out.
func TestHomeVendorsBoardEdges(t *testing.T) {
	st := memstore.NewStore(nil)
	none := func(context.Context, *chat.Call, vendor.Read) (vendor.Board, error) { return vendor.Board{}, nil }
	rep := ask(t, home.Deps{Renewals: st, Vendors: none}, "home", "C1")
	if l := checksSection(t, rep, "Vendors").Lines; len(l) != 1 || !strings.Contains(l[0], "price set gpu=a100-80g monthly=5000 vendor=AcmeGPU") {
		t.Errorf("no vendors: %q", l)
	}
	down := func(context.Context, *chat.Call, vendor.Read) (vendor.Board, error) {
		return vendor.Board{}, errors.New("table unavailable")
	}
	rep = ask(t, home.Deps{Renewals: st, Vendors: down}, "主页", "C1")
	if rep.Error != nil || len(rep.Warnings) != 1 || !strings.Contains(rep.Warnings[0], "暂时无法读取供应商") {
		t.Errorf("failing board: %v %q", rep.Error, rep.Warnings)
	}
	many := func(context.Context, *chat.Call, vendor.Read) (vendor.Board, error) {
		b := vendor.Board{More: 3}
		for i := range vendor.MaxBoard {
			name := fmt.Sprintf("V%d", i)
			b.Lines = append(b.Lines, vendor.BoardLine{Name: name, Stage: "asked", Line: name + " · asked",
				Button: chat.Button{Action: chat.ActionRun, Label: name, Value: "draft questions vendor=" + name}})
		}
		return b, nil
	}
	rep = ask(t, home.Deps{Renewals: st, Vendors: many}, "home", "C1")
	if l := checksSection(t, rep, "Vendors").Lines; len(l) != vendor.MaxBoard+1 || l[vendor.MaxBoard] != "3 more: vendor list" {
		t.Errorf("many vendors: %q; want %d lines and 3 more", l, vendor.MaxBoard+1)
	}
	if n := len(rep.Buttons); n != 7+vendor.MaxBoard+1 || n > 25 {
		t.Errorf("%d buttons; want the 7 main (no price book), %d vendors and Compare vendors, within Slack's 25", n, vendor.MaxBoard)
	}
	partial := func(context.Context, *chat.Call, vendor.Read) (vendor.Board, error) {
		return vendor.Board{Lines: []vendor.BoardLine{{Name: "A", Line: "A · asked"}}, Missing: []string{"trial checks"}}, nil
	}
	rep = ask(t, home.Deps{Renewals: st, Vendors: partial}, "home", "C1")
	if len(rep.Warnings) != 1 || !strings.Contains(rep.Warnings[0], "leaves out trial checks") {
		t.Errorf("a store not read: warnings %q; want one naming the trial checks", rep.Warnings)
	}
	rep = ask(t, home.Deps{Renewals: st}, "home", "C1")
	for _, s := range rep.Sections {
		if s.Title == "Vendors" {
			t.Errorf("without Vendors the home shows %+v", s)
		}
	}
}
