package dynamo

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"gpuadvisor/advisor/renewal"
	"gpuadvisor/store"
)

// renewalItem is a renewal as stored (see doc.go).
type renewalItem struct {
	PK     string `dynamodbav:"pk"`
	SK     string `dynamodbav:"sk"`
	Type   string `dynamodbav:"type"`
	GSI1PK string `dynamodbav:"gsi1pk,omitempty"`
	GSI1SK string `dynamodbav:"gsi1sk,omitempty"`

	Tenant     string    `dynamodbav:"tenant"`
	ID         string    `dynamodbav:"id"`
	Platform   string    `dynamodbav:"platform,omitempty"`
	Channel    string    `dynamodbav:"channel,omitempty"`
	CreatedBy  string    `dynamodbav:"created_by,omitempty"`
	Lang       string    `dynamodbav:"lang,omitempty"`
	CreatedAt  string    `dynamodbav:"created_at,omitempty"`
	Vendor     string    `dynamodbav:"vendor"`
	GPU        string    `dynamodbav:"gpu,omitempty"`
	Cards      int       `dynamodbav:"cards"`
	Mode       string    `dynamodbav:"mode"`
	Price      float64   `dynamodbav:"price"`
	OnDemand   float64   `dynamodbav:"ondemand,omitempty"`
	Renews     string    `dynamodbav:"renews"`
	NoticeDays int       `dynamodbav:"notice_days"`
	RemindDays []int     `dynamodbav:"remind_days,omitempty"`
	TermMonths int       `dynamodbav:"term_months,omitempty"`
	Usage      []float64 `dynamodbav:"usage_hours,omitempty"`
	NextCheck  string    `dynamodbav:"next_check,omitempty"`
	Scope      string    `dynamodbav:"scope,omitempty"`
	// LastDelivery is renewal.Delivery as JSON.
	LastDelivery string `dynamodbav:"last_delivery,omitempty"`
}

func tenantPK(tenant string) string  { return "TENANT#" + tenant }
func renewalSK(id string) string     { return "RENEWAL#" + id }
func duePK(d renewal.Date) string    { return "DUE#" + d.String() }
func dueSK(tenant, id string) string { return tenant + "#" + id }
func renewalKey(tenant, id string) map[string]types.AttributeValue {
	return map[string]types.AttributeValue{"pk": s(tenantPK(tenant)), "sk": s(renewalSK(id))}
}

func toItem(r renewal.Renewal) renewalItem {
	it := renewalItem{
		PK: tenantPK(r.Tenant), SK: renewalSK(r.ID), Type: "renewal",
		Tenant: r.Tenant, ID: r.ID, Platform: r.Platform, Channel: r.Channel, CreatedBy: r.CreatedBy, Lang: r.Lang,
		Vendor: r.Vendor, GPU: r.GPU, Cards: r.Cards, Mode: string(r.Mode), Price: r.Price, OnDemand: r.OnDemand,
		Renews: r.Renews.String(), NoticeDays: r.NoticeDays, RemindDays: r.Offsets, TermMonths: r.TermMonths,
		Usage: r.Usage, NextCheck: r.NextCheck.String(), Scope: r.Scope,
	}
	if r.LastDelivery != nil {
		b, _ := json.Marshal(r.LastDelivery) // a struct of strings, numbers and a time: cannot fail
		it.LastDelivery = string(b)
	}
	if !r.CreatedAt.IsZero() {
		it.CreatedAt = r.CreatedAt.UTC().Format(time.RFC3339Nano)
	}
	if !r.NextCheck.IsZero() {
		it.GSI1PK, it.GSI1SK = duePK(r.NextCheck), dueSK(r.Tenant, r.ID)
	}
	return it
}

func fromItem(av map[string]types.AttributeValue) (renewal.Renewal, error) {
	var it renewalItem
	if err := attributevalue.UnmarshalMap(av, &it); err != nil {
		return renewal.Renewal{}, fmt.Errorf("decode renewal item: %w", err)
	}
	r := renewal.Renewal{
		ID: it.ID, Tenant: it.Tenant, Platform: it.Platform, Channel: it.Channel, CreatedBy: it.CreatedBy, Lang: it.Lang,
		Vendor: it.Vendor, GPU: it.GPU, Cards: it.Cards, Mode: renewal.Mode(it.Mode), Price: it.Price, OnDemand: it.OnDemand,
		NoticeDays: it.NoticeDays, Offsets: it.RemindDays, TermMonths: it.TermMonths, Usage: it.Usage, Scope: it.Scope,
	}
	var err error
	if it.LastDelivery != "" {
		r.LastDelivery = new(renewal.Delivery)
		if err := json.Unmarshal([]byte(it.LastDelivery), r.LastDelivery); err != nil {
			return r, fmt.Errorf("decode renewal %s/%s last_delivery: %w", it.Tenant, it.ID, err)
		}
	}
	if it.CreatedAt != "" {
		if r.CreatedAt, err = time.Parse(time.RFC3339Nano, it.CreatedAt); err != nil {
			return r, fmt.Errorf("decode renewal %s/%s created_at: %w", it.Tenant, it.ID, err)
		}
	}
	if err := r.Renews.UnmarshalText([]byte(it.Renews)); err != nil {
		return r, fmt.Errorf("decode renewal %s/%s renews: %w", it.Tenant, it.ID, err)
	}
	if err := r.NextCheck.UnmarshalText([]byte(it.NextCheck)); err != nil {
		return r, fmt.Errorf("decode renewal %s/%s next_check: %w", it.Tenant, it.ID, err)
	}
	return r, nil
}

