package dynamo

import (
	"context"
	"fmt"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"gpuadvisor/advisor/pricebook"
	"gpuadvisor/store"
)

var _ store.Prices = (*Store)(nil)

// A price book entry is stored as
//
//	pk = "TENANT#<tenant>"   sk = "PRICE#<id>"   type = "price"
//
// in the tenant's partition beside its renewals, so a list is one Query:
// tenant, channel, team_wide, added_by, id, gpu, vendor, ondemand N,
// monthly N, spot N, currency, note, date, and the saved quote's workload
// as a map (hours N, cards N, months N, usage: an M of N); team_wide,
// added_by, vendor, the three prices, note, date, workload, months and
// usage left out when zero.
func priceItem(e pricebook.Entry) attrs {
	a := attrs{
		"pk": s(tenantPK(e.Tenant)), "sk": s(priceSK(e.ID)), "type": s("price"),
		"tenant": s(e.Tenant), "channel": s(e.Channel), "id": s(e.ID), "gpu": s(e.GPU), "currency": s(e.Currency),
	}
	if w := e.Workload; w != nil {
		a["workload"] = attrs{"hours": float(w.Hours), "cards": num(w.Cards)}.with(attrs{"months": float(w.Months), "usage": mapOf(w.Usage, float)}).m()
	}
	return a.with(attrs{
		"team_wide": boolean(e.TeamWide), "added_by": s(e.AddedBy), "vendor": s(e.Vendor),
		"ondemand": float(e.OnDemand), "monthly": float(e.Monthly), "spot": float(e.Spot), "note": s(e.Note), "date": s(e.Date),
	})
}

func readPrice(item map[string]types.AttributeValue) (pricebook.Entry, error) {
	f := read(item)
	e := pricebook.Entry{
		ID: f.S("id"), GPU: f.S("gpu"), Vendor: f.S("vendor"), OnDemand: f.F("ondemand"), Monthly: f.F("monthly"), Spot: f.F("spot"),
		Currency: f.S("currency"), Note: f.S("note"), Date: f.S("date"),
		Tenant: f.S("tenant"), Channel: f.S("channel"), TeamWide: f.Bool("team_wide"), AddedBy: f.S("added_by"),
	}
	if w, ok := f.M("workload"); ok {
		e.Workload = &pricebook.Workload{Hours: w.F("hours"), Cards: w.N("cards"), Months: w.F("months"), Usage: w.FMap("usage")}
	}
	return e, f.Err()
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
	err := st.put(ctx, &dynamodb.PutItemInput{Item: priceItem(e), ConditionExpression: aws.String("attribute_not_exists(pk)")})
	return failed(err, store.ErrConflict, "put price %s/%s", e.Tenant, e.ID)
}

// ListPrices implements store.Prices with a Query on the tenant's partition;
// entries another channel saved for itself are left out.
func (st *Store) ListPrices(ctx context.Context, scope store.Scope) ([]pricebook.Entry, error) {
	out, err := query(ctx, st, "prices", inTenant(scope.Tenant, "PRICE#"), func(item map[string]types.AttributeValue) (pricebook.Entry, bool, error) {
		e, err := readPrice(item)
		return e, e.Visible(scope.Tenant, scope.Channel), err
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
	return failed(st.delInConversation(ctx, scope, priceSK(id)), store.ErrNotFound, "delete price %s/%s from %s", scope.Tenant, id, scope.Channel)
}
