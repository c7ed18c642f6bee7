// Package invoke hands a deferred chat job to the drafter Lambda with an
// asynchronous invoke (InvocationType Event): Lambda queues the event and
// answers 202 at once, so the Slack or Feishu function can acknowledge
// inside the platform's 3 s, and the drafter runs with its own, longer
// timeout (Lambda retries it on error; the drafter is idempotent on the job
// id).
//
// The invoke is one HTTP call made by hand, as the Lambda API reference
// defines it (POST /2015-03-31/functions/{FunctionName}/invocations with
// X-Amz-Invocation-Type: Event,
// https://docs.aws.amazon.com/lambda/latest/api/API_Invoke.html), signed
// with the SDK's SigV4 signer (aws/signer/v4), and retried by the SDK's
// standard retry rules (aws/retry). The SDK's lambda client is not linked:
// its generated packages cost the public functions CPU at every cold start
// (package init) for this one call.
//
// Configuration: DRAFTER_FUNCTION names the function (name or ARN);
// LAMBDA_ENDPOINT, for tests only, points the call at a fake Lambda API or
// the runtime interface emulator. Credentials and region come from the
// usual AWS chain (the function's role on Lambda).
package invoke
