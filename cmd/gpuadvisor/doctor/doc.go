// Package doctor is `gpuadvisor doctor`: it checks a configuration before
// and after deploying and says what to fix, in the user's language. Offline
// it checks that each platform's secrets are present and well formed (a
// Slack signing secret is 32 hex characters, a bot token starts xoxb-, a
// Feishu App ID cli_…, no placeholder text), and when an LLM is configured
// it sends the endpoint one tiny request. Given the deployed URLs it probes
// them end to end the way the platforms do: a signed Slack slash command
// (and an unsigned one, which must be refused) and an encrypted Feishu
// url_verification challenge, answered correctly only when the deployed
// function holds the same secrets as this machine.
//
// Exit status: 0 when every check that ran passed, 1 otherwise, 2 for bad
// usage.
package doctor
