package dynamo

import (
	"context"
	"errors"
	"fmt"
	"math"
	"sync"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"gpuadvisor/store"
)

var _ store.Store = (*Store)(nil)

// API is the part of the DynamoDB client the store uses.
type API interface {
	GetItem(ctx context.Context, in *dynamodb.GetItemInput, optFns ...func(*dynamodb.Options)) (*dynamodb.GetItemOutput, error)
	PutItem(ctx context.Context, in *dynamodb.PutItemInput, optFns ...func(*dynamodb.Options)) (*dynamodb.PutItemOutput, error)
	UpdateItem(ctx context.Context, in *dynamodb.UpdateItemInput, optFns ...func(*dynamodb.Options)) (*dynamodb.UpdateItemOutput, error)
	DeleteItem(ctx context.Context, in *dynamodb.DeleteItemInput, optFns ...func(*dynamodb.Options)) (*dynamodb.DeleteItemOutput, error)
	Query(ctx context.Context, in *dynamodb.QueryInput, optFns ...func(*dynamodb.Options)) (*dynamodb.QueryOutput, error)
}

// IndexName is the date-keyed global secondary index of due renewals.
const IndexName = "gsi1"

// Options tune New.
type Options struct {
	// Now is the clock of de-duplication keys; nil means time.Now.
	Now func() time.Time
	// DueConcurrency is how many days of the due window are queried at once;
	// zero means 8.
	DueConcurrency int
}

// Store is a store.Store in one DynamoDB table.
type Store struct {
	api   API
	table string
	now   func() time.Time
	conc  int

	mu         sync.Mutex
	readUnits  float64
	writeUnits float64
}

// New returns the store on table through api (a *dynamodb.Client).
func New(api API, table string, opts Options) *Store {
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.DueConcurrency <= 0 {
		opts.DueConcurrency = 8
	}
	return &Store{api: api, table: table, now: opts.Now, conc: opts.DueConcurrency}
}

// Capacity returns the read and write capacity units DynamoDB reported as
// consumed by this store's calls so far (every call asks for
// ReturnConsumedCapacity TOTAL).
func (s *Store) Capacity() (read, write float64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.readUnits, s.writeUnits
}

func (s *Store) count(read bool, cc *types.ConsumedCapacity) {
	if cc == nil || cc.CapacityUnits == nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if read {
		s.readUnits += *cc.CapacityUnits
	} else {
		s.writeUnits += *cc.CapacityUnits
	}
}

func conditionFailed(err error) bool {
	var cf *types.ConditionalCheckFailedException
	return errors.As(err, &cf)
}

var total = types.ReturnConsumedCapacityTotal

// ceilSeconds is t in epoch seconds, rounded up.
func ceilSeconds(t time.Time) int64 {
	sec := t.Unix()
	if t.Nanosecond() > 0 {
		sec++
	}
	return sec
}

// errCondition is what put, update and del return when the write's
// condition failed.
var errCondition = errors.New("the condition failed")

// put, update and del run one write on the table, with its capacity asked
// for and counted; a failed condition is errCondition, any other error is
// the client's.
func (st *Store) put(ctx context.Context, in *dynamodb.PutItemInput) error {
	in.TableName, in.ReturnConsumedCapacity = aws.String(st.table), total
	out, err := st.api.PutItem(ctx, in)
	if err == nil {
		st.count(false, out.ConsumedCapacity)
	}
	return st.explain(writeErr(err))
}

// update returns the item's attributes as in.ReturnValues asks.
func (st *Store) update(ctx context.Context, in *dynamodb.UpdateItemInput) (map[string]types.AttributeValue, error) {
	in.TableName, in.ReturnConsumedCapacity = aws.String(st.table), total
	out, err := st.api.UpdateItem(ctx, in)
	if err != nil {
		return nil, st.explain(writeErr(err))
	}
	st.count(false, out.ConsumedCapacity)
	return out.Attributes, nil
}

func (st *Store) del(ctx context.Context, in *dynamodb.DeleteItemInput) error {
	in.TableName, in.ReturnConsumedCapacity = aws.String(st.table), total
	out, err := st.api.DeleteItem(ctx, in)
	if err == nil {
		st.count(false, out.ConsumedCapacity)
	}
	return st.explain(writeErr(err))
}

// writeErr is nil for nil, errCondition for a failed condition, else err.
func writeErr(err error) error {
	if conditionFailed(err) {
		return errCondition
	}
	return err
}

// failed says what failed: err wrapped after the words of what (a format
// with args), a failed condition replaced by onCondition (nil: the write's
// condition failing is no error).
func failed(err, onCondition error, what string, args ...any) error {
	if errors.Is(err, errCondition) {
		err = onCondition
	}
	if err == nil {
		return nil
	}
	return fmt.Errorf(what+": %w", append(args, err)...)
}

// query reads every page of in (on the table, capacity counted) and
// decodes each item; decode's keep=false leaves an item out, and an item it
// cannot decode is skipped and reported (store.Skip, as bucket): one bad
// item never hides the others.
func query[T any](ctx context.Context, st *Store, bucket string, in *dynamodb.QueryInput, decode func(map[string]types.AttributeValue) (v T, keep bool, err error)) ([]T, error) {
	in.TableName, in.ReturnConsumedCapacity = aws.String(st.table), total
	p := dynamodb.NewQueryPaginator(st.api, in)
	var out []T
	for p.HasMorePages() {
		page, err := p.NextPage(ctx)
		if err != nil {
			return nil, st.explain(err)
		}
		st.count(true, page.ConsumedCapacity)
		for _, item := range page.Items {
			v, keep, err := decode(item)
			if err != nil {
				store.Skip(ctx, st.unreadable(bucket, item, err))
				continue
			}
			if keep {
				out = append(out, v)
			}
		}
	}
	return out, nil
}

// inTenant is a consistent Query of a tenant's partition for the items
// whose sort key begins with prefix.
func inTenant(tenant, prefix string) *dynamodb.QueryInput {
	return &dynamodb.QueryInput{
		KeyConditionExpression: aws.String("pk = :pk AND begins_with(sk, :prefix)"),
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":pk": s(tenantPK(tenant)), ":prefix": s(prefix),
		},
		ConsistentRead: aws.Bool(true),
	}
}

func (st *Store) get(ctx context.Context, key map[string]types.AttributeValue) (map[string]types.AttributeValue, error) {
	out, err := st.api.GetItem(ctx, &dynamodb.GetItemInput{
		TableName: aws.String(st.table), Key: key, ConsistentRead: aws.Bool(true), ReturnConsumedCapacity: total,
	})
	if err != nil {
		return nil, st.explain(err)
	}
	st.count(true, out.ConsumedCapacity)
	return out.Item, nil
}

// unreadable is the error for item (of bucket: "renewals", "prices", ...)
// that failed to decode with err, named by its key "pk sk".
func (st *Store) unreadable(bucket string, item map[string]types.AttributeValue, err error) *store.UnreadableError {
	return store.NewUnreadable("", bucket, stringAttr(item, "pk")+" "+stringAttr(item, "sk"), err)
}

func numberAttr(item map[string]types.AttributeValue, name string) (int64, bool) {
	v, ok := item[name].(*types.AttributeValueMemberN)
	if !ok {
		return 0, false
	}
	var f float64
	if _, err := fmt.Sscan(v.Value, &f); err != nil || math.IsNaN(f) {
		return 0, false
	}
	return int64(f), true
}

func stringAttr(item map[string]types.AttributeValue, name string) string {
	if v, ok := item[name].(*types.AttributeValueMemberS); ok {
		return v.Value
	}
	return ""
}
