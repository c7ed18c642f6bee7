package dynamo_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"gpuadvisor/infra/dynamo"
	"gpuadvisor/infra/dynamo/dynamotest"
	"gpuadvisor/store"
)

// A table that does not exist (dynalite answers ResourceNotFoundException)
// says so and what to do, without "try again".
func TestAMissingTableSaysSo(t *testing.T) {
	st := dynamo.New(dynamotest.Client(t), "gpuadvisor-no-such-table", dynamo.Options{})
	_, err := st.ListRenewals(context.Background(), store.Scope{Tenant: "slack:T1", Channel: "C1"})
	var fe *store.FaultError
	if !errors.As(err, &fe) || fe.Problem != store.NoTable || fe.Retryable() || !strings.Contains(fe.Explain("en"), "TABLE_NAME") {
		t.Errorf("a missing table: %v, want NoTable naming TABLE_NAME, not retryable", err)
	}
}

// fakeAPI answers every call with err.
type fakeAPI struct{ err error }

func (f fakeAPI) GetItem(context.Context, *dynamodb.GetItemInput, ...func(*dynamodb.Options)) (*dynamodb.GetItemOutput, error) {
	return nil, f.err
}
func (f fakeAPI) PutItem(context.Context, *dynamodb.PutItemInput, ...func(*dynamodb.Options)) (*dynamodb.PutItemOutput, error) {
	return nil, f.err
}
func (f fakeAPI) UpdateItem(context.Context, *dynamodb.UpdateItemInput, ...func(*dynamodb.Options)) (*dynamodb.UpdateItemOutput, error) {
	return nil, f.err
}
func (f fakeAPI) DeleteItem(context.Context, *dynamodb.DeleteItemInput, ...func(*dynamodb.Options)) (*dynamodb.DeleteItemOutput, error) {
	return nil, f.err
}
func (f fakeAPI) Query(context.Context, *dynamodb.QueryInput, ...func(*dynamodb.Options)) (*dynamodb.QueryOutput, error) {
	return nil, f.err
}

// apiErr is a service error as smithy returns it (ErrorCode, ErrorMessage,
// ErrorFault).
type apiErr struct{ code string }

func (e apiErr) Error() string        { return "api error " + e.code }
func (e apiErr) ErrorCode() string    { return e.code }
func (e apiErr) ErrorMessage() string { return e.code }

// Each failure the SDK gives up on is named; only throttling and timeouts
// say that trying again helps.
func TestFailuresAreNamed(t *testing.T) {
	for _, tt := range []struct {
		name  string
		err   error
		want  store.Problem
		retry bool
	}{
		{"provisioned throughput exceeded", &types.ProvisionedThroughputExceededException{}, store.Throttled, true},
		{"request limit exceeded", &types.RequestLimitExceeded{}, store.Throttled, true},
		{"throttling exception by code", apiErr{"ThrottlingException"}, store.Throttled, true},
		{"a deadline", fmt.Errorf("operation error: %w", context.DeadlineExceeded), store.Timeout, true},
		{"access denied", apiErr{"AccessDeniedException"}, store.Denied, false},
		{"missing table", &types.ResourceNotFoundException{}, store.NoTable, false},
		{"anything else stays as it is", errors.New("boom"), "", false},
	} {
		st := dynamo.New(fakeAPI{tt.err}, "tbl", dynamo.Options{})
		err := st.PutSettings(context.Background(), "slack:T1", store.TeamSettings{Market: "cn"})
		var fe *store.FaultError
		got := store.Problem("")
		if errors.As(err, &fe) {
			got = fe.Problem
		}
		if got != tt.want || (fe != nil && fe.Retryable() != tt.retry) || !errors.Is(err, tt.err) {
			t.Errorf("%s: got %q (%v), want %q, retryable %t, the cause still wrapped", tt.name, got, err, tt.want, tt.retry)
		}
	}
}
