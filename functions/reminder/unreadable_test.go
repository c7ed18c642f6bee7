package main

import (
	"context"
	"strings"
	"testing"

	rules "gpuadvisor/advisor/renewal"
	"gpuadvisor/chat"
	"gpuadvisor/infra/dynamo"
	"gpuadvisor/infra/dynamo/dynamotest"
)

// Issue 25 on DynamoDB: an item that does not decode is left out, every
// other due reminder is sent, and the invocation fails naming the item's
// key, so that the run shows as failed.
func TestAnUndecodableItemFailsTheRunAfterTheOthers(t *testing.T) {
	st, sp := dynamotest.NewSpoiled(t, dynamo.Options{})
	renews, _ := rules.ParseDate("2027-03-01")
	created, _ := rules.ParseDate("2026-12-01")
	for _, id := range []string{"r1", "r2", "r3"} {
		r := rules.Renewal{ID: id, Tenant: "slack:T1", Platform: "slack", Channel: "C1", Lang: "zh", Vendor: "酷算云",
			GPU: "A100-80G", Cards: 8, Mode: rules.Monthly, Price: 15000, Renews: renews, NoticeDays: 30}
		r.NextCheck = r.FirstCheck(created)
		if err := st.CreateRenewal(context.Background(), r); err != nil {
			t.Fatal(err)
		}
	}
	sp.SpoilRenewal(t, "slack:T1", "r2")
	p := &fakePoster{}
	h := &handler{store: st, posters: map[string]chat.Poster{"slack": p}, loc: rules.Shanghai(),
		now: newHandler(nil, p).now, log: quiet}
	sum, err := h.Handle(context.Background(), []byte(`{"task":"remind"}`))
	if err == nil || !strings.Contains(err.Error(), "TENANT#slack:T1 RENEWAL#r2") {
		t.Errorf("invocation error %v, want one naming the undecodable item", err)
	}
	if sum.Sent != 2 || len(p.All()) != 2 || len(sum.Unreadable) != 1 || sum.Unreadable[0].Bucket != "renewals" {
		t.Errorf("summary %+v with %d posts; want 2 sent and posted, 1 unreadable renewal", sum, len(p.All()))
	}
}
