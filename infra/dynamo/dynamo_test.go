package dynamo_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"gpuadvisor/advisor/renewal"
	"gpuadvisor/infra/dynamo"
	"gpuadvisor/infra/dynamo/dynamotest"
	"gpuadvisor/internal/testkit"
	"gpuadvisor/store"
	"gpuadvisor/store/storetest"
)

// recorder wraps the client and remembers every Query.
type recorder struct {
	dynamo.API
	queries testkit.Recorder[*dynamodb.QueryInput]
}

func (r *recorder) Query(ctx context.Context, in *dynamodb.QueryInput, o ...func(*dynamodb.Options)) (*dynamodb.QueryOutput, error) {
	r.queries.Record(in)
	return r.API.Query(ctx, in, o...)
}

func TestDueRenewalsQueryTheDateIndex(t *testing.T) {
	c := dynamotest.Client(t)
	rec := &recorder{API: c}
	st := dynamo.New(rec, dynamotest.NewTable(t, c), dynamo.Options{})
	ctx := context.Background()
	r := storetest.Sample("slack:T1", "r1")
	if err := st.CreateRenewal(ctx, r); err != nil {
		t.Fatal(err)
	}
	from, _ := renewal.ParseDate("2026-12-29")
	due, err := st.DueRenewals(ctx, from, r.NextCheck)
	if err != nil || len(due) != 1 {
		t.Fatalf("DueRenewals = %d, %v; want 1", len(due), err)
	}
	if len(rec.queries.All()) != 3 {
		t.Errorf("a 3-day window made %d queries, want one per day (3)", len(rec.queries.All()))
	}
	seen := map[string]bool{}
	for _, q := range rec.queries.All() {
		if aws.ToString(q.IndexName) != dynamo.IndexName || aws.ToString(q.KeyConditionExpression) != "gsi1pk = :d" {
			t.Errorf("due query on index %q with %q, want gsi1 keyed by gsi1pk", aws.ToString(q.IndexName), aws.ToString(q.KeyConditionExpression))
		}
		seen[q.ExpressionAttributeValues[":d"].(*types.AttributeValueMemberS).Value] = true
	}
	for _, want := range []string{"DUE#2026-12-29", "DUE#2026-12-30", "DUE#2026-12-31"} {
		if !seen[want] {
			t.Errorf("no query for %s (got %v)", want, seen)
		}
	}
	if read, _ := st.Capacity(); read <= 0 {
		t.Errorf("consumed read units = %v, want > 0 (ReturnConsumedCapacity)", read)
	}
}

// DynamoDB deletes expired items only eventually: items past expires_at
// that are still in the table must read as absent.
func TestExpiredItemsAreFilteredOnRead(t *testing.T) {
	c := dynamotest.Client(t)
	table := dynamotest.NewTable(t, c)
	now := time.Date(2027, 1, 16, 0, 0, 0, 0, time.UTC)
	st := dynamo.New(c, table, dynamo.Options{Now: func() time.Time { return now }})
	ctx := context.Background()
	past := &types.AttributeValueMemberN{Value: "1700000000"} // 2023, long expired
	put := func(item map[string]types.AttributeValue) {
		t.Helper()
		if _, err := c.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String(table), Item: item}); err != nil {
			t.Fatal(err)
		}
	}
	put(map[string]types.AttributeValue{
		"pk": &types.AttributeValueMemberS{Value: "DEDUPE#slack:Ev1"}, "sk": &types.AttributeValueMemberS{Value: "DEDUPE"}, "expires_at": past,
	})
	if ok, err := st.Claim(ctx, "slack:Ev1", time.Hour); err != nil || !ok {
		t.Errorf("Claim over an expired, undeleted key = %v, %v; want true", ok, err)
	}
	put(map[string]types.AttributeValue{
		"pk": &types.AttributeValueMemberS{Value: "TENANT#slack:T1"}, "sk": &types.AttributeValueMemberS{Value: "REMINDER#r1#2027-03-01#14"},
		"state": &types.AttributeValueMemberS{Value: "sent"}, "owner": &types.AttributeValueMemberS{Value: "old"}, "expires_at": past,
	})
	cycle, _ := renewal.ParseDate("2027-03-01")
	k := store.ReminderKey{Tenant: "slack:T1", RenewalID: "r1", Cycle: cycle, Offset: 14}
	if _, err := st.ReminderMark(ctx, k, now); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("ReminderMark of an expired, undeleted mark: got %v, want ErrNotFound", err)
	}
	if cl, err := st.ClaimReminder(ctx, k, "run", now, time.Minute, now.Add(time.Hour)); err != nil || cl != store.Claimed {
		t.Errorf("ClaimReminder over an expired, undeleted mark = %s, %v; want claimed", cl, err)
	}
}

func TestTableInputMatchesTheDocumentedSchema(t *testing.T) {
	in := dynamo.TableInput("t")
	var attrs []string
	for _, a := range in.AttributeDefinitions {
		attrs = append(attrs, aws.ToString(a.AttributeName)+":"+string(a.AttributeType))
	}
	if got := attrs; len(got) != 4 || got[0] != "pk:S" || got[1] != "sk:S" || got[2] != "gsi1pk:S" || got[3] != "gsi1sk:S" {
		t.Errorf("attributes %v, want pk, sk, gsi1pk, gsi1sk, all S", got)
	}
	if k := in.KeySchema; aws.ToString(k[0].AttributeName) != "pk" || k[0].KeyType != types.KeyTypeHash || aws.ToString(k[1].AttributeName) != "sk" {
		t.Errorf("key schema %+v, want pk HASH, sk RANGE", k)
	}
	g := in.GlobalSecondaryIndexes
	if len(g) != 1 || aws.ToString(g[0].IndexName) != "gsi1" || g[0].Projection.ProjectionType != types.ProjectionTypeAll {
		t.Errorf("indexes %+v, want one gsi1 projecting ALL", g)
	}
	if in.BillingMode != types.BillingModePayPerRequest {
		t.Errorf("billing mode %s, want PAY_PER_REQUEST", in.BillingMode)
	}
}
