// Package dynamotest gives tests a real DynamoDB-compatible server: dynalite,
// from the npm package pinned in scripts/dynalite.
//
// When DYNAMO_ENDPOINT is set (scripts/test.sh starts dynalite and sets it),
// tests use that server. Otherwise the first test that asks starts dynalite
// from scripts/dynalite/node_modules on a free loopback port, and Main stops
// it after the package's tests. When neither is possible the test fails with
// what to run: DynamoDB tests are never skipped, in CI or anywhere else.
package dynamotest
