package price_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"gpuadvisor/chat"
	"gpuadvisor/commands/price"
	"gpuadvisor/infra/memstore"
	"gpuadvisor/internal/testkit"
)

type bot struct {
	r   *chat.Router
	ids []string
}

func newBot(t *testing.T) *bot {
	t.Helper()
	b := &bot{}
	st := memstore.NewStore(nil)
	seq := testkit.SeqIDs("p")
	b.r = testkit.RouterAt(time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC), price.Command(price.Deps{Store: st, NewID: func() string {
		id := seq()
		b.ids = append(b.ids, id)
		return id
	}}))
	return b
}

func (b *bot) say(channel, text string) chat.Reply {
	return b.r.Handle(context.Background(), chat.Request{Text: text, Platform: "slack", Tenant: "slack:T1", Channel: channel, User: "U1"})
}

func data(t *testing.T, r chat.Reply) map[string]any {
	t.Helper()
	b, err := json.Marshal(r.Data)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	json.Unmarshal(b, &m)
	return m
}

func TestSetListRemove(t *testing.T) {
	b := newBot(t)
	r := b.say("G-private", "price set gpu=a100-80g ondemand=9 monthly=5000 spot=4 vendor=酷算云 note=\"8-card machines\"")
	if r.Error != nil {
		t.Fatalf("set: %+v", r.Error)
	}
	e := data(t, r)["entry"].(map[string]any)
	// The catalog id, the prices as given, CNY by default, today's date.
	if e["gpu"] != "a100-80g-sxm" || e["ondemand"] != 9.0 || e["monthly"] != 5000.0 || e["spot"] != 4.0 || e["currency"] != "CNY" || e["date"] != "2026-12-01" || e["note"] != "8-card machines" {
		t.Errorf("entry = %v", e)
	}
	if r := b.say("C-ops", "价格 设置 显卡=A800 按需=8.5元/时 包月=4800 供应商=算力港 范围=团队"); r.Error != nil || r.Lang != chat.ZH {
		t.Fatalf("zh set: %+v lang %s", r.Error, r.Lang)
	}
	// The private channel sees its own and the team-wide entry; another channel only the team-wide one.
	if got := data(t, b.say("G-private", "price list"))["entries"].([]any); len(got) != 2 {
		t.Errorf("private channel lists %d entries, want 2", len(got))
	}
	got := data(t, b.say("C-general", "price list"))["entries"].([]any)
	if len(got) != 1 || got[0].(map[string]any)["id"] != "p2" {
		t.Errorf("another channel lists %v, want only the team-wide p2", got)
	}
	// A channel's own price is removed only there; a team-wide one anywhere in the team.
	if r := b.say("C-general", "price remove p1"); r.Error == nil || r.Error.Code != chat.CodeNotFound {
		t.Errorf("remove a private price from another channel = %+v, want not_found", r.Error)
	}
	if r := b.say("C-general", "price remove p2"); r.Error != nil {
		t.Errorf("remove a team-wide price from another channel of the team: %+v", r.Error)
	}
	if got := data(t, b.say("C-general", "price list"))["entries"].([]any); len(got) != 0 {
		t.Errorf("after remove another channel lists %v", got)
	}
}

func TestBadInput(t *testing.T) {
	for _, tc := range []struct {
		text, key, words string
	}{
		{"price set ondemand=9", "gpu", "gpu"},
		{"price set gpu=z9000 ondemand=9", "gpu", "not a card"},
		{"price set gpu=a100-80g", "ondemand", "at least one price"},
		{"price set gpu=a100-80g ondemand=-3", "ondemand", ""},
		{"price set gpu=a100-80g ondemand=35 monthly=500", "monthly", "swapped"},
		{"price set gpu=a100-80g ondemand=9 spot=12", "spot", "spot"},
		{"price set gpu=a100-80g ondemand=9 scope=world", "scope", ""},
		{"price set gpu=a100-80g ondemand=9 date=tomorrow", "date", "write the day itself"},
		{"price sett gpu=a100-80g ondemand=9", "price", "set"},
		{"价格 设置 显卡=a100-80g 按需=35 包月=500", "monthly", "写反"},
		{"price remove", "id", ""},
		{"price list now", "list", ""},
	} {
		testkit.WantInvalid(t, tc.text, newBot(t).say("C1", tc.text), tc.key, tc.words)
	}
}

func TestNeedsStoreAndScope(t *testing.T) {
	r := chat.NewRouter()
	r.Register(price.Command(price.Deps{}))
	if got := r.Handle(context.Background(), chat.Request{Text: "price list", Tenant: "t", Channel: "c"}); got.Error == nil || got.Error.Code != chat.CodeUnavailable {
		t.Errorf("no store: %+v, want unavailable", got.Error)
	}
	b := newBot(t)
	if got := b.r.Handle(context.Background(), chat.Request{Text: "price list", Tenant: "slack:T1"}); got.Error == nil || got.Error.Code != chat.CodeUnavailable {
		t.Errorf("no channel: %+v, want unavailable (a price is never saved without its scope)", got.Error)
	}
	if got := b.say("C1", "price"); got.Error != nil || !strings.Contains(strings.Join(got.Sections[0].Lines, "\n"), "price set") {
		t.Errorf("bare price should show examples: %+v", got)
	}
}
