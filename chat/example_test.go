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

func TestLocalize(t *testing.T) {
	r := NewRouter()
	r.Register(&Command{Name: "renewal", Aliases: []string{"renewals", "续约"}, ExampleZH: map[string]string{"monthly": "包月", "<paste>": "<粘贴>"},
		Subs: []*Command{
			{Name: "renewal add", Aliases: []string{"添加"}, Keys: []Key{
				{Name: "renews", Aliases: []string{"续约日"}}, {Name: "notice", Aliases: []string{"通知期"}, Kind: Days},
				{Name: "mode", Aliases: []string{"方式"}}, {Name: "team", Aliases: []string{"团队"}}, {Name: "note"}}},
			{Name: "renewal usage", Aliases: []string{"用量"}, Keys: []Key{{Name: "hours", Aliases: []string{"用量"}, Kind: Hours}}},
		}},
		&Command{Name: "billing", Aliases: []string{"计费"}, Keys: []Key{{Name: "hours", Aliases: []string{"h", "时长"}, Kind: Hours}}})
	for _, tc := range []struct{ name, lang, command, in, want string }{
		{"english is unchanged", "en", "renewal", "renewal add renews=2027-03-01", "renewal add renews=2027-03-01"},
		{"command, sub-command and keys", "zh", "renewal", "renewal add ... renews=2027-03-01 notice=30d", "续约 添加 ... 续约日=2027-03-01 通知期=30天"},
		{"values the command spells", "zh", "renewal", "renewal add mode=monthly team=yes <paste>", "续约 添加 方式=包月 团队=是 <粘贴>"},
		{"the sub-command's keys win", "zh", "renewal", "renewal usage k7 hours=310h", "续约 用量 k7 用量=310小时"},
		{"a fragment with the command's keys", "zh", "renewal", "notice=30d", "通知期=30天"},
		{"another command's line after the words", "zh", "billing", "billing hours=300", "计费 时长=300"},
		{"a key without Chinese stays", "zh", "renewal", "renewal add note=x", "续约 添加 note=x"},
		{"an unknown command stays", "zh", "", "frob x=1", "frob x=1"},
	} {
		if got := r.Localize(Lang(tc.lang), tc.command, tc.in); got != tc.want {
			t.Errorf("%s: Localize(%q) = %q, want %q", tc.name, tc.in, got, tc.want)
		}
	}
}
