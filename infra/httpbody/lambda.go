package httpbody

import (
	"encoding/base64"
	"net/http"
	"strings"
)

// Request is an HTTP request as Lambda hands it to a function, in any of
// the shapes the chat functions are deployed behind (docs/platforms.md#event-shape-and-base64-bodies):
//
//   - a Function URL or an API Gateway HTTP API, payload format 2.0: the
//     method in requestContext.http.method, lower-case header names, repeated
//     headers joined by commas;
//   - an API Gateway REST API with Lambda proxy integration, payload format
//     1.0 (the choice in the AWS China regions): the method in httpMethod,
//     header names as the client sent them, repeated headers in
//     multiValueHeaders.
//
// Only what the handlers read is decoded; every other field of the event is
// skipped.
type Request struct {
	// Version is "2.0" for payload 2.0; a REST API event has none.
	Version string `json:"version,omitempty"`
	// RawPath is payload 2.0's path, Path payload 1.0's.
	RawPath string `json:"rawPath,omitempty"`
	Path    string `json:"path,omitempty"`
	// HTTPMethod is payload 1.0's method (2.0 has RequestContext.HTTP.Method).
	HTTPMethod string `json:"httpMethod,omitempty"`
	// Headers hold one value per name (payload 1.0: the last one sent).
	Headers map[string]string `json:"headers"`
	// MultiValueHeaders is payload 1.0's every value of every header.
	MultiValueHeaders map[string][]string `json:"multiValueHeaders,omitempty"`
	// Body is the body, base64 when IsBase64Encoded.
	Body            string         `json:"body"`
	IsBase64Encoded bool           `json:"isBase64Encoded"`
	RequestContext  RequestContext `json:"requestContext"`
}

// RequestContext is the part of an event's requestContext read here.
type RequestContext struct {
	// HTTP is payload 2.0's description of the request.
	HTTP HTTPDescription `json:"http"`
	// HTTPMethod is payload 1.0's copy of the method.
	HTTPMethod string `json:"httpMethod,omitempty"`
}

// HTTPDescription is payload 2.0's requestContext.http.
type HTTPDescription struct {
	Method string `json:"method"`
	Path   string `json:"path,omitempty"`
}

// Method is the request's HTTP method in either payload format; "" when the
// event names none (an event written by hand).
func (r Request) Method() string {
	switch {
	case r.RequestContext.HTTP.Method != "":
		return r.RequestContext.HTTP.Method
	case r.HTTPMethod != "":
		return r.HTTPMethod
	}
	return r.RequestContext.HTTPMethod
}

// Header is the request's headers with canonical names: every value of
// MultiValueHeaders when the event has them (payload 1.0), else Headers.
func (r Request) Header() http.Header {
	if len(r.MultiValueHeaders) == 0 {
		return Header(r.Headers)
	}
	h := make(http.Header, len(r.MultiValueHeaders))
	for k, vs := range r.MultiValueHeaders {
		for _, v := range vs {
			h.Add(k, v)
		}
	}
	for k, v := range r.Headers { // a name only in headers
		if h.Get(k) == "" {
			h.Set(k, v)
		}
	}
	return h
}

// Decoded is the request's body as sent (base64-decoded when the event says
// it is encoded), at most max bytes; a refusal says why not: 405 for a
// method other than POST, 413 for a body over max, 400 for bad base64.
func (r Request) Decoded(max int) ([]byte, *Refusal) {
	if m := r.Method(); m != "" && !strings.EqualFold(m, http.MethodPost) {
		return nil, &Refusal{Status: http.StatusMethodNotAllowed, Reason: "method not allowed"}
	}
	tooLarge := &Refusal{Status: http.StatusRequestEntityTooLarge, Reason: "request body too large"}
	if !r.IsBase64Encoded {
		if len(r.Body) > max {
			return nil, tooLarge
		}
		return []byte(r.Body), nil
	}
	if base64.StdEncoding.DecodedLen(len(r.Body)) > max+3 { // before decoding anything
		return nil, tooLarge
	}
	b, err := base64.StdEncoding.DecodeString(r.Body)
	if err != nil {
		return nil, &Refusal{Status: http.StatusBadRequest, Reason: "body is not base64"}
	}
	if len(b) > max {
		return nil, tooLarge
	}
	return b, nil
}

// Response is the answer to a Request, in the fields every one of its
// shapes accepts. It is not aws-lambda-go's APIGatewayV2HTTPResponse: that
// type always sends "cookies" (null when there are none), and a REST API
// answers a response holding any key outside statusCode, headers,
// multiValueHeaders, body and isBase64Encoded with 502 "Malformed Lambda
// proxy response" (API Gateway developer guide, "Output format of a Lambda
// function for proxy integration"; rails-lambda/lamby#78,
// fujiwara/ridge#25).
type Response struct {
	StatusCode      int               `json:"statusCode"`
	Headers         map[string]string `json:"headers,omitempty"`
	Body            string            `json:"body"`
	IsBase64Encoded bool              `json:"isBase64Encoded"`
}
