package dynamo

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"gpuadvisor/store"
)

func markKey(k store.ReminderKey) map[string]types.AttributeValue {
	return map[string]types.AttributeValue{
		"pk": s(tenantPK(k.Tenant)),
		"sk": s("REMINDER#" + k.RenewalID + "#" + k.Cycle.String() + "#" + strconv.Itoa(k.Offset)),
	}
}

// ClaimReminder implements store.Reminders with one conditional put: the
// mark is written when there is none, it expired, or it is a claim whose
// lease has run out. When the condition fails, a consistent read tells
// sent from held.
func (st *Store) ClaimReminder(ctx context.Context, k store.ReminderKey, owner string, now time.Time, lease time.Duration, expires time.Time) (store.Claim, error) {
	item := markKey(k)
	item["type"] = s("reminder")
	item["state"] = s(string(store.StateClaimed))
	item["owner"] = s(owner)
	item["lease_until"] = n(now.Add(lease).UnixMilli())
	item["expires_at"] = n(ceilSeconds(expires))
	err := st.put(ctx, &dynamodb.PutItemInput{
		Item:                     item,
		ConditionExpression:      aws.String("attribute_not_exists(pk) OR expires_at <= :now_s OR (#state = :claimed AND lease_until <= :now_ms)"),
		ExpressionAttributeNames: map[string]string{"#state": "state"},
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":now_s": n(now.Unix()), ":now_ms": n(now.UnixMilli()), ":claimed": s(string(store.StateClaimed)),
		},
	})
	if err == nil {
		return store.Claimed, nil
	}
	if !errors.Is(err, errCondition) {
		return 0, fmt.Errorf("claim reminder %s: %w", k, err)
	}
	m, err := st.ReminderMark(ctx, k, now)
	if err != nil {
		// Released or expired between the put and the read: someone else
		// had it a moment ago; the next run settles it.
		return store.Held, nil
	}
	if m.State == store.StateSent {
		return store.Sent, nil
	}
	return store.Held, nil
}

// MarkSent implements store.Reminders with an update conditional on owner
// still holding the claim.
func (st *Store) MarkSent(ctx context.Context, k store.ReminderKey, owner string, now time.Time) error {
	_, err := st.update(ctx, &dynamodb.UpdateItemInput{
		Key:                      markKey(k),
		UpdateExpression:         aws.String("SET #state = :sent, sent_at = :at"),
		ConditionExpression:      aws.String("#state = :claimed AND #owner = :owner"),
		ExpressionAttributeNames: map[string]string{"#state": "state", "#owner": "owner"},
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":sent": s(string(store.StateSent)), ":claimed": s(string(store.StateClaimed)),
			":owner": s(owner), ":at": s(now.UTC().Format(time.RFC3339Nano)),
		},
	})
	return failed(err, store.ErrConflict, "mark %s sent by %s", k, owner)
}

// ReleaseReminder implements store.Reminders with a delete conditional on
// owner holding the claim.
func (st *Store) ReleaseReminder(ctx context.Context, k store.ReminderKey, owner string) error {
	err := st.del(ctx, &dynamodb.DeleteItemInput{
		Key:                      markKey(k),
		ConditionExpression:      aws.String("#state = :claimed AND #owner = :owner"),
		ExpressionAttributeNames: map[string]string{"#state": "state", "#owner": "owner"},
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":claimed": s(string(store.StateClaimed)), ":owner": s(owner),
		},
	})
	return failed(err, nil, "release reminder %s", k)
}

// ReminderMark implements store.Reminders; an item past expires_at reads as
// absent even before DynamoDB's TTL deletes it.
func (st *Store) ReminderMark(ctx context.Context, k store.ReminderKey, now time.Time) (store.Mark, error) {
	item, err := st.get(ctx, markKey(k))
	if err != nil {
		return store.Mark{}, fmt.Errorf("reminder mark %s: %w", k, err)
	}
	exp, _ := numberAttr(item, "expires_at")
	if item == nil || exp <= now.Unix() {
		return store.Mark{}, fmt.Errorf("reminder mark %s: %w", k, store.ErrNotFound)
	}
	lease, _ := numberAttr(item, "lease_until")
	m := store.Mark{
		Key: k, State: store.MarkState(stringAttr(item, "state")), Owner: stringAttr(item, "owner"),
		LeaseUntil: time.UnixMilli(lease).UTC(), ExpiresAt: time.Unix(exp, 0).UTC(),
	}
	if at := stringAttr(item, "sent_at"); at != "" {
		if m.SentAt, err = time.Parse(time.RFC3339Nano, at); err != nil {
			return store.Mark{}, fmt.Errorf("reminder mark %s: sent_at: %w", k, err)
		}
	}
	return m, nil
}
