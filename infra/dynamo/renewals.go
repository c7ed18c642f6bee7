package dynamo

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"gpuadvisor/advisor/renewal"
	"gpuadvisor/store"
)

func tenantPK(tenant string) string  { return "TENANT#" + tenant }
func renewalSK(id string) string     { return "RENEWAL#" + id }
func duePK(d renewal.Date) string    { return "DUE#" + d.String() }
func dueSK(tenant, id string) string { return tenant + "#" + id }
func renewalKey(tenant, id string) attrs {
	return attrs{"pk": s(tenantPK(tenant)), "sk": s(renewalSK(id))}
}

// renewalItem is a renewal as stored (see doc.go): platform, channel,
// created_by, lang, created_at, gpu, ondemand, notice_months, remind_days,
// term_months, usage_hours, next_check, scope and last_delivery left out when zero, and
// gsi1pk, gsi1sk only while a reminder is ahead.
func renewalItem(r renewal.Renewal) attrs {
	a := renewalKey(r.Tenant, r.ID)
	a["type"], a["tenant"], a["id"], a["vendor"] = s("renewal"), s(r.Tenant), s(r.ID), s(r.Vendor)
	a["cards"], a["mode"], a["price"], a["renews"], a["notice_days"] = num(r.Cards), s(string(r.Mode)), float(r.Price), s(r.Renews.String()), num(r.NoticeDays)
	if !r.NextCheck.IsZero() {
		a["gsi1pk"], a["gsi1sk"] = s(duePK(r.NextCheck)), s(dueSK(r.Tenant, r.ID))
	}
	if !r.CreatedAt.IsZero() {
		a["created_at"] = s(r.CreatedAt.UTC().Format(time.RFC3339Nano))
	}
	if r.LastDelivery != nil {
		b, _ := json.Marshal(r.LastDelivery) // a struct of strings, numbers and a time: cannot fail
		a["last_delivery"] = s(string(b))
	}
	return a.with(attrs{
		"platform": s(r.Platform), "channel": s(r.Channel), "created_by": s(r.CreatedBy), "lang": s(r.Lang), "gpu": s(r.GPU),
		"ondemand": float(r.OnDemand), "notice_months": num(r.NoticeMonths), "remind_days": list(r.Offsets, num), "term_months": num(r.TermMonths),
		"usage_hours": list(r.Usage, float), "next_check": s(r.NextCheck.String()), "scope": s(r.Scope),
	})
}

func fromItem(item map[string]types.AttributeValue) (renewal.Renewal, error) {
	f := read(item)
	r := renewal.Renewal{
		ID: f.S("id"), Tenant: f.S("tenant"), Platform: f.S("platform"), Channel: f.S("channel"), CreatedBy: f.S("created_by"), Lang: f.S("lang"),
		Vendor: f.S("vendor"), GPU: f.S("gpu"), Cards: f.N("cards"), Mode: renewal.Mode(f.S("mode")), Price: f.F("price"), OnDemand: f.F("ondemand"),
		NoticeDays: f.N("notice_days"), NoticeMonths: f.N("notice_months"), Offsets: f.Ns("remind_days"), TermMonths: f.N("term_months"), Usage: f.Fs("usage_hours"), Scope: f.S("scope"),
	}
	createdAt, renews, nextCheck, lastDelivery := f.S("created_at"), f.S("renews"), f.S("next_check"), f.S("last_delivery")
	if err := f.Err(); err != nil {
		return renewal.Renewal{}, fmt.Errorf("decode renewal item: %w", err)
	}
	var err error
	if lastDelivery != "" {
		r.LastDelivery = new(renewal.Delivery)
		if err := json.Unmarshal([]byte(lastDelivery), r.LastDelivery); err != nil {
			return r, fmt.Errorf("decode renewal %s/%s last_delivery: %w", r.Tenant, r.ID, err)
		}
	}
	if createdAt != "" {
		if r.CreatedAt, err = time.Parse(time.RFC3339Nano, createdAt); err != nil {
			return r, fmt.Errorf("decode renewal %s/%s created_at: %w", r.Tenant, r.ID, err)
		}
	}
	if err := r.Renews.UnmarshalText([]byte(renews)); err != nil {
		return r, fmt.Errorf("decode renewal %s/%s renews: %w", r.Tenant, r.ID, err)
	}
	if err := r.NextCheck.UnmarshalText([]byte(nextCheck)); err != nil {
		return r, fmt.Errorf("decode renewal %s/%s next_check: %w", r.Tenant, r.ID, err)
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
	err := st.put(ctx, &dynamodb.PutItemInput{Item: renewalItem(r), ConditionExpression: aws.String("attribute_not_exists(pk)")})
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
	cond, names, values := seenBy(scope)
	update := "SET usage_hours = :h"
	values[":h"] = list(hours, float) // NULL for none
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
