// Package secrets fills the bot's secret environment variables at cold start
// from AWS Secrets Manager or SSM Parameter Store, so that no secret is written
// in plain text into the template or the function configuration.
//
// GPUADVISOR_SECRETS names the source:
//
//	secretsmanager:<secret id or ARN>   one secret holding a JSON object {"SLACK_BOT_TOKEN": "...", ...}
//	ssm:<path>                          SecureString parameters <path>/SLACK_BOT_TOKEN, ... (decrypted)
//
// A variable already set in the environment wins. Only the names in Keys are
// taken; anything else in the secret is ignored.
package secrets

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path"
	"slices"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/secretsmanager"
	"github.com/aws/aws-sdk-go-v2/service/ssm"
)

// Keys are the environment variables that may come from the secret store.
var Keys = []string{
	"SLACK_SIGNING_SECRET", "SLACK_BOT_TOKEN",
	"FEISHU_APP_ID", "FEISHU_APP_SECRET", "FEISHU_VERIFICATION_TOKEN", "FEISHU_ENCRYPT_KEY",
	"OPENAI_API_KEY",
}

// EnvSource is the environment variable naming the source.
const EnvSource = "GPUADVISOR_SECRETS"

// Load reads GPUADVISOR_SECRETS and sets the missing Keys from it. With the
// variable unset it does nothing. It returns the names it set (never values).
func Load(ctx context.Context) ([]string, error) {
	src := strings.TrimSpace(os.Getenv(EnvSource))
	if src == "" {
		return nil, nil
	}
	cfg, err := config.LoadDefaultConfig(ctx)
	if err != nil {
		return nil, fmt.Errorf("secrets: aws config: %w", err)
	}
	var opts clientOptions
	if ep := os.Getenv("GPUADVISOR_SECRETS_ENDPOINT"); ep != "" { // tests only
		opts.endpoint = ep
	}
	vals, err := fetch(ctx, cfg, src, opts)
	if err != nil {
		return nil, err
	}
	return apply(vals), nil
}

type clientOptions struct{ endpoint string }

func fetch(ctx context.Context, cfg aws.Config, src string, o clientOptions) (map[string]string, error) {
	kind, id, ok := strings.Cut(src, ":")
	if !ok || id == "" {
		return nil, fmt.Errorf("secrets: %s=%q: want secretsmanager:<id> or ssm:<path>", EnvSource, src)
	}
	switch kind {
	case "secretsmanager":
		c := secretsmanager.NewFromConfig(cfg, func(op *secretsmanager.Options) {
			if o.endpoint != "" {
				op.BaseEndpoint = aws.String(o.endpoint)
			}
		})
		out, err := c.GetSecretValue(ctx, &secretsmanager.GetSecretValueInput{SecretId: aws.String(id)})
		if err != nil {
			return nil, fmt.Errorf("secrets: get secret %s: %w", id, err)
		}
		vals := map[string]string{}
		if err := json.Unmarshal([]byte(aws.ToString(out.SecretString)), &vals); err != nil {
			return nil, fmt.Errorf("secrets: secret %s is not a JSON object of strings: %v", id, err)
		}
		return vals, nil
	case "ssm":
		c := ssm.NewFromConfig(cfg, func(op *ssm.Options) {
			if o.endpoint != "" {
				op.BaseEndpoint = aws.String(o.endpoint)
			}
		})
		vals := map[string]string{}
		p := ssm.NewGetParametersByPathPaginator(c, &ssm.GetParametersByPathInput{Path: aws.String(id), WithDecryption: aws.Bool(true)})
		for p.HasMorePages() {
			page, err := p.NextPage(ctx)
			if err != nil {
				return nil, fmt.Errorf("secrets: get parameters under %s: %w", id, err)
			}
			for _, prm := range page.Parameters {
				vals[path.Base(aws.ToString(prm.Name))] = aws.ToString(prm.Value)
			}
		}
		return vals, nil
	}
	return nil, fmt.Errorf("secrets: %s=%q: unknown source %q; want secretsmanager:<id> or ssm:<path>", EnvSource, src, kind)
}

func apply(vals map[string]string) []string {
	var set []string
	for k, v := range vals {
		if !slices.Contains(Keys, k) || v == "" {
			continue
		}
		if _, exists := os.LookupEnv(k); exists {
			continue
		}
		os.Setenv(k, v)
		set = append(set, k)
	}
	slices.Sort(set)
	return set
}
