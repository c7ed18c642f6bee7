// Package feishuws keeps a Feishu (Lark) long connection open so that `serve`
// receives events with no public URL. It speaks the gateway's protocol itself
// (an endpoint request, then protobuf frames over a WebSocket), because the
// SDK's ws package imports the SDK's root package, which this project never
// builds (docs/platforms.md#feishu-sdk-root-package). Events arrive in plain text over the
// authenticated connection and are handed to a callback that must answer
// within 3 seconds.
package feishuws
