package dynamo

import (
	"context"
	"fmt"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"gpuadvisor/store"
)

var _ store.Checks = (*Store)(nil)

// checkItem is a recent check as stored:
//
//	pk = "TENANT#<tenant>"   sk = "CHECK#<store.CheckTime>#<id>"   type = "check"
//
// in the tenant's partition, so the newest are one Query read backwards;
// expires_at (epoch seconds, the TTL) is At + store.CheckTTL.
type checkItem struct {
	PK        string   `dynamodbav:"pk"`
	SK        string   `dynamodbav:"sk"`
	Type      string   `dynamodbav:"type"`
	ExpiresAt int64    `dynamodbav:"expires_at"`
	ID        string   `dynamodbav:"id"`
	Tenant    string   `dynamodbav:"tenant"`
	Channel   string   `dynamodbav:"channel"`
	User      string   `dynamodbav:"user,omitempty"`
	Private   bool     `dynamodbav:"private,omitempty"`
	TeamWide  bool     `dynamodbav:"team_wide,omitempty"`
	At        string   `dynamodbav:"at"` // RFC 3339 with nanoseconds
	Vendor    string   `dynamodbav:"vendor,omitempty"`
	Verdict   string   `dynamodbav:"verdict"`
	Covered   int      `dynamodbav:"covered"`
	Risk      int      `dynamodbav:"risk"`
	Vague     int      `dynamodbav:"vague"`
	Missing   int      `dynamodbav:"missing"`
	Ask       []string `dynamodbav:"ask,omitempty"`
	Risks     []string `dynamodbav:"risks,omitempty"`
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
	av, err := attributevalue.MarshalMap(checkItem{
		PK: tenantPK(c.Tenant), SK: "CHECK#" + store.CheckTime(c.At) + "#" + c.ID, Type: "check",
		ExpiresAt: ceilSeconds(c.Expires()),
		ID:        c.ID, Tenant: c.Tenant, Channel: c.Channel, User: c.User, Private: c.Private, TeamWide: c.TeamWide,
		At: c.At.UTC().Format(time.RFC3339Nano), Vendor: c.Vendor, Verdict: c.Verdict,
		Covered: c.Covered, Risk: c.Risk, Vague: c.Vague, Missing: c.Missing, Ask: c.Ask, Risks: c.Risks,
	})
	if err != nil {
		return fmt.Errorf("encode check %s/%s: %w", c.Tenant, c.ID, err)
	}
	out, err := st.api.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String(st.table), Item: av, ReturnConsumedCapacity: total})
	if err != nil {
		return fmt.Errorf("add check %s/%s: %w", c.Tenant, c.ID, st.explain(err))
	}
	st.count(false, out.ConsumedCapacity)
	return nil
}

// RecentChecks implements store.Checks with a Query on the tenant's
// partition, newest first (ScanIndexForward false), a page of checkPage at
// a time until the picker has enough. Expired items DynamoDB has not
// deleted yet are skipped (the picker compares At + CheckTTL with now).
func (st *Store) RecentChecks(ctx context.Context, scope store.Scope, user string, n int) ([]store.Check, error) {
	pick := store.NewCheckPicker(scope, user, n, st.now())
	p := dynamodb.NewQueryPaginator(st.api, &dynamodb.QueryInput{
		TableName:              aws.String(st.table),
		KeyConditionExpression: aws.String("pk = :pk AND begins_with(sk, :prefix)"),
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":pk": s(tenantPK(scope.Tenant)), ":prefix": s("CHECK#"),
		},
		ScanIndexForward:       aws.Bool(false),
		Limit:                  aws.Int32(checkPage),
		ConsistentRead:         aws.Bool(true),
		ReturnConsumedCapacity: total,
	})
	for pick.More() && p.HasMorePages() {
		page, err := p.NextPage(ctx)
		if err != nil {
			return nil, fmt.Errorf("recent checks of %s: %w", scope.Tenant, st.explain(err))
		}
		st.count(true, page.ConsumedCapacity)
		for _, av := range page.Items {
			var it checkItem
			if err := attributevalue.UnmarshalMap(av, &it); err != nil {
				store.Skip(ctx, st.unreadable("checks", av, err))
				continue
			}
			at, err := time.Parse(time.RFC3339Nano, it.At)
			if err != nil {
				store.Skip(ctx, st.unreadable("checks", av, fmt.Errorf("at %q: %w", it.At, err)))
				continue
			}
			if !pick.Offer(store.Check{
				ID: it.ID, Tenant: it.Tenant, Channel: it.Channel, User: it.User, Private: it.Private, TeamWide: it.TeamWide, At: at.UTC(),
				Vendor: it.Vendor, Verdict: it.Verdict, Covered: it.Covered, Risk: it.Risk, Vague: it.Vague, Missing: it.Missing, Ask: it.Ask, Risks: it.Risks,
			}) {
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
	sks, err := query(ctx, st, "checks", inTenant(scope.Tenant, "CHECK#"), func(av map[string]types.AttributeValue) (string, bool, error) {
		var it checkItem
		if err := attributevalue.UnmarshalMap(av, &it); err != nil {
			return "", false, fmt.Errorf("decode check item: %w", err)
		}
		c := store.Check{ID: it.ID, Tenant: it.Tenant, Channel: it.Channel, TeamWide: it.TeamWide}
		return it.SK, c.ID == id && c.In(scope), nil
	})
	if err != nil {
		return fmt.Errorf("delete check %s/%s from %s: %w", scope.Tenant, id, scope.Channel, err)
	}
	if len(sks) == 0 {
		return fmt.Errorf("delete check %s/%s from %s: %w", scope.Tenant, id, scope.Channel, store.ErrNotFound)
	}
	for _, sk := range sks {
		err := st.del(ctx, &dynamodb.DeleteItemInput{
			Key:                       map[string]types.AttributeValue{"pk": s(tenantPK(scope.Tenant)), "sk": s(sk)},
			ConditionExpression:       aws.String("attribute_exists(pk) AND (channel = :ch OR team_wide = :t)"),
			ExpressionAttributeValues: map[string]types.AttributeValue{":ch": s(scope.Channel), ":t": &types.AttributeValueMemberBOOL{Value: true}},
		})
		// a record the TTL (or another remove) took meanwhile is gone all the same
		if err := failed(err, nil, "delete check %s/%s from %s", scope.Tenant, id, scope.Channel); err != nil {
			return err
		}
	}
	return nil
}
