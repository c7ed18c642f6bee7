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

var _ store.Trials = (*Store)(nil)

// trialItem is a trial check as stored:
//
//	pk = "TENANT#<tenant>"   sk = "TRIAL#<id>"   type = "trial"
//
// in the tenant's partition, so the tenant's trials are one Query;
// expires_at (epoch seconds, the TTL) is At + store.TrialTTL.
type trialItem struct {
	PK        string           `dynamodbav:"pk"`
	SK        string           `dynamodbav:"sk"`
	Type      string           `dynamodbav:"type"`
	ExpiresAt int64            `dynamodbav:"expires_at"`
	ID        string           `dynamodbav:"id"`
	Tenant    string           `dynamodbav:"tenant"`
	Channel   string           `dynamodbav:"channel"`
	User      string           `dynamodbav:"user,omitempty"`
	TeamWide  bool             `dynamodbav:"team_wide,omitempty"`
	At        string           `dynamodbav:"at"` // RFC 3339 with nanoseconds
	Vendor    string           `dynamodbav:"vendor,omitempty"`
	Promised  promiseAttr      `dynamodbav:"promised"`
	Tools     []string         `dynamodbav:"tools,omitempty"`
	Checks    []trialCheckAttr `dynamodbav:"checks,omitempty"`
}

// promiseAttr is what the trial was promised, as a map attribute.
type promiseAttr struct {
	GPU          string  `dynamodbav:"gpu,omitempty"`
	Cards        int     `dynamodbav:"cards,omitempty"`
	NVLink       string  `dynamodbav:"nvlink,omitempty"`
	IntranetGbps float64 `dynamodbav:"intranet_gbps,omitempty"`
	MemoryGB     int     `dynamodbav:"memory_gb,omitempty"`
	BusGBs       float64 `dynamodbav:"busbw_gbs,omitempty"`
	Driver       string  `dynamodbav:"driver,omitempty"`
	CUDA         string  `dynamodbav:"cuda,omitempty"`
}

// trialCheckAttr is one check of the trial, an element of the list
// attribute checks.
type trialCheckAttr struct {
	Rule     string `dynamodbav:"rule"`
	Item     string `dynamodbav:"item,omitempty"`
	Status   string `dynamodbav:"status"`
	Promised string `dynamodbav:"promised,omitempty"`
	Measured string `dynamodbav:"measured,omitempty"`
}

func trialSK(id string) string { return "TRIAL#" + id }

// AddTrial implements store.Trials with one put, replacing a trial of the
// same id. Nothing is deleted: the TTL removes a trial after
// store.TrialTTL, and ListTrials reads no further back than the tenant's
// newest store.KeepTrials.
func (st *Store) AddTrial(ctx context.Context, t store.Trial) error {
	if err := store.TrialKey(t); err != nil {
		return err
	}
	it := trialItem{
		PK: tenantPK(t.Tenant), SK: trialSK(t.ID), Type: "trial", ExpiresAt: ceilSeconds(t.Expires()),
		ID: t.ID, Tenant: t.Tenant, Channel: t.Channel, User: t.User, TeamWide: t.TeamWide,
		At: t.At.UTC().Format(time.RFC3339Nano), Vendor: t.Vendor, Promised: promiseAttr(t.Promised), Tools: t.Tools,
	}
	for _, c := range t.Checks {
		it.Checks = append(it.Checks, trialCheckAttr(c))
	}
	av, err := attributevalue.MarshalMap(it)
	if err != nil {
		return fmt.Errorf("encode trial %s/%s: %w", t.Tenant, t.ID, err)
	}
	return failed(st.put(ctx, &dynamodb.PutItemInput{Item: av}), nil, "add trial %s/%s", t.Tenant, t.ID)
}

// ListTrials implements store.Trials with a Query on the tenant's
// partition. Expired items DynamoDB has not deleted yet are skipped.
func (st *Store) ListTrials(ctx context.Context, scope store.Scope) ([]store.Trial, error) {
	all, err := query(ctx, st, "trials", inTenant(scope.Tenant, "TRIAL#"), func(av map[string]types.AttributeValue) (store.Trial, bool, error) {
		var it trialItem
		if err := attributevalue.UnmarshalMap(av, &it); err != nil {
			return store.Trial{}, false, fmt.Errorf("decode trial item: %w", err)
		}
		at, err := time.Parse(time.RFC3339Nano, it.At)
		if err != nil {
			return store.Trial{}, false, fmt.Errorf("at %q: %w", it.At, err)
		}
		t := store.Trial{ID: it.ID, Tenant: it.Tenant, Channel: it.Channel, User: it.User, TeamWide: it.TeamWide, At: at.UTC(),
			Vendor: it.Vendor, Promised: store.TrialPromise(it.Promised), Tools: it.Tools}
		for _, c := range it.Checks {
			t.Checks = append(t.Checks, store.TrialCheck(c))
		}
		return t, true, nil
	})
	if err != nil {
		return nil, fmt.Errorf("list trials of %s: %w", scope.Tenant, err)
	}
	return store.PickTrials(all, scope, st.now()), nil
}

// DeleteTrial implements store.Trials with a delete conditional on the
// trial existing and being seen from scope (its channel, or team-wide).
func (st *Store) DeleteTrial(ctx context.Context, scope store.Scope, id string) error {
	err := st.del(ctx, &dynamodb.DeleteItemInput{
		Key:                       map[string]types.AttributeValue{"pk": s(tenantPK(scope.Tenant)), "sk": s(trialSK(id))},
		ConditionExpression:       aws.String("attribute_exists(pk) AND (channel = :ch OR team_wide = :t)"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":ch": s(scope.Channel), ":t": &types.AttributeValueMemberBOOL{Value: true}},
	})
	return failed(err, store.ErrNotFound, "delete trial %s/%s from %s", scope.Tenant, id, scope.Channel)
}