func checkKey(tenant, id string) error {
	if tenant == "" || id == "" || strings.Contains(id, "#") {
		return fmt.Errorf("renewal key: tenant %q and id %q must be set, the id without '#'", tenant, id)
	}
	return nil
}

// CreateRenewal implements store.Renewals with a put conditional on the id
// being free in the tenant.
func (st *Store) CreateRenewal(ctx context.Context, r renewal.Renewal) error {
	if err := checkKey(r.Tenant, r.ID); err != nil {
		return err
	}
	av, err := attributevalue.MarshalMap(toItem(r))
	if err != nil {
		return fmt.Errorf("encode renewal %s/%s: %w", r.Tenant, r.ID, err)
	}
	err = st.put(ctx, &dynamodb.PutItemInput{Item: av, ConditionExpression: aws.String("attribute_not_exists(pk)")})
	return failed(err, store.ErrConflict, "create renewal %s/%s", r.Tenant, r.ID)
}

// GetRenewal implements store.Renewals (a strongly consistent read).
func (st *Store) GetRenewal(ctx context.Context, scope store.Scope, id string) (renewal.Renewal, error) {
	item, err := st.get(ctx, renewalKey(scope.Tenant, id))
	if err != nil {
		return renewal.Renewal{}, fmt.Errorf("get renewal %s/%s: %w", scope.Tenant, id, err)
	}
	if item == nil {
		return renewal.Renewal{}, fmt.Errorf("get renewal %s/%s: %w", scope.Tenant, id, store.ErrNotFound)
	}
	r, err := fromItem(item)
	if err != nil {
		return renewal.Renewal{}, fmt.Errorf("get renewal %s/%s: %w", scope.Tenant, id, st.unreadable("renewals", item, err))
	}
	if !scope.Sees(r) {
		return renewal.Renewal{}, fmt.Errorf("get renewal %s/%s: %w", scope.Tenant, id, store.ErrNotFound)
	}
	return r, nil
}

// seenBy is the condition that the renewal exists and the scope sees it
// (store.Scope.Sees), with its names and values.
func seenBy(scope store.Scope) (string, map[string]string, map[string]types.AttributeValue) {
	names := map[string]string{"#scope": "scope", "#channel": "channel"}
	values := map[string]types.AttributeValue{":team": s(renewal.ScopeTeam)}
	if scope.Channel == "" {
		return "attribute_exists(pk) AND (#scope = :team OR attribute_not_exists(#channel))", names, values
	}
	values[":channel"] = s(scope.Channel)
	return "attribute_exists(pk) AND (#scope = :team OR #channel = :channel)", names, values
}

// ListRenewals implements store.Renewals with a Query on the tenant's
// partition.
func (st *Store) ListRenewals(ctx context.Context, scope store.Scope) ([]renewal.Renewal, error) {
	out, err := query(ctx, st, "renewals", inTenant(scope.Tenant, "RENEWAL#"), func(item map[string]types.AttributeValue) (renewal.Renewal, bool, error) {
		r, err := fromItem(item)
		return r, scope.Sees(r), err
	})
	if err != nil {
		return nil, fmt.Errorf("list renewals of %s: %w", scope.Tenant, err)
	}
	store.SortRenewals(out)
	return out, nil
}

// DeleteRenewal implements store.Renewals. Its reminder marks expire with
// their TTL.
func (st *Store) DeleteRenewal(ctx context.Context, scope store.Scope, id string) error {
	tenant := scope.Tenant
	cond, names, values := seenBy(scope)
	err := st.del(ctx, &dynamodb.DeleteItemInput{
		Key: renewalKey(tenant, id), ConditionExpression: aws.String(cond),
		ExpressionAttributeNames: names, ExpressionAttributeValues: values,
	})
	return failed(err, store.ErrNotFound, "delete renewal %s/%s", tenant, id)
}

