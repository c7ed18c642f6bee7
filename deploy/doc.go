// Package deploy checks the AWS SAM template (template.yaml at the repo root)
// against the code: every function's folder builds for provided.al2023/arm64,
// the environment each function reads is set, and each function's policies
// match the AWS calls it makes. It has no code of its own, only tests.
package deploy
