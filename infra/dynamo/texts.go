package dynamo

import (
	"context"
	"fmt"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"gpuadvisor/store"
)

var _ store.Texts = (*Store)(nil)

// textKey is the item key of a kept text:
//
//	pk = "TEXT#<key>"   sk = "TEXT"   type = "text"   text   expires_at
//
// one item per text, in its own partition; expires_at (epoch seconds, the
// table's TTL) is when it is forgotten. DynamoDB deletes expired items
// within a few days, so a read compares expires_at with now itself.
func textKey(key string) map[string]types.AttributeValue {
	return map[string]types.AttributeValue{"pk": s("TEXT#" + key), "sk": s("TEXT")}
}

// KeepText implements store.Texts with one put (replacing what key held).
func (st *Store) KeepText(ctx context.Context, key, text string, ttl time.Duration) error {
	if err := store.TextKey(key, text); err != nil {
		return fmt.Errorf("keep text: %w", err)
	}
	item := textKey(key)
	item["type"], item["text"], item["expires_at"] = s("text"), s(text), n(store.TextExpiry(st.now(), ttl).Unix())
	return failed(st.put(ctx, &dynamodb.PutItemInput{Item: item}), nil, "keep text %s", key)
}

// KeptText implements store.Texts with a consistent get. An item without
// its text or expiry is an unreadable record.
func (st *Store) KeptText(ctx context.Context, key string) (string, error) {
	item, err := st.get(ctx, textKey(key))
	if err != nil {
		return "", fmt.Errorf("kept text %s: %w", key, err)
	}
	if item == nil {
		return "", fmt.Errorf("kept text %s: %w", key, store.ErrNotFound)
	}
	exp, ok := numberAttr(item, "expires_at")
	text, isText := item["text"].(*types.AttributeValueMemberS)
	if !ok || !isText {
		return "", fmt.Errorf("kept text %s: %w", key, st.unreadable("kept_texts", item, fmt.Errorf("no text or expires_at")))
	}
	if !st.now().Before(time.Unix(exp, 0)) {
		return "", fmt.Errorf("kept text %s: %w", key, store.ErrNotFound)
	}
	return text.Value, nil
}

// DropText implements store.Texts: the item is deleted.
func (st *Store) DropText(ctx context.Context, key string) error {
	return failed(st.del(ctx, &dynamodb.DeleteItemInput{Key: textKey(key)}), nil, "drop text %s", key)
}