// SetUsage implements store.Renewals with an update conditional on the
// renewal existing.
func (st *Store) SetUsage(ctx context.Context, scope store.Scope, id string, hours []float64, ondemand float64) (renewal.Renewal, error) {
	tenant := scope.Tenant
	h, err := attributevalue.Marshal(slices.Clone(hours))
	if err != nil {
		return renewal.Renewal{}, fmt.Errorf("encode usage: %w", err)
	}
	cond, names, values := seenBy(scope)
	update := "SET usage_hours = :h"
	values[":h"] = h
	if ondemand > 0 {
		update += ", ondemand = :od"
		values[":od"] = &types.AttributeValueMemberN{Value: strconv.FormatFloat(ondemand, 'g', -1, 64)}
	}
	item, err := st.update(ctx, &dynamodb.UpdateItemInput{
		Key: renewalKey(tenant, id), UpdateExpression: aws.String(update), ConditionExpression: aws.String(cond),
		ExpressionAttributeNames: names, ExpressionAttributeValues: values, ReturnValues: types.ReturnValueAllNew,
	})
	if err := failed(err, store.ErrNotFound, "set usage of %s/%s", tenant, id); err != nil {
		return renewal.Renewal{}, err
	}
	r, err := fromItem(item)
	if err != nil {
		return renewal.Renewal{}, fmt.Errorf("set usage of %s/%s: %w", tenant, id, st.unreadable("renewals", item, err))
	}
	return r, nil
}

// SetDelivery implements store.Renewals.
func (st *Store) SetDelivery(ctx context.Context, tenant, id string, d renewal.Delivery) error {
	b, err := json.Marshal(d)
	if err != nil {
		return fmt.Errorf("encode delivery: %w", err)
	}
	_, err = st.update(ctx, &dynamodb.UpdateItemInput{
		Key:                       renewalKey(tenant, id),
		UpdateExpression:          aws.String("SET last_delivery = :d"),
		ConditionExpression:       aws.String("attribute_exists(pk)"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":d": s(string(b))},
	})
	return failed(err, store.ErrNotFound, "set delivery of %s/%s", tenant, id)
}

// SetNextCheck implements store.Renewals: it moves the renewal to another
// day's partition of gsi1, or out of the index.
func (st *Store) SetNextCheck(ctx context.Context, tenant, id string, next renewal.Date) error {
	in := &dynamodb.UpdateItemInput{Key: renewalKey(tenant, id), ConditionExpression: aws.String("attribute_exists(pk)")}
	if next.IsZero() {
		in.UpdateExpression = aws.String("REMOVE gsi1pk, gsi1sk, next_check")
	} else {
		in.UpdateExpression = aws.String("SET gsi1pk = :g, gsi1sk = :gs, next_check = :d")
		in.ExpressionAttributeValues = map[string]types.AttributeValue{
			":g": s(duePK(next)), ":gs": s(dueSK(tenant, id)), ":d": s(next.String()),
		}
	}
	_, err := st.update(ctx, in)
	return failed(err, store.ErrNotFound, "set next check of %s/%s", tenant, id)
}

// DueRenewals implements store.Renewals: one Query on gsi1 per day in
// [from, to], several days at once. Index reads are eventually consistent;
// the reminder engine re-reads each renewal before sending.
func (st *Store) DueRenewals(ctx context.Context, from, to renewal.Date) ([]renewal.Renewal, error) {
	var days []renewal.Date
	for d := from; !d.After(to); d = d.AddDays(1) {
		days = append(days, d)
		if len(days) > 3660 {
			return nil, fmt.Errorf("due renewals %s..%s: window longer than ten years", from, to)
		}
	}
	var (
		mu   sync.Mutex
		out  []renewal.Renewal
		errs []error
		wg   sync.WaitGroup
		sem  = make(chan struct{}, st.conc)
	)
	for _, day := range days {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			rs, err := st.dueOn(ctx, day)
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				errs = append(errs, err)
				return
			}
			out = append(out, rs...)
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, fmt.Errorf("due renewals %s..%s: %w", from, to, err)
	}
	return out, nil
}

func (st *Store) dueOn(ctx context.Context, day renewal.Date) ([]renewal.Renewal, error) {
	out, err := query(ctx, st, "renewals", &dynamodb.QueryInput{
		IndexName:                 aws.String(IndexName),
		KeyConditionExpression:    aws.String("gsi1pk = :d"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":d": s(duePK(day))},
	}, func(item map[string]types.AttributeValue) (renewal.Renewal, bool, error) {
		r, err := fromItem(item)
		return r, true, err
	})
	if err != nil {
		return nil, fmt.Errorf("query %s on %s: %w", duePK(day), IndexName, err)
	}
	return out, nil
}
