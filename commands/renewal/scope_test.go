package renewal_test

import (
	"context"
	"strings"
	"testing"

	"gpuadvisor/chat"
	"gpuadvisor/infra/memstore"
)

func in(text, channel string) chat.Request {
	return chat.Request{Text: text, Platform: "slack", Tenant: "slack:T1", Channel: channel, User: "U42"}
}

// TestAPrivateChannelsRenewalIsNeverShownElsewhere: issue 15's leak, a
// contract saved in a private channel (with its price) listed, changed and
// removed from a public one.
func TestAPrivateChannelsRenewalIsNeverShownElsewhere(t *testing.T) {
	ctx := context.Background()
	st := memstore.NewStore(nil)
	r := router(st) // ids r1, r2, ...
	if rep := r.Handle(ctx, in(strings.Replace(addEN, "price=15000", "price=98765", 1), "G-private")); rep.Error != nil {
		t.Fatal(rep.Error)
	}
	if rep := r.Handle(ctx, in(strings.Replace(addEN, "酷算云", "SharedCloud", 1)+" scope=team", "G-private")); rep.Error != nil {
		t.Fatal(rep.Error)
	}
	list := r.Handle(ctx, in("renewal list", "C-general"))
	text := chat.RenderText(list)
	if strings.Contains(text, "酷算云") || strings.Contains(text, "98765") || strings.Contains(text, "r1") {
		t.Errorf("the public channel's list shows the private renewal:\n%s", text)
	}
	if !strings.Contains(text, "SharedCloud") {
		t.Errorf("the public channel's list lacks the team-wide renewal:\n%s", text)
	}
	for _, cmd := range []string{"renewal remove r1", "renewal usage r1 hours=1"} {
		rep := r.Handle(ctx, in(cmd, "C-general"))
		if rep.Error == nil || rep.Error.Code != chat.CodeNotFound || strings.Contains(rep.Error.Message, "酷算云") {
			t.Errorf("%q from the public channel: %+v, want not found, revealing nothing", cmd, rep.Error)
		}
	}
	private := chat.RenderText(r.Handle(ctx, in("renewal list", "G-private")))
	if !strings.Contains(private, "酷算云") || !strings.Contains(private, "SharedCloud") || strings.Contains(private, "1 h") {
		t.Errorf("the private channel's list after the public channel's attempts:\n%s", private)
	}
	if rep := r.Handle(ctx, in("renewal remove r2", "C-general")); rep.Error != nil {
		t.Errorf("the team-wide renewal cannot be removed from another channel of the team: %v", rep.Error)
	}
	if rep := r.Handle(ctx, in("renewal remove r1", "G-private")); rep.Error != nil {
		t.Errorf("the private channel cannot remove its own renewal: %v", rep.Error)
	}
}

func TestScopeIsReadAndRefused(t *testing.T) {
	tests := []struct {
		text, want string
	}{
		{addEN, "this channel only"},
		{addEN + " scope=channel", "this channel only"},
		{addEN + " scope=team", "every channel of the team"},
		{addZH + " 范围=团队", "团队所有频道"},
	}
	for _, tt := range tests {
		rep := router(memstore.NewStore(nil)).Handle(context.Background(), in(tt.text, "C1"))
		if rep.Error != nil || !strings.Contains(chat.RenderText(rep), tt.want) {
			t.Errorf("%q: %v\n%s\nwant %q", tt.text, rep.Error, chat.RenderText(rep), tt.want)
		}
	}
	rep := router(memstore.NewStore(nil)).Handle(context.Background(), in(addEN+" scope=everyone", "C1"))
	if rep.Error == nil || rep.Error.Key != "scope" || !strings.Contains(rep.Error.Message, "team") {
		t.Errorf("scope=everyone: %+v, want an error naming scope and the accepted values", rep.Error)
	}
}
