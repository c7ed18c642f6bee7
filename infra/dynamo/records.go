package dynamo

import (
	"context"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"gpuadvisor/store"
)

// record is what the items of a check and of a trial share (store/record.go):
//
//	pk = "TENANT#<tenant>"   sk   type   expires_at N (epoch seconds, the TTL)
//	id, tenant, channel, user, team_wide, at (RFC 3339 with nanoseconds), vendor
//
// user, team_wide and vendor left out when empty.
type record struct {
	typ, sk                   string
	expires                   time.Time
	id, tenant, channel, user string
	teamWide                  bool
	at                        time.Time
	vendor                    string
}

// attrs starts the record's item; the caller adds its own attributes.
func (r record) attrs() attrs {
	return attrs{
		"pk": s(tenantPK(r.tenant)), "sk": s(r.sk), "type": s(r.typ), "expires_at": n(ceilSeconds(r.expires)),
		"id": s(r.id), "tenant": s(r.tenant), "channel": s(r.channel), "at": s(r.at.UTC().Format(time.RFC3339Nano)),
	}.with(attrs{"user": s(r.user), "team_wide": boolean(r.teamWide), "vendor": s(r.vendor)})
}

// readRecord reads the shared attributes of a check's or a trial's item
// (errors are f's).
func readRecord(f fields) record {
	return record{
		sk: f.S("sk"),
		id: f.S("id"), tenant: f.S("tenant"), channel: f.S("channel"), user: f.S("user"),
		teamWide: f.Bool("team_wide"), at: f.Time("at"), vendor: f.S("vendor"),
	}
}

// delInConversation deletes the item sk of scope's tenant on the condition
// that it exists and belongs to scope's conversation: saved in its channel,
// or team-wide (store.Check.In, store.Scope.SeesTrial, a price's Visible).
// A failed condition is errCondition.
func (st *Store) delInConversation(ctx context.Context, scope store.Scope, sk string) error {
	return st.del(ctx, &dynamodb.DeleteItemInput{
		Key:                       map[string]types.AttributeValue{"pk": s(tenantPK(scope.Tenant)), "sk": s(sk)},
		ConditionExpression:       aws.String("attribute_exists(pk) AND (channel = :ch OR team_wide = :t)"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":ch": s(scope.Channel), ":t": boolean(true)},
	})
}
