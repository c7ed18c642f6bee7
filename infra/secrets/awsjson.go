package secrets

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"path"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	v4 "github.com/aws/aws-sdk-go-v2/aws/signer/v4"
)

// Both stores are read by hand, as the AWS JSON 1.1 protocol defines it (a
// POST of a JSON body naming the operation in X-Amz-Target), signed with
// the SDK's SigV4 signer, instead of through the SDK's ssm and
// secretsmanager clients: their generated packages and their first call's
// middleware cost more CPU at every cold start than the rest of the
// function's initialisation, for one call each.
// https://docs.aws.amazon.com/systems-manager/latest/APIReference/API_GetParametersByPath.html
// https://docs.aws.amazon.com/secretsmanager/latest/apireference/API_GetSecretValue.html

// callAttempts is how many times a throttled or failed (5xx) call is made.
const callAttempts = 3

type ssmPage struct {
	Parameters []struct {
		Name  string `json:"Name"`
		Value string `json:"Value"`
	} `json:"Parameters"`
	NextToken string `json:"NextToken"`
}

// serviceEndpoint is the regional endpoint of an AWS service, or endpoint
// when given.
func serviceEndpoint(service, region, endpoint string) string {
	if endpoint != "" {
		return strings.TrimRight(endpoint, "/") + "/"
	}
	suffix := "amazonaws.com"
	if strings.HasPrefix(region, "cn-") {
		suffix = "amazonaws.com.cn"
	}
	return "https://" + service + "." + region + "." + suffix + "/"
}

// ssmEndpoint is the regional endpoint of SSM, or endpoint when given.
func ssmEndpoint(region, endpoint string) string { return serviceEndpoint("ssm", region, endpoint) }

// ssmParameters reads every parameter under dir, decrypted, by the name
// after its last slash.
func ssmParameters(ctx context.Context, cfg aws.Config, dir, endpoint string) (map[string]string, error) {
	if cfg.Region == "" {
		return nil, fmt.Errorf("secrets: get parameters under %s: no AWS region (AWS_REGION)", dir)
	}
	url := ssmEndpoint(cfg.Region, endpoint)
	vals := map[string]string{}
	token := ""
	for {
		in := map[string]any{"Path": dir, "WithDecryption": true}
		if token != "" {
			in["NextToken"] = token
		}
		body, _ := json.Marshal(in)
		var page ssmPage
		if err := jsonCall(ctx, cfg, url, "ssm", "AmazonSSM.GetParametersByPath", "SSM", body, &page); err != nil {
			return nil, fmt.Errorf("secrets: get parameters under %s: %w", dir, err)
		}
		for _, p := range page.Parameters {
			vals[path.Base(p.Name)] = p.Value
		}
		if page.NextToken == "" || page.NextToken == token {
			return vals, nil
		}
		token = page.NextToken
	}
}

// secretValue reads the secret id's SecretString, a JSON object of strings.
func secretValue(ctx context.Context, cfg aws.Config, id, endpoint string) (map[string]string, error) {
	if cfg.Region == "" {
		return nil, fmt.Errorf("secrets: get secret %s: no AWS region (AWS_REGION)", id)
	}
	body, _ := json.Marshal(map[string]string{"SecretId": id})
	var out struct {
		SecretString *string `json:"SecretString"`
	}
	if err := jsonCall(ctx, cfg, serviceEndpoint("secretsmanager", cfg.Region, endpoint), "secretsmanager", "secretsmanager.GetSecretValue", "Secrets Manager", body, &out); err != nil {
		return nil, fmt.Errorf("secrets: get secret %s: %w", id, err)
	}
	if out.SecretString == nil {
		return nil, fmt.Errorf("secrets: secret %s holds no SecretString (a binary secret?); want a JSON object of strings", id)
	}
	vals := map[string]string{}
	if err := json.Unmarshal([]byte(*out.SecretString), &vals); err != nil {
		return nil, fmt.Errorf("secrets: secret %s is not a JSON object of strings: %v", id, err)
	}
	return vals, nil
}

// jsonCall posts one signed AWS JSON 1.1 call (target, for service) to url,
// retrying throttling and server errors, and decodes the answer into out.
// name is the service as errors call it.
func jsonCall(ctx context.Context, cfg aws.Config, url, service, target, name string, body []byte, out any) error {
	client := cfg.HTTPClient
	if client == nil {
		client = http.DefaultClient
	}
	if cfg.Credentials == nil {
		return fmt.Errorf("no AWS credentials")
	}
	sum := sha256.Sum256(body)
	var last error
	for attempt := range callAttempts {
		if attempt > 0 {
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(time.Duration(attempt*attempt) * 100 * time.Millisecond):
			}
		}
		creds, err := cfg.Credentials.Retrieve(ctx)
		if err != nil {
			return fmt.Errorf("AWS credentials: %w", err)
		}
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
		if err != nil {
			return err
		}
		req.Header.Set("Content-Type", "application/x-amz-json-1.1")
		req.Header.Set("X-Amz-Target", target)
		if err := v4.NewSigner().SignHTTP(ctx, creds, req, hex.EncodeToString(sum[:]), service, cfg.Region, time.Now()); err != nil {
			return fmt.Errorf("sign: %w", err)
		}
		resp, err := client.Do(req)
		if err != nil {
			last = err
			continue
		}
		b, err := io.ReadAll(io.LimitReader(resp.Body, 4<<20))
		resp.Body.Close()
		if err != nil {
			last = err
			continue
		}
		if resp.StatusCode == http.StatusOK {
			if err := json.Unmarshal(b, out); err != nil {
				return fmt.Errorf("answer to %s is not its JSON: %v", target, err)
			}
			return nil
		}
		var e struct {
			Type     string `json:"__type"`
			Message  string `json:"message"`
			MessageU string `json:"Message"`
		}
		json.Unmarshal(b, &e)
		if i := strings.LastIndex(e.Type, "#"); i >= 0 {
			e.Type = e.Type[i+1:]
		}
		if e.Message == "" {
			e.Message = e.MessageU
		}
		last = fmt.Errorf("%s answered HTTP %d %s: %s", name, resp.StatusCode, e.Type, e.Message)
		if resp.StatusCode < 500 && e.Type != "ThrottlingException" {
			return last
		}
	}
	return last
}
