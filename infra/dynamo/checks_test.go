package dynamo_test

import (
	"context"
	"fmt"
	"strconv"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"gpuadvisor/infra/dynamo"
	"gpuadvisor/infra/dynamo/dynamotest"
	"gpuadvisor/store"
	"gpuadvisor/store/storetest"
)

// A check carries the table's TTL attribute, and the home page's five
// newest are one Query page read backwards, however many the tenant has.
func TestChecksExpireByTTLAndReadOnePage(t *testing.T) {
	c := dynamotest.Client(t)
	rec := &recorder{API: c}
	table := dynamotest.NewTable(t, c)
	st := dynamo.New(rec, table, dynamo.Options{})
	ctx := context.Background()
	at := time.Date(2026, 12, 1, 10, 30, 0, 500, time.UTC)
	// 2026-12-01T10:30:00.0000005Z + 90 days = 2027-03-01T10:30:00.0000005Z.
	// 2027-01-01 is day 57 × 365 + 14 leap days = 20819 since 1970, 2027-03-01
	// day 20819 + 31 + 28 = 20878: 20878 × 86400 = 1803859200, + 10.5 h (37800 s)
	// = 1803897000, rounded up past the 500 ns: 1803897001
	const wantExpiry = 1803897001
	for i := range 30 {
		if err := st.AddCheck(ctx, storetest.SampleCheck("slack:T1", "C1", "U1", fmt.Sprintf("k%02d", i), at.Add(time.Duration(i)*time.Minute))); err != nil {
			t.Fatal(err)
		}
	}
	out, err := c.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String(table), Key: map[string]types.AttributeValue{
		"pk": &types.AttributeValueMemberS{Value: "TENANT#slack:T1"},
		"sk": &types.AttributeValueMemberS{Value: "CHECK#" + store.CheckTime(at) + "#k00"},
	}})
	if err != nil || out.Item == nil {
		t.Fatalf("GetItem of the first check: %v, %v", out, err)
	}
	exp, _ := out.Item["expires_at"].(*types.AttributeValueMemberN)
	if exp == nil || exp.Value != strconv.Itoa(wantExpiry) {
		t.Errorf("expires_at = %v, want %d", out.Item["expires_at"], wantExpiry)
	}
	// read as of the day after: nothing has expired
	st = dynamo.New(rec, table, dynamo.Options{Now: func() time.Time { return at.Add(24 * time.Hour) }})
	rec.queries.Reset()
	got, err := st.RecentChecks(ctx, store.Scope{Tenant: "slack:T1", Channel: "C1"}, "U1", 5)
	if err != nil || len(got) != 5 || got[0].ID != "k29" || got[4].ID != "k25" {
		t.Fatalf("RecentChecks = %d checks, %v; want k29 to k25", len(got), err)
	}
	if qs := rec.queries.All(); len(qs) != 1 || aws.ToBool(qs[0].ScanIndexForward) || aws.ToInt32(qs[0].Limit) != 20 {
		t.Errorf("%d queries; want one page of 20 read backwards", len(qs))
	}
}
