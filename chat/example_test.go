package chat

import "testing"

func TestExampleByLanguage(t *testing.T) {
	c := &Command{Examples: []string{"renewal add vendor=酷算云 price=15000", "renewal list", "续约 添加 供应商=酷算云 价格=15000"}}
	if got := c.Example(ZH); got != "续约 添加 供应商=酷算云 价格=15000" {
		t.Errorf("zh example = %q", got)
	}
	if got := c.Example(EN); got != "renewal add vendor=酷算云 price=15000" {
		t.Errorf("en example = %q", got)
	}
	only := &Command{Examples: []string{"draft sla vendor=酷算云"}}
	if got := only.Example(EN); got != "draft sla vendor=酷算云" {
		t.Errorf("single example = %q", got)
	}
}
