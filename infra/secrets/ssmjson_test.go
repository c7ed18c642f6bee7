package secrets

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
)

// TestSSMParametersSignedAndPaged: the hand-made GetParametersByPath is
// SigV4-signed for ssm in the region (with the session token), follows
// NextToken across pages, and names the error SSM answers with.
func TestSSMParametersSignedAndPaged(t *testing.T) {
	var calls int
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls++
		body, _ := io.ReadAll(r.Body)
		var in map[string]any
		json.Unmarshal(body, &in)
		if got := r.Header.Get("X-Amz-Target"); got != "AmazonSSM.GetParametersByPath" {
			t.Errorf("X-Amz-Target %q, want AmazonSSM.GetParametersByPath", got)
		}
		if got := r.Header.Get("Content-Type"); got != "application/x-amz-json-1.1" {
			t.Errorf("Content-Type %q, want application/x-amz-json-1.1", got)
		}
		auth := r.Header.Get("Authorization")
		if !strings.HasPrefix(auth, "AWS4-HMAC-SHA256 Credential=AKIDSSM/") || !strings.Contains(auth, "/ap-southeast-1/ssm/aws4_request") ||
			!strings.Contains(auth, "x-amz-target") || r.Header.Get("X-Amz-Security-Token") != "session" || r.Header.Get("X-Amz-Date") == "" {
			t.Errorf("request not signed for ssm in ap-southeast-1 with the session token: Authorization %q", auth)
		}
		w.Header().Set("Content-Type", "application/x-amz-json-1.1")
		switch {
		case in["Path"] == "/missing":
			w.WriteHeader(400)
			io.WriteString(w, `{"__type":"com.amazonaws.ssm#AccessDeniedException","message":"not allowed"}`)
		case in["NextToken"] == nil:
			io.WriteString(w, `{"Parameters":[{"Name":"/gpuadvisor/slack/SLACK_BOT_TOKEN","Value":"xoxb-1"}],"NextToken":"page2"}`)
		case in["NextToken"] == "page2":
			io.WriteString(w, `{"Parameters":[{"Name":"/gpuadvisor/slack/SLACK_SIGNING_SECRET","Value":"sig"}]}`)
		default:
			t.Errorf("unexpected NextToken %v", in["NextToken"])
		}
	}))
	defer srv.Close()
	cfg := aws.Config{Region: "ap-southeast-1", Credentials: credentials.NewStaticCredentialsProvider("AKIDSSM", "secret", "session")}

	got, err := ssmParameters(context.Background(), cfg, "/gpuadvisor/slack", srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got["SLACK_BOT_TOKEN"] != "xoxb-1" || got["SLACK_SIGNING_SECRET"] != "sig" || calls != 2 {
		t.Errorf("got %v in %d calls, want both pages' parameters in 2 calls", got, calls)
	}

	_, err = ssmParameters(context.Background(), cfg, "/missing", srv.URL)
	if err == nil || !strings.Contains(err.Error(), "AccessDeniedException") || !strings.Contains(err.Error(), "/missing") {
		t.Errorf("got error %v, want one naming the path and AccessDeniedException", err)
	}
}

func TestSSMEndpoint(t *testing.T) {
	for _, tc := range []struct{ region, endpoint, want string }{
		{"us-east-1", "", "https://ssm.us-east-1.amazonaws.com/"},
		{"cn-north-1", "", "https://ssm.cn-north-1.amazonaws.com.cn/"},
		{"us-east-1", "http://127.0.0.1:4566/", "http://127.0.0.1:4566/"},
	} {
		if got := ssmEndpoint(tc.region, tc.endpoint); got != tc.want {
			t.Errorf("ssmEndpoint(%q, %q) = %q, want %q", tc.region, tc.endpoint, got, tc.want)
		}
	}
}
