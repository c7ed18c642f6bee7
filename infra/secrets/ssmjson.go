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

// The SSM Parameter Store call is made by hand, as the AWS JSON 1.1 protocol
// defines it, signed with the SDK's SigV4 signer, instead of through the
// SDK's ssm client: that client's generated packages cost more CPU at every
// cold start than any other part of the function's initialisation, for a
// store most deployments do not use (Secrets Manager is the default).
// https://docs.aws.amazon.com/systems-manager/latest/APIReference/API_GetParametersByPath.html

// ssmAttempts is how many times a throttled or failed (5xx) page is asked for.
const ssmAttempts = 3

type ssmPage struct {
	Parameters []struct {
		Name  string `json:"Name"`
		Value string `json:"Value"`
	} `json:"Parameters"`
	NextToken string `json:"NextToken"`
}

// ssmEndpoint is the regional endpoint of SSM, or endpoint when given.
func ssmEndpoint(region, endpoint string) string {
	if endpoint != "" {
		return strings.TrimRight(endpoint, "/") + "/"
	}
	suffix := "amazonaws.com"
	if strings.HasPrefix(region, "cn-") {
		suffix = "amazonaws.com.cn"
	}
	return "https://ssm." + region + "." + suffix + "/"
}

// ssmParameters reads every parameter under dir, decrypted, by the name
// after its last slash.
func ssmParameters(ctx context.Context, cfg aws.Config, dir, endpoint string) (map[string]string, error) {
	if cfg.Region == "" {
		return nil, fmt.Errorf("secrets: get parameters under %s: no AWS region (AWS_REGION)", dir)
	}
	client := cfg.HTTPClient
	if client == nil {
		client = http.DefaultClient
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
		if err := ssmCall(ctx, cfg, client, url, body, &page); err != nil {
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

// ssmCall posts one signed GetParametersByPath, retrying throttling and
// server errors, and decodes the answer into out.
func ssmCall(ctx context.Context, cfg aws.Config, client aws.HTTPClient, url string, body []byte, out *ssmPage) error {
	sum := sha256.Sum256(body)
	var last error
	for attempt := range ssmAttempts {
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
		req.Header.Set("X-Amz-Target", "AmazonSSM.GetParametersByPath")
		if err := v4.NewSigner().SignHTTP(ctx, creds, req, hex.EncodeToString(sum[:]), "ssm", cfg.Region, time.Now()); err != nil {
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
				return fmt.Errorf("answer is not GetParametersByPath JSON: %v", err)
			}
			return nil
		}
		var e struct {
			Type    string `json:"__type"`
			Message string `json:"message"`
		}
		json.Unmarshal(b, &e)
		if i := strings.LastIndex(e.Type, "#"); i >= 0 {
			e.Type = e.Type[i+1:]
		}
		last = fmt.Errorf("SSM answered HTTP %d %s: %s", resp.StatusCode, e.Type, e.Message)
		if resp.StatusCode < 500 && e.Type != "ThrottlingException" {
			return last
		}
	}
	return last
}
