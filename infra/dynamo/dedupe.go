package dynamo

import (
	"context"
	"fmt"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// Claim implements store.Deduper with a conditional put: the key is taken
// when absent or expired. expires_at (epoch seconds, rounded up) is the TTL.
func (st *Store) Claim(ctx context.Context, key string, ttl time.Duration) (bool, error) {
	now := st.now()
	out, err := st.api.PutItem(ctx, &dynamodb.PutItemInput{
		TableName: aws.String(st.table),
		Item: map[string]types.AttributeValue{
			"pk": s("DEDUPE#" + key), "sk": s("DEDUPE"), "type": s("dedupe"),
			"expires_at": n(ceilSeconds(now.Add(ttl))),
		},
		ConditionExpression:       aws.String("attribute_not_exists(pk) OR expires_at <= :now"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":now": n(now.Unix())},
		ReturnConsumedCapacity:    total,
	})
	if conditionFailed(err) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("dedupe claim %q: %w", key, err)
	}
	st.count(false, out.ConsumedCapacity)
	return true, nil
}

// Release implements store.Deduper: the key's item is deleted.
func (st *Store) Release(ctx context.Context, key string) error {
	out, err := st.api.DeleteItem(ctx, &dynamodb.DeleteItemInput{
		TableName:              aws.String(st.table),
		Key:                    map[string]types.AttributeValue{"pk": s("DEDUPE#" + key), "sk": s("DEDUPE")},
		ReturnConsumedCapacity: total,
	})
	if err != nil {
		return fmt.Errorf("dedupe release %q: %w", key, err)
	}
	st.count(false, out.ConsumedCapacity)
	return nil
}
