// Package llmtest is a fake OpenAI-compatible chat-completions server for
// tests and demos. It speaks the real wire format (POST
// {base}/chat/completions, Bearer auth, the chat.completion JSON object and
// the {"error":{...}} error object), records every request as decoded from
// the wire, and answers from a script.
package llmtest
