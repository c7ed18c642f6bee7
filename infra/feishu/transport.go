package feishu

import (
	"context"
	"encoding/base64"
	"net/http"
	"strings"

	"github.com/aws/aws-lambda-go/events"

	"gpuadvisor/infra/httpbody"
)

// MaxBody is the largest request body read; Feishu's callbacks are a few KB.
const MaxBody = 1 << 20

const contentTypeJSON = "application/json; charset=utf-8"

// HandleLambda serves an API Gateway HTTP API (payload 2.0) or Function URL
// event. The body is base64-decoded when isBase64Encoded is set and the
// lower-case header names are canonicalised before anything is verified. It
// never returns an error: failures are HTTP statuses, so Lambda does not
// count them as function errors.
func (h *Handler) HandleLambda(ctx context.Context, req events.APIGatewayV2HTTPRequest) (events.APIGatewayV2HTTPResponse, error) {
	if m := req.RequestContext.HTTP.Method; m != "" && !strings.EqualFold(m, http.MethodPost) {
		return lambdaResponse(http.StatusMethodNotAllowed, []byte(`{"msg":"POST only"}`)), nil
	}
	body := []byte(req.Body)
	if req.IsBase64Encoded {
		b, err := base64.StdEncoding.DecodeString(req.Body)
		if err != nil {
			h.d.Log.WarnContext(ctx, "feishu request", "outcome", "rejected", "status", http.StatusBadRequest, "err", "body is not base64")
			return lambdaResponse(http.StatusBadRequest, msgBadRequest), nil
		}
		body = b
	}
	if len(body) > MaxBody {
		return lambdaResponse(http.StatusRequestEntityTooLarge, msgBadRequest), nil
	}
	status, out := h.Serve(ctx, httpbody.Header(req.Headers), body)
	return lambdaResponse(status, out), nil
}

func lambdaResponse(status int, body []byte) events.APIGatewayV2HTTPResponse {
	return events.APIGatewayV2HTTPResponse{
		StatusCode: status,
		Headers:    map[string]string{"Content-Type": contentTypeJSON},
		Body:       string(body),
	}
}

// ServeHTTP serves the same callbacks over net/http (mount it at
// /feishu/events and /feishu/card; both take events and card callbacks).
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", contentTypeJSON)
	if r.Method != http.MethodPost {
		w.WriteHeader(http.StatusMethodNotAllowed)
		w.Write([]byte(`{"msg":"POST only"}`))
		return
	}
	body, ref := httpbody.Read(w, r, MaxBody, h.d.Log)
	if ref != nil {
		w.WriteHeader(ref.Status)
		w.Write(msgBadRequest)
		return
	}
	hdr := make(http.Header, len(r.Header))
	for k, vs := range r.Header {
		for _, v := range vs {
			hdr.Add(k, v)
		}
	}
	status, out := h.Serve(r.Context(), hdr, body)
	w.WriteHeader(status)
	w.Write(out)
}
