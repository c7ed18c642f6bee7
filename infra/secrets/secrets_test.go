package secrets

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"
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
			if in["SecretId"] == "gpuadvisor/llm" {
				s, _ := json.Marshal(map[string]string{"OPENAI_API_KEY": "sk-llm", "SLACK_BOT_TOKEN": "xoxb-later"})
				json.NewEncoder(w).Encode(map[string]any{"Name": "gpuadvisor/llm", "SecretString": string(s)})
				return
			}
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
			if in["Path"] != "/gpuadvisor" {
				json.NewEncoder(w).Encode(map[string]any{"Parameters": []map[string]any{}})
				return
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

// source returns the source GPUADVISOR_SECRETS=src names, against the fake.
func source(t *testing.T, src string) (Source, error) {
	srv := fakeAWS(t)
	t.Cleanup(srv.Close)
	t.Setenv("AWS_REGION", "us-east-1")
	t.Setenv("AWS_ACCESS_KEY_ID", "test")
	t.Setenv("AWS_SECRET_ACCESS_KEY", "test")
	env := map[string]string{EnvSource: src, EnvEndpoint: srv.URL}
	return FromGetenv(context.Background(), func(k string) string { return env[k] })
}

func load(t *testing.T, src string) (map[string]string, error) {
	s, err := source(t, src)
	if err != nil {
		return nil, err
	}
	return Load(context.Background(), s)
}

func TestLoadSecretsManager(t *testing.T) {
	vals, err := load(t, "secretsmanager:gpuadvisor")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"SLACK_BOT_TOKEN": "xoxb-from-sm", "SLACK_SIGNING_SECRET": "sig"} // NOT_A_KEY is not a key
	if !maps.Equal(vals, want) {
		t.Errorf("Load = %v, want %v", vals, want)
	}
	if got := os.Getenv("SLACK_BOT_TOKEN"); got != "" {
		t.Errorf("Load changed the process environment: SLACK_BOT_TOKEN=%q", got)
	}
	// A variable set in the environment wins over the secret.
	env := map[string]string{"SLACK_SIGNING_SECRET": "already-set"}
	get := Overlay(func(k string) string { return env[k] }, vals)
	if get("SLACK_SIGNING_SECRET") != "already-set" || get("SLACK_BOT_TOKEN") != "xoxb-from-sm" || get("OPENAI_API_KEY") != "" {
		t.Errorf("Overlay: %q %q %q", get("SLACK_SIGNING_SECRET"), get("SLACK_BOT_TOKEN"), get("OPENAI_API_KEY"))
	}
}

func TestLoadSSM(t *testing.T) {
	vals, err := load(t, "ssm:/gpuadvisor")
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(Names(vals), ","); got != "FEISHU_ENCRYPT_KEY,OPENAI_API_KEY" {
		t.Errorf("names %s", got)
	}
}

// Each function lists the secrets it uses: every source is read, a key in
// two takes the later one's value, and an SSM path may omit its slash.
func TestLoadSources(t *testing.T) {
	tests := []struct {
		name, src string
		want      map[string]string
	}{
		{"one secret with every key (the single-secret form)", "secretsmanager:gpuadvisor",
			map[string]string{"SLACK_BOT_TOKEN": "xoxb-from-sm", "SLACK_SIGNING_SECRET": "sig"}},
		{"two secrets, the later wins a shared key", "secretsmanager:gpuadvisor, secretsmanager:gpuadvisor/llm",
			map[string]string{"SLACK_BOT_TOKEN": "xoxb-later", "SLACK_SIGNING_SECRET": "sig", "OPENAI_API_KEY": "sk-llm"}},
		{"a secret and SSM parameters", "secretsmanager:gpuadvisor/llm,ssm:/gpuadvisor",
			map[string]string{"SLACK_BOT_TOKEN": "xoxb-later", "OPENAI_API_KEY": "sk-x", "FEISHU_ENCRYPT_KEY": "ek"}},
		{"an SSM path without its leading slash", "ssm:gpuadvisor",
			map[string]string{"OPENAI_API_KEY": "sk-x", "FEISHU_ENCRYPT_KEY": "ek"}},
		{"empty items are skipped", ",secretsmanager:gpuadvisor/llm,",
			map[string]string{"SLACK_BOT_TOKEN": "xoxb-later", "OPENAI_API_KEY": "sk-llm"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := load(t, tc.src)
			if err != nil {
				t.Fatal(err)
			}
			if !maps.Equal(got, tc.want) {
				t.Errorf("Load(%q) = %v, want %v", tc.src, got, tc.want)
			}
		})
	}
}

func TestLoadErrors(t *testing.T) {
	for _, src := range []string{"secretsmanager:missing", "vault:x", "secretsmanager:", "nocolon", ",", "secretsmanager:gpuadvisor,vault:x", "secretsmanager:gpuadvisor/llm,secretsmanager:missing"} {
		if _, err := load(t, src); err == nil {
			t.Errorf("Load with %s=%q: no error", EnvSource, src)
		}
	}
}

func TestUnsetIsNoSource(t *testing.T) {
	s, err := FromGetenv(context.Background(), func(string) string { return "" })
	if err != nil || s != nil {
		t.Errorf("FromGetenv() = %v, %v; want nil, nil", s != nil, err)
	}
}

// The cache reads again after the TTL (5 minutes) and when forced by a
// signature failure, at most once a minute; a failed read keeps the values.
func TestCacheRereads(t *testing.T) {
	now := time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
	secret := map[string]string{"SLACK_SIGNING_SECRET": "placeholder"}
	reads := 0
	var fail error
	c := &Cache{Now: func() time.Time { return now }, Source: func(context.Context) (map[string]string, error) {
		reads++
		return maps.Clone(secret), fail
	}}
	ctx := context.Background()
	step := func(name string, d time.Duration, force bool, wantVal string, wantVersion, wantReads int, wantChanged bool) {
		t.Helper()
		now = now.Add(d)
		if force {
			changed, _ := c.Force(ctx)
			if changed != wantChanged {
				t.Errorf("%s: Force changed=%v, want %v", name, changed, wantChanged)
			}
		}
		vals, v, _ := c.Values(ctx)
		if vals["SLACK_SIGNING_SECRET"] != wantVal || v != wantVersion || reads != wantReads {
			t.Errorf("%s: %q version %d after %d reads; want %q, %d, %d", name, vals["SLACK_SIGNING_SECRET"], v, reads, wantVal, wantVersion, wantReads)
		}
	}
	step("cold start", 0, false, "placeholder", 1, 1, false)
	secret["SLACK_SIGNING_SECRET"] = "real" // the operator fills it in
	step("within the TTL", 4*time.Minute, false, "placeholder", 1, 1, false)
	step("a signature failure forces a read", 0, true, "real", 2, 2, true)
	step("a second failure within a minute reads nothing", 30*time.Second, true, "real", 2, 2, false)
	secret["SLACK_SIGNING_SECRET"] = "rotated"
	step("a minute later a failure reads again", 30*time.Second, true, "rotated", 3, 3, true)
	secret["SLACK_SIGNING_SECRET"] = "rotated-again"
	step("the TTL passed: read again", 5*time.Minute, false, "rotated-again", 4, 4, false)
	fail = errors.New("throttled")
	secret["SLACK_SIGNING_SECRET"] = "unseen"
	step("a failed read keeps the values", 5*time.Minute, false, "rotated-again", 4, 5, false)
	fail = nil
	step("and the next call reads again", time.Second, false, "unseen", 5, 6, false)
}
