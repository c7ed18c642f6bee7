// Package feishu is the Feishu (飞书) and Lark adapter: it verifies and
// decrypts event callbacks, answers im.message.receive_v1 messages and
// card.action.trigger button presses through the shared chat.Router, renders
// a chat.Reply as an interactive card (card JSON 1.0), and sends it through
// the Open API with a client built from larkcore and larkim only (never the
// SDK's root package, which drags in every service).
//
// Verification is stricter than the SDK's: every request except the URL
// challenge must carry X-Lark-Request-Timestamp, X-Lark-Request-Nonce and
// X-Lark-Signature; the signature is compared in constant time over the
// decoded body; the timestamp must be within MaxSkew of the clock; the body
// must be encrypted and its PKCS#7 padding must check out; the verification
// token is compared on every event. Anything else gets a non-2xx answer and
// does no work. The URL challenge is not signed by Feishu, so it is answered
// only when it decrypts with our key (or, sent in plain text, when no key is
// set in the console) and carries our verification token.
//
// The same Handler serves AWS Lambda (a Function URL, an API Gateway HTTP API
// or REST API, see HandleLambda) and net/http (ServeHTTP), so `serve` can mount it.
package feishu
