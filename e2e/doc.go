// Package e2e runs the built Lambda functions end to end: each function's
// bootstrap, built for this machine exactly as for Lambda (CGO_ENABLED=0,
// -tags lambda.norpc), runs under the Lambda runtime interface emulator, with
// local fake Slack, Feishu and OpenAI-compatible servers speaking their real
// wire formats. It has no code of its own, only tests.
package e2e
