package dynamo

import (
	"context"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"gpuadvisor/store"
)

var _ store.Trials = (*Store)(nil)

// A trial check is stored as a record (records.go):
//
//	pk = "TENANT#<tenant>"   sk = "TRIAL#<id>"   type = "trial"
//
// in the tenant's partition, so the tenant's trials are one Query;
// expires_at (epoch seconds, the TTL) is At + store.TrialTTL. Beside the
// record's attributes: promised, a map (gpu, cards N, nvlink,
// intranet_gbps N, memory_gb N, busbw_gbs N, driver, cuda: each left out
// when zero); tools L<S> (left out when nil); checks, a list of maps (rule,
// item, status, promised, measured: item, promised and measured left out
// when empty), left out when there are none.

func trialSK(id string) string { return "TRIAL#" + id }

func trialItem(t store.Trial) attrs {
	a := record{
		typ: "trial", sk: trialSK(t.ID), expires: t.Expires(),
		id: t.ID, tenant: t.Tenant, channel: t.Channel, user: t.User, teamWide: t.TeamWide, at: t.At, vendor: t.Vendor,
	}.attrs()
	p := t.Promised
	a["promised"] = attrs{}.with(attrs{
		"gpu": s(p.GPU), "cards": num(p.Cards), "nvlink": s(p.NVLink), "intranet_gbps": float(p.IntranetGbps),
		"memory_gb": num(p.MemoryGB), "busbw_gbs": float(p.BusGBs), "driver": s(p.Driver), "cuda": s(p.CUDA),
	}).m()
	if len(t.Checks) > 0 {
		a["checks"] = list(t.Checks, func(c store.TrialCheck) types.AttributeValue {
			return attrs{"rule": s(c.Rule), "status": s(c.Status)}.with(attrs{"item": s(c.Item), "promised": s(c.Promised), "measured": s(c.Measured)}).m()
		})
	}
	return a.with(attrs{"tools": list(t.Tools, s)})
}

func readTrial(item map[string]types.AttributeValue) (store.Trial, error) {
	f := read(item)
	r := readRecord(f)
	p, _ := f.M("promised")
	t := store.Trial{
		ID: r.id, Tenant: r.tenant, Channel: r.channel, User: r.user, TeamWide: r.teamWide, At: r.at, Vendor: r.vendor,
		Promised: store.TrialPromise{
			GPU: p.S("gpu"), Cards: p.N("cards"), NVLink: p.S("nvlink"), IntranetGbps: p.F("intranet_gbps"),
			MemoryGB: p.N("memory_gb"), BusGBs: p.F("busbw_gbs"), Driver: p.S("driver"), CUDA: p.S("cuda"),
		},
		Tools: f.Strings("tools"),
	}
	for _, c := range f.Ms("checks") {
		t.Checks = append(t.Checks, store.TrialCheck{
			Rule: c.S("rule"), Item: c.S("item"), Status: c.S("status"), Promised: c.S("promised"), Measured: c.S("measured"),
		})
	}
	return t, f.Err()
}

// AddTrial implements store.Trials with one put, replacing a trial of the
// same id. Nothing is deleted: the TTL removes a trial after
// store.TrialTTL, and ListTrials reads no further back than the tenant's
// newest store.KeepTrials.
func (st *Store) AddTrial(ctx context.Context, t store.Trial) error {
	if err := store.TrialKey(t); err != nil {
		return err
	}
	return failed(st.put(ctx, &dynamodb.PutItemInput{Item: trialItem(t)}), nil, "add trial %s/%s", t.Tenant, t.ID)
}

// ListTrials implements store.Trials with a Query on the tenant's
// partition. Expired items DynamoDB has not deleted yet are skipped.
func (st *Store) ListTrials(ctx context.Context, scope store.Scope) ([]store.Trial, error) {
	all, err := query(ctx, st, "trials", inTenant(scope.Tenant, "TRIAL#"), func(item map[string]types.AttributeValue) (store.Trial, bool, error) {
		t, err := readTrial(item)
		return t, true, err
	})
	if err != nil {
		return nil, fmt.Errorf("list trials of %s: %w", scope.Tenant, err)
	}
	return store.PickTrials(all, scope, st.now()), nil
}

// DeleteTrial implements store.Trials with a delete conditional on the
// trial existing and being seen from scope (its channel, or team-wide).
func (st *Store) DeleteTrial(ctx context.Context, scope store.Scope, id string) error {
	return failed(st.delInConversation(ctx, scope, trialSK(id)), store.ErrNotFound, "delete trial %s/%s from %s", scope.Tenant, id, scope.Channel)
}
