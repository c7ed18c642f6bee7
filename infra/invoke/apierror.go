package invoke

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
)

// APIError is an answer of the Lambda API other than 202 Accepted: its HTTP
// status, the error code (X-Amzn-ErrorType, or the body's __type), the
// message and the request id. It has the methods the SDK's retry rules read
// (HTTPStatusCode, ErrorCode), so that a throttled or failed call is retried
// as the SDK's client would retry it.
type APIError struct {
	Status    int
	Code      string
	Message   string
	RequestID string
}

// Error says what Lambda answered.
func (e *APIError) Error() string {
	s := fmt.Sprintf("Lambda answered HTTP %d", e.Status)
	if e.Code != "" {
		s += " " + e.Code
	}
	if e.Message != "" {
		s += ": " + e.Message
	}
	if e.Status == http.StatusOK {
		s += " (a synchronous answer; want 202, the event queued)"
	}
	if e.RequestID != "" {
		s += " (request id " + e.RequestID + ")"
	}
	return s
}

// HTTPStatusCode is the answer's status.
func (e *APIError) HTTPStatusCode() int { return e.Status }

// ErrorCode is Lambda's error code, such as TooManyRequestsException.
func (e *APIError) ErrorCode() string { return e.Code }

// apiError reads Lambda's error answer (REST-JSON: the code in the
// X-Amzn-ErrorType header, before any colon, or in the body).
func apiError(resp *http.Response, body []byte) *APIError {
	e := &APIError{Status: resp.StatusCode, RequestID: resp.Header.Get("X-Amzn-RequestId")}
	var b struct {
		Type     string `json:"__type"`
		Code     string `json:"code"`
		Message  string `json:"message"`
		MessageU string `json:"Message"`
	}
	json.Unmarshal(body, &b) // a body that is not JSON leaves the header's code
	e.Code = resp.Header.Get("X-Amzn-ErrorType")
	for _, c := range []string{b.Type, b.Code} {
		if e.Code == "" {
			e.Code = c
		}
	}
	if i := strings.IndexByte(e.Code, ':'); i >= 0 {
		e.Code = e.Code[:i]
	}
	if i := strings.LastIndexByte(e.Code, '#'); i >= 0 {
		e.Code = e.Code[i+1:]
	}
	e.Message = b.Message
	if e.Message == "" {
		e.Message = b.MessageU
	}
	return e
}
