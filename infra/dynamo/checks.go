package dynamo

import (
	"context"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"gpuadvisor/store"
)

var _ store.Checks = (*Store)(nil)

// A recent check is stored as a record (records.go):
//
//	pk = "TENANT#<tenant>"   sk = "CHECK#<store.CheckTime>#<id>"   type = "check"
//
// in the tenant's partition, so the newest are one Query read backwards;
// expires_at (epoch seconds, the TTL) is At + store.CheckTTL. Beside the
// record's attributes: private (left out when false), verdict, covered N,
// risk N, vague N, missing N, ask L<S> and risks L<S> (left out when nil).

func checkItem(c store.Check) attrs {
	a := record{
		typ: "check", sk: "CHECK#" + store.CheckTime(c.At) + "#" + c.ID, expires: c.Expires(),
		id: c.ID, tenant: c.Tenant, channel: c.Channel, user: c.User, teamWide: c.TeamWide, at: c.At, vendor: c.Vendor,
	}.attrs()
	a["verdict"], a["covered"], a["risk"], a["vague"], a["missing"] = s(c.Verdict), num(c.Covered), num(c.Risk), num(c.Vague), num(c.Missing)
	return a.with(attrs{"private": boolean(c.Private), "ask": list(c.Ask, s), "risks": list(c.Risks, s)})
}

// readCheck reads a check's item, and its sort key.
func readCheck(item map[string]types.AttributeValue) (store.Check, string, error) {
	f := read(item)
	r := readRecord(f)
	c := store.Check{
		ID: r.id, Tenant: r.tenant, Channel: r.channel, User: r.user, Private: f.Bool("private"), TeamWide: r.teamWide,
		At: r.at, Vendor: r.vendor, Verdict: f.S("verdict"),
		Covered: f.N("covered"), Risk: f.N("risk"), Vague: f.N("vague"), Missing: f.N("missing"),
		Ask: f.Strings("ask"), Risks: f.Strings("risks"),
	}
	return c, r.sk, f.Err()
}

// checkPage is how many items one page of RecentChecks reads: a home page
// lists five, so one page mostly does.
const checkPage = 20

// AddCheck implements store.Checks with one put. Nothing is deleted: the
// TTL removes a check after store.CheckTTL, and RecentChecks reads no
// further back than the tenant's newest store.KeepChecks.
func (st *Store) AddCheck(ctx context.Context, c store.Check) error {
	if err := store.CheckKey(c); err != nil {
		return err
	}
	return failed(st.put(ctx, &dynamodb.PutItemInput{Item: checkItem(c)}), nil, "add check %s/%s", c.Tenant, c.ID)
}

// RecentChecks implements store.Checks with a Query on the tenant's
// partition, newest first (ScanIndexForward false), a page of checkPage at
// a time until the picker has enough. Expired items DynamoDB has not
// deleted yet are skipped (the picker compares At + CheckTTL with now).
func (st *Store) RecentChecks(ctx context.Context, scope store.Scope, user string, n int) ([]store.Check, error) {
	pick := store.NewCheckPicker(scope, user, n, st.now())
	in := inTenant(scope.Tenant, "CHECK#")
	in.TableName, in.ReturnConsumedCapacity = aws.String(st.table), total
	in.ScanIndexForward, in.Limit = aws.Bool(false), aws.Int32(checkPage)
	p := dynamodb.NewQueryPaginator(st.api, in)
	for pick.More() && p.HasMorePages() {
		page, err := p.NextPage(ctx)
		if err != nil {
			return nil, fmt.Errorf("recent checks of %s: %w", scope.Tenant, st.explain(err))
		}
		st.count(true, page.ConsumedCapacity)
		for _, item := range page.Items {
			c, _, err := readCheck(item)
			if err != nil {
				store.Skip(ctx, st.unreadable("checks", item, err))
				continue
			}
			if !pick.Offer(c) {
				break
			}
		}
	}
	return pick.Checks(), nil
}

// DeleteCheck implements store.Checks: a Query of the tenant's checks finds
// the records of id that belong to scope's conversation, and each (its
// key holds the id) is deleted on the condition that it still does.
func (st *Store) DeleteCheck(ctx context.Context, scope store.Scope, id string) error {
	sks, err := query(ctx, st, "checks", inTenant(scope.Tenant, "CHECK#"), func(item map[string]types.AttributeValue) (string, bool, error) {
		c, sk, err := readCheck(item)
		return sk, c.ID == id && c.In(scope), err
	})
	if err != nil {
		return fmt.Errorf("delete check %s/%s from %s: %w", scope.Tenant, id, scope.Channel, err)
	}
	if len(sks) == 0 {
		return fmt.Errorf("delete check %s/%s from %s: %w", scope.Tenant, id, scope.Channel, store.ErrNotFound)
	}
	for _, sk := range sks {
		// a record the TTL (or another remove) took meanwhile is gone all the same
		if err := failed(st.delInConversation(ctx, scope, sk), nil, "delete check %s/%s from %s", scope.Tenant, id, scope.Channel); err != nil {
			return err
		}
	}
	return nil
}
