package secrets

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
)

// fakeAWS speaks the AWS JSON 1.1 protocol for the two calls Load makes.
func fakeAWS(t *testing.T) *httptest.Server {
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		var in map[string]any
		json.Unmarshal(body, &in)
		w.Header().Set("Content-Type", "application/x-amz-json-1.1")
		switch r.Header.Get("X-Amz-Target") {
		case "secretsmanager.GetSecretValue":
			if in["SecretId"] != "gpuadvisor" {
				w.WriteHeader(400)
				io.WriteString(w, `{"__type":"ResourceNotFoundException","message":"no such secret"}`)
				return
			}
			s, _ := json.Marshal(map[string]string{"SLACK_BOT_TOKEN": "xoxb-from-sm", "SLACK_SIGNING_SECRET": "sig", "NOT_A_KEY": "x"})
			json.NewEncoder(w).Encode(map[string]any{"Name": "gpuadvisor", "SecretString": string(s)})
		case "AmazonSSM.GetParametersByPath":
			if in["WithDecryption"] != true {
				t.Errorf("GetParametersByPath without decryption")
			}
			json.NewEncoder(w).Encode(map[string]any{"Parameters": []map[string]any{
				{"Name": "/gpuadvisor/FEISHU_ENCRYPT_KEY", "Value": "ek", "Type": "SecureString"},
				{"Name": "/gpuadvisor/OPENAI_API_KEY", "Value": "sk-x", "Type": "SecureString"},
			}})
		default:
			t.Errorf("unexpected target %q", r.Header.Get("X-Amz-Target"))
			w.WriteHeader(400)
		}
	}))
}

func setup(t *testing.T, src string) {
	srv := fakeAWS(t)
	t.Cleanup(srv.Close)
	t.Setenv(EnvSource, src)
	t.Setenv("GPUADVISOR_SECRETS_ENDPOINT", srv.URL)
	t.Setenv("AWS_REGION", "us-east-1")
	t.Setenv("AWS_ACCESS_KEY_ID", "test")
	t.Setenv("AWS_SECRET_ACCESS_KEY", "test")
	for _, k := range Keys {
		t.Setenv(k, "") // register for restore, then unset
		os.Unsetenv(k)
	}
}

func TestLoadSecretsManager(t *testing.T) {
	setup(t, "secretsmanager:gpuadvisor")
	t.Setenv("SLACK_SIGNING_SECRET", "already-set")
	set, err := Load(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(set, ",") != "SLACK_BOT_TOKEN" {
		t.Errorf("set %v, want [SLACK_BOT_TOKEN] (the signing secret was already set, NOT_A_KEY is not a key)", set)
	}
	if got := os.Getenv("SLACK_BOT_TOKEN"); got != "xoxb-from-sm" {
		t.Errorf("SLACK_BOT_TOKEN = %q", got)
	}
	if got := os.Getenv("SLACK_SIGNING_SECRET"); got != "already-set" {
		t.Errorf("an existing variable was overwritten: %q", got)
	}
}

func TestLoadSSM(t *testing.T) {
	setup(t, "ssm:/gpuadvisor")
	set, err := Load(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(set, ",") != "FEISHU_ENCRYPT_KEY,OPENAI_API_KEY" {
		t.Errorf("set %v", set)
	}
}

func TestLoadErrors(t *testing.T) {
	for _, src := range []string{"secretsmanager:missing", "vault:x", "secretsmanager:", "nocolon"} {
		setup(t, src)
		if _, err := Load(context.Background()); err == nil {
			t.Errorf("Load with %s=%q: no error", EnvSource, src)
		}
	}
}

func TestLoadUnsetDoesNothing(t *testing.T) {
	t.Setenv(EnvSource, "")
	set, err := Load(context.Background())
	if err != nil || set != nil {
		t.Errorf("Load() = %v, %v; want nothing", set, err)
	}
}
