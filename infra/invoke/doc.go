// Package invoke hands a deferred chat job to the drafter Lambda with an
// asynchronous invoke (aws-sdk-go-v2 service/lambda, InvocationType=Event):
// Lambda queues the event and answers 202 at once, so the Slack or Feishu
// function can acknowledge inside the platform's 3 s, and the drafter runs
// with its own, longer timeout (Lambda retries it on error; the drafter is
// idempotent on the job id).
//
// Configuration: DRAFTER_FUNCTION names the function (name or ARN);
// LAMBDA_ENDPOINT, for tests only, points the client at a fake Lambda API
// or the runtime interface emulator. Credentials and region come from the
// usual AWS chain (the function's role on Lambda).
package invoke
