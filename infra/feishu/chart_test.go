package feishu

import (
	"encoding/json"
	"testing"

	"gpuadvisor/chat"
)

// On Feishu a chart over hours has a linear axis: points at their hours,
// the marks at their own hours (the break-even between grid points).
func TestChartHoursOnALinearAxis(t *testing.T) {
	be := 428.57
	c := chat.Chart{ID: "billing_cost", Kind: chat.ChartLine, Title: "每卡每月成本", XUnit: "小时",
		Categories: []string{"0小时", "360小时", "720小时"}, X: []float64{0, 360, 720},
		Series: []chat.Series{{Name: "按需", Values: []float64{0, 12600, 25200}}},
		Marks:  []chat.Mark{{Category: 1, Label: "盈亏平衡", At: &be}}}
	els := (&renderer{}).chartElements(chat.ZH, c)
	raw, err := json.Marshal(els[0])
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		Spec struct {
			Axes []struct {
				Orient, Type string
			} `json:"axes"`
			Data []struct {
				Values []struct {
					X any `json:"x"`
				} `json:"values"`
			} `json:"data"`
			MarkLine []struct {
				X     any `json:"x"`
				Label struct {
					Text string `json:"text"`
				} `json:"label"`
			} `json:"markLine"`
		} `json:"chart_spec"`
	}
	if err := json.Unmarshal(raw, &got); err != nil {
		t.Fatal(err)
	}
	if got.Spec.Axes[0].Orient != "bottom" || got.Spec.Axes[0].Type != "linear" {
		t.Errorf("x axis %+v, want a linear bottom axis", got.Spec.Axes[0])
	}
	for _, v := range got.Spec.Data[0].Values {
		if _, ok := v.X.(float64); !ok {
			t.Errorf("point x %v (%T), want a number of hours", v.X, v.X)
		}
	}
	if len(got.Spec.MarkLine) != 1 || got.Spec.MarkLine[0].X != 428.57 || got.Spec.MarkLine[0].Label.Text != "盈亏平衡 428.57小时" {
		t.Errorf("mark lines %+v, want one at 428.57 labelled with its hours", got.Spec.MarkLine)
	}
}
