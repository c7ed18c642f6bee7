package dynamo

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"gpuadvisor/store"
)

// dedupeKey is the item key of a de-duplication key.
func dedupeKey(key string) map[string]types.AttributeValue {
	return map[string]types.AttributeValue{"pk": s("DEDUPE#" + key), "sk": s("DEDUPE")}
}

// putDedupe writes key's item (state "leased" or "done", expires_at in epoch
// seconds rounded up: the TTL). With cond, only when the key is absent or
// expired; it returns false when it was not.
func (st *Store) putDedupe(ctx context.Context, key, state string, ttl time.Duration, cond bool) (bool, error) {
	now := st.now()
	item := dedupeKey(key)
	item["type"], item["state"], item["expires_at"] = s("dedupe"), s(state), n(ceilSeconds(now.Add(ttl)))
	in := &dynamodb.PutItemInput{Item: item}
	if cond {
		in.ConditionExpression = aws.String("attribute_not_exists(pk) OR expires_at <= :now")
		in.ExpressionAttributeValues = map[string]types.AttributeValue{":now": n(now.Unix())}
	}
	err := st.put(ctx, in)
	if errors.Is(err, errCondition) {
		return false, nil
	}
	return err == nil, err
}

// Lease implements store.Deduper with a conditional put: the key is taken
// when absent or expired; when it is not, a consistent read tells a running
// lease from finished work (an item without state was written before leases
// existed, and counts as done).
func (st *Store) Lease(ctx context.Context, key string, lease time.Duration) (store.Claim, error) {
	took, err := st.putDedupe(ctx, key, "leased", lease, true)
	if err != nil {
		return 0, fmt.Errorf("dedupe lease %q: %w", key, err)
	}
	if took {
		return store.Claimed, nil
	}
	item, err := st.get(ctx, dedupeKey(key))
	if err != nil {
		return 0, fmt.Errorf("dedupe lease %q: %w", key, err)
	}
	if v, ok := item["state"].(*types.AttributeValueMemberS); ok && v.Value == "leased" {
		return store.Held, nil
	}
	return store.Sent, nil
}

// Claim implements store.Deduper: Lease and Done in one conditional put.
func (st *Store) Claim(ctx context.Context, key string, ttl time.Duration) (bool, error) {
	took, err := st.putDedupe(ctx, key, "done", ttl, true)
	if err != nil {
		return false, fmt.Errorf("dedupe claim %q: %w", key, err)
	}
	return took, nil
}

// Done implements store.Deduper: the key's item is overwritten as done.
func (st *Store) Done(ctx context.Context, key string, keep time.Duration) error {
	if _, err := st.putDedupe(ctx, key, "done", keep, false); err != nil {
		return fmt.Errorf("dedupe done %q: %w", key, err)
	}
	return nil
}

// Release implements store.Deduper: the key's item is deleted.
func (st *Store) Release(ctx context.Context, key string) error {
	return failed(st.del(ctx, &dynamodb.DeleteItemInput{Key: dedupeKey(key)}), nil, "dedupe release %q", key)
}
