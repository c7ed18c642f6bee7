package secrets

import (
	"context"
	"encoding/json"
	"io"
	"maps"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"

	"gpuadvisor/internal/testkit"
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

// TestSecretValueSigned: the hand-made GetSecretValue is an AWS JSON 1.1
// call for secretsmanager, signed (the fake recomputes the signature with
// the secret key, testkit.CheckSigV4); a server error is retried, a client
// error is not, and errors name the secret and Secrets Manager's code.
func TestSecretValueSigned(t *testing.T) {
	var calls int
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls++
		body, _ := io.ReadAll(r.Body)
		sig, err := testkit.CheckSigV4(r, body, "secret", time.Now())
		if err != nil || sig.Service != "secretsmanager" || sig.Region != "eu-west-1" || r.Header.Get("X-Amz-Security-Token") != "session" {
			t.Errorf("request not signed for secretsmanager in eu-west-1 with the session token: %+v, %v", sig, err)
		}
		if got := r.Header.Get("X-Amz-Target"); got != "secretsmanager.GetSecretValue" || r.Header.Get("Content-Type") != "application/x-amz-json-1.1" {
			t.Errorf("X-Amz-Target %q, Content-Type %q", got, r.Header.Get("Content-Type"))
		}
		var in map[string]string
		json.Unmarshal(body, &in)
		switch in["SecretId"] {
		case "gpuadvisor/slack":
			io.WriteString(w, `{"Name":"gpuadvisor/slack","SecretString":"{\"SLACK_BOT_TOKEN\":\"xoxb-1\"}"}`)
		case "flaky":
			if calls == 1 {
				w.WriteHeader(500)
				io.WriteString(w, `{"__type":"InternalServiceError","message":"try again"}`)
				return
			}
			io.WriteString(w, `{"SecretString":"{\"OPENAI_API_KEY\":\"sk-1\"}"}`)
		case "binary":
			io.WriteString(w, `{"SecretBinary":"AAEC"}`)
		case "text":
			io.WriteString(w, `{"SecretString":"just a password"}`)
		default:
			w.WriteHeader(400)
			io.WriteString(w, `{"__type":"ResourceNotFoundException","Message":"Secrets Manager can't find the specified secret."}`)
		}
	}))
	defer srv.Close()
	cfg := aws.Config{Region: "eu-west-1", Credentials: credentials.NewStaticCredentialsProvider("AKIDSM", "secret", "session")}
	for _, tc := range []struct {
		name, id  string
		want      map[string]string
		wantErr   string
		wantCalls int
	}{
		{"a JSON secret", "gpuadvisor/slack", map[string]string{"SLACK_BOT_TOKEN": "xoxb-1"}, "", 1},
		{"a server error, retried", "flaky", map[string]string{"OPENAI_API_KEY": "sk-1"}, "", 2},
		{"no such secret, not retried", "missing", nil, "secrets: get secret missing: Secrets Manager answered HTTP 400 ResourceNotFoundException: Secrets Manager can't find the specified secret.", 1},
		{"a binary secret", "binary", nil, "secret binary holds no SecretString", 1},
		{"not JSON", "text", nil, "secret text is not a JSON object of strings", 1},
	} {
		calls = 0
		got, err := secretValue(context.Background(), cfg, tc.id, srv.URL)
		if tc.wantErr == "" && (err != nil || !maps.Equal(got, tc.want)) || tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)) {
			t.Errorf("%s: got %v, %v; want %v, error %q", tc.name, got, err, tc.want, tc.wantErr)
		}
		if calls != tc.wantCalls {
			t.Errorf("%s: %d calls, want %d", tc.name, calls, tc.wantCalls)
		}
	}
}
