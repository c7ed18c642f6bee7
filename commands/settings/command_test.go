package settings_test

import (
	"context"
	"testing"

	"gpuadvisor/chat"
	"gpuadvisor/commands/settings"
	"gpuadvisor/infra/memstore"
)

func TestSettings(t *testing.T) {
	st := memstore.NewStore(nil)
	r := chat.NewRouter()
	r.Register(settings.Command(settings.Deps{Store: st}))
	say := func(tenant, text string) chat.Reply {
		return r.Handle(context.Background(), chat.Request{Text: text, Tenant: tenant, Channel: "C1", User: "U1"})
	}
	field := func(rep chat.Reply, k string) any { return rep.Data.(map[string]any)[k] }

	// Not chosen: mainland China, in either language.
	if rep := say("t1", "设置"); field(rep, "market") != "cn" || field(rep, "chosen") != false {
		t.Errorf("zh default: %v", rep.Data)
	}
	if rep := say("t1", "settings"); field(rep, "market") != "cn" || field(rep, "chosen") != false {
		t.Errorf("en default: %v", rep.Data)
	}
	// Chosen once, for every channel and language of the team.
	if rep := say("t1", "settings market=overseas"); rep.Error != nil || field(rep, "action") != "set" {
		t.Fatalf("set: %+v", rep.Error)
	}
	if rep := say("t1", "设置"); field(rep, "market") != "global" || field(rep, "chosen") != true {
		t.Errorf("after set, Chinese asks get global: %v", rep.Data)
	}
	if rep := say("t2", "settings"); field(rep, "market") != "cn" || field(rep, "chosen") != false {
		t.Errorf("another team: %v", rep.Data)
	}
	for _, bad := range []string{"settings market=mars", "settings cn"} {
		if rep := say("t1", bad); rep.Error == nil || rep.Error.Key != "market" || rep.Error.Example == "" {
			t.Errorf("%s: %+v, want an error on market with an example", bad, rep.Error)
		}
	}
	if rep := say("", "settings"); rep.Error == nil || rep.Error.Code != chat.CodeUnavailable {
		t.Errorf("no tenant: %+v", rep.Error)
	}
}
