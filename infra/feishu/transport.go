package feishu

import (
	"context"
	"net/http"

	"gpuadvisor/infra/httpbody"
)

// MaxBody is the largest request body read; Feishu's callbacks are a few KB.
const MaxBody = 1 << 20

const contentTypeJSON = "application/json; charset=utf-8"

// HandleLambda serves a Function URL or API Gateway event: HTTP API
// payload 2.0, or a REST API's proxy payload 1.0 (httpbody.Request). The
// body is base64-decoded when isBase64Encoded is set and the header names
// canonicalised before anything is verified. It never returns an error:
// failures are HTTP statuses, so Lambda does not count them as function
// errors.
func (h *Handler) HandleLambda(ctx context.Context, req httpbody.Request) (httpbody.Response, error) {
	body, ref := req.Decoded(MaxBody)
	if ref != nil {
		h.d.Log.WarnContext(ctx, "feishu request", "outcome", "rejected", "status", ref.Status, "err", ref.Reason)
		if ref.Status == http.StatusMethodNotAllowed {
			return lambdaResponse(ref.Status, []byte(`{"msg":"POST only"}`)), nil
		}
		return lambdaResponse(ref.Status, msgBadRequest), nil
	}
	status, out := h.Serve(ctx, req.Header(), body)
	return lambdaResponse(status, out), nil
}

func lambdaResponse(status int, body []byte) httpbody.Response {
	return httpbody.Response{
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
