// Package dynamo is the store.Store on Amazon DynamoDB (aws-sdk-go-v2), used
// by the Lambda functions. Everything lives in ONE table; every item is
// scoped by tenant (platform + workspace or team id) through its key.
//
// # Table schema
//
// Table (name from TABLE_NAME), billing PAY_PER_REQUEST:
//
//	AttributeDefinitions: pk S, sk S, gsi1pk S, gsi1sk S
//	KeySchema:            pk HASH, sk RANGE
//	GlobalSecondaryIndexes:
//	  gsi1: gsi1pk HASH, gsi1sk RANGE, Projection ALL
//	TimeToLiveSpecification: AttributeName expires_at, Enabled true
//
// As SAM (template.yaml):
//
//	Table:
//	  Type: AWS::DynamoDB::Table
//	  Properties:
//	    BillingMode: PAY_PER_REQUEST
//	    AttributeDefinitions:
//	      - {AttributeName: pk, AttributeType: S}
//	      - {AttributeName: sk, AttributeType: S}
//	      - {AttributeName: gsi1pk, AttributeType: S}
//	      - {AttributeName: gsi1sk, AttributeType: S}
//	    KeySchema:
//	      - {AttributeName: pk, KeyType: HASH}
//	      - {AttributeName: sk, KeyType: RANGE}
//	    GlobalSecondaryIndexes:
//	      - IndexName: gsi1
//	        KeySchema:
//	          - {AttributeName: gsi1pk, KeyType: HASH}
//	          - {AttributeName: gsi1sk, KeyType: RANGE}
//	        Projection: {ProjectionType: ALL}
//	    TimeToLiveSpecification: {AttributeName: expires_at, Enabled: true}
//
// The functions need dynamodb:GetItem, PutItem, UpdateItem, DeleteItem and
// Query on the table and on index/gsi1 (SAM's DynamoDBCrudPolicy covers them).
//
// # Items
//
// Renewal (one per contract):
//
//	pk = "TENANT#<tenant>"   sk = "RENEWAL#<id>"   type = "renewal"
//	gsi1pk = "DUE#<YYYY-MM-DD>"  gsi1sk = "<tenant>#<id>"   (only while a reminder is ahead)
//	tenant, id, platform, channel, created_by, lang, created_at (RFC 3339),
//	vendor, gpu, cards N, mode, price N, ondemand N, renews (YYYY-MM-DD),
//	notice_days N, notice_months N (a notice in calendar months; absent: in days),
//	remind_days L<N>, term_months N, usage_hours L<N>,
//	next_check (YYYY-MM-DD), scope ("channel" | "team"; absent reads as channel),
//	last_delivery (renewal.Delivery as JSON)
//
// Reminder mark (one per renewal, cycle and offset):
//
//	pk = "TENANT#<tenant>"   sk = "REMINDER#<id>#<cycle YYYY-MM-DD>#<offset>"   type = "reminder"
//	state ("claimed" | "sent"), owner, lease_until N (epoch ms), sent_at (RFC 3339),
//	expires_at N (epoch seconds, the TTL)
//
// Recent check (one per `checklist check`, at most store.KeepChecks read
// per tenant):
//
//	pk = "TENANT#<tenant>"   sk = "CHECK#<UTC time, fixed width>#<id>"   type = "check"
//	id, tenant, channel, user, private, at (RFC 3339), vendor, verdict,
//	covered N, risk N, vague N, missing N, ask L<S>, risks L<S> (item ids answered with a trap),
//	expires_at N (epoch seconds: at + store.CheckTTL, the TTL)
//
// Trial check (records.go, trials.go), price book entry (prices.go) and a
// tenant's settings (settings.go) are described where they are built. Every
// item is built and read by hand (attrs.go), as attributevalue wrote it
// before, so that the functions do not link attributevalue.
//
// De-duplication key (Slack and Feishu event ids, drafter jobs):
//
//	pk = "DEDUPE#<key>"   sk = "DEDUPE"   type = "dedupe"   state = "leased" or "done"   expires_at N (epoch seconds, the TTL)
//
// # Access patterns
//
//   - a channel's renewals: Query pk = TENANT#t AND begins_with(sk, "RENEWAL#"),
//     keeping those the scope sees (store.Scope.Sees: team-wide, or added in
//     that channel); a delete or usage update is conditional on the same rule
//     (scope = "team" OR channel = :channel), so another channel gets
//     ErrNotFound without a read first;
//   - recent checks: Query pk = TENANT#t AND begins_with(sk, "CHECK#") read
//     backwards (ScanIndexForward false) a page of 20 at a time, keeping
//     those the reader sees (store.Check.SeenBy) until there are enough;
//   - due renewals: one Query on gsi1 per day of the window,
//     gsi1pk = "DUE#2027-01-31" — never a Scan. The index is sparse: a renewal
//     with no reminder ahead has no gsi1pk and is not in it;
//   - claims, sent marks and dedupe keys are conditional writes
//     (attribute_not_exists(pk) OR expires_at <= :now, and for a claim also
//     state = claimed AND lease_until <= :now); marking sent is conditional on
//     owner = the claimer.
//
// DynamoDB deletes expired items only eventually ("typically within two
// days"), so every read also treats an item with expires_at <= now as absent.
package dynamo
