package dynamo

import (
	"context"
	"fmt"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"gpuadvisor/advisor/pricebook"
	"gpuadvisor/store"
)

var _ store.Prices = (*Store)(nil)

// priceItem is a price book entry as stored:
//
//	pk = "TENANT#<tenant>"   sk = "PRICE#<id>"   type = "price"
//
// in the tenant's partition beside its renewals, so a list is one Query.
type priceItem struct {
	PK   string `dynamodbav:"pk"`
	SK   string `dynamodbav:"sk"`
	Type string `dynamodbav:"type"`

	Tenant   string  `dynamodbav:"tenant"`
	Channel  string  `dynamodbav:"channel"`
	TeamWide bool    `dynamodbav:"team_wide,omitempty"`
	AddedBy  string  `dynamodbav:"added_by,omitempty"`
	ID       string  `dynamodbav:"id"`
	GPU      string  `dynamodbav:"gpu"`
	Vendor   string  `dynamodbav:"vendor,omitempty"`
	OnDemand float64 `dynamodbav:"ondemand,omitempty"`
	Monthly  float64 `dynamodbav:"monthly,omitempty"`
	Spot     float64 `dynamodbav:"spot,omitempty"`
	Currency string  `dynamodbav:"currency"`
	Note     string  `dynamodbav:"note,omitempty"`
	Date     string  `dynamodbav:"date,omitempty"`
	// Workload is the saved quote's workload, a map attribute.
	Workload *workloadAttr `dynamodbav:"workload,omitempty"`
}

// workloadAttr is pricebook.Workload as a map attribute.
type workloadAttr struct {
	Hours  float64            `dynamodbav:"hours"`
	Cards  int                `dynamodbav:"cards"`
	Months float64            `dynamodbav:"months,omitempty"`
	Usage  map[string]float64 `dynamodbav:"usage,omitempty"`
}

func toWorkloadAttr(w *pricebook.Workload) *workloadAttr {
	if w == nil {
		return nil
	}
	return &workloadAttr{Hours: w.Hours, Cards: w.Cards, Months: w.Months, Usage: w.Usage}
}

func (w *workloadAttr) workload() *pricebook.Workload {
	if w == nil {
		return nil
	}
	return &pricebook.Workload{Hours: w.Hours, Cards: w.Cards, Months: w.Months, Usage: w.Usage}
}

func priceSK(id string) string { return "PRICE#" + id }

func checkPriceKey(tenant, channel, id string) error {
	if err := store.CheckPriceKey(tenant, channel, id); err != nil {
		return err
	}
	if strings.Contains(id, "#") {
		return fmt.Errorf("price key: id %q must not hold '#' (the table's key separator)", id)
	}
	return nil
}

// PutPrice implements store.Prices with a put conditional on the id being
// free in the tenant.
func (st *Store) PutPrice(ctx context.Context, e pricebook.Entry) error {
	if err := checkPriceKey(e.Tenant, e.Channel, e.ID); err != nil {
		return err
	}
	av, err := attributevalue.MarshalMap(priceItem{
		PK: tenantPK(e.Tenant), SK: priceSK(e.ID), Type: "price",
		Tenant: e.Tenant, Channel: e.Channel, TeamWide: e.TeamWide, AddedBy: e.AddedBy, ID: e.ID,
		GPU: e.GPU, Vendor: e.Vendor, OnDemand: e.OnDemand, Monthly: e.Monthly, Spot: e.Spot,
		Currency: e.Currency, Note: e.Note, Date: e.Date, Workload: toWorkloadAttr(e.Workload),
	})
	if err != nil {
		return fmt.Errorf("encode price %s/%s: %w", e.Tenant, e.ID, err)
	}
	err = st.put(ctx, &dynamodb.PutItemInput{Item: av, ConditionExpression: aws.String("attribute_not_exists(pk)")})
	return failed(err, store.ErrConflict, "put price %s/%s", e.Tenant, e.ID)
}

// ListPrices implements store.Prices with a Query on the tenant's partition;
// entries another channel saved for itself are left out.
func (st *Store) ListPrices(ctx context.Context, scope store.Scope) ([]pricebook.Entry, error) {
	out, err := query(ctx, st, "prices", inTenant(scope.Tenant, "PRICE#"), func(av map[string]types.AttributeValue) (pricebook.Entry, bool, error) {
		var it priceItem
		if err := attributevalue.UnmarshalMap(av, &it); err != nil {
			return pricebook.Entry{}, false, fmt.Errorf("decode price item: %w", err)
		}
		e := pricebook.Entry{
			ID: it.ID, GPU: it.GPU, Vendor: it.Vendor, OnDemand: it.OnDemand, Monthly: it.Monthly, Spot: it.Spot,
			Currency: it.Currency, Note: it.Note, Date: it.Date, Workload: it.Workload.workload(),
			Tenant: it.Tenant, Channel: it.Channel, TeamWide: it.TeamWide, AddedBy: it.AddedBy,
		}
		return e, e.Visible(scope.Tenant, scope.Channel), nil
	})
	if err != nil {
		return nil, fmt.Errorf("list prices of %s: %w", scope.Tenant, err)
	}
	pricebook.Sort(out)
	return out, nil
}

// DeletePrice implements store.Prices with a delete conditional on the entry
// existing and being seen from scope (its channel, or saved team-wide).
func (st *Store) DeletePrice(ctx context.Context, scope store.Scope, id string) error {
	tenant, channel := scope.Tenant, scope.Channel
	err := st.del(ctx, &dynamodb.DeleteItemInput{
		Key:                       map[string]types.AttributeValue{"pk": s(tenantPK(tenant)), "sk": s(priceSK(id))},
		ConditionExpression:       aws.String("attribute_exists(pk) AND (channel = :ch OR team_wide = :t)"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":ch": s(channel), ":t": &types.AttributeValueMemberBOOL{Value: true}},
	})
	return failed(err, store.ErrNotFound, "delete price %s/%s from %s", tenant, id, channel)
}
