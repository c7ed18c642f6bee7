// Package secrets reads the bot's secrets from AWS Secrets Manager or SSM
// Parameter Store, so that no secret is written in plain text into the
// template or the function configuration. It returns them as a map; the
// process environment is never changed.
//
// GPUADVISOR_SECRETS names the sources, separated by commas; each function
// lists only the secrets it uses (one per platform: Slack, Feishu, the LLM):
//
//	secretsmanager:<secret id or ARN>   a secret holding a JSON object {"SLACK_BOT_TOKEN": "...", ...}
//	ssm:<path>                          SecureString parameters <path>/SLACK_BOT_TOKEN, ... (decrypted;
//	                                    the leading slash may be left out)
//
// for example secretsmanager:gpuadvisor/slack,secretsmanager:gpuadvisor/llm.
// One source holding every key (the earlier single-secret form) still works.
// Only the names in Keys are taken; anything else in a secret is ignored;
// a key in two sources takes the later one's value.
// A Cache reads the sources again after a TTL (5 minutes) and, at most once a
// minute, when a request fails its signature check: a secret filled in or
// rotated after a cold start is picked up without waiting for Lambda to
// recycle the instance (the README explains rotation).
package secrets

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"

	"gpuadvisor/infra/awstrust"
)

// Keys are the environment variables that may come from the secret store.
var Keys = slices.Concat(SlackKeys, FeishuKeys, LLMKeys)

// The keys of each platform's secret.
var (
	SlackKeys  = []string{"SLACK_SIGNING_SECRET", "SLACK_BOT_TOKEN"}
	FeishuKeys = []string{"FEISHU_APP_ID", "FEISHU_APP_SECRET", "FEISHU_VERIFICATION_TOKEN", "FEISHU_ENCRYPT_KEY"}
	LLMKeys    = []string{"OPENAI_API_KEY"}
)

// EnvSource is the environment variable naming the source.
const EnvSource = "GPUADVISOR_SECRETS"

// EnvEndpoint replaces the AWS endpoint of the source (tests only).
const EnvEndpoint = "GPUADVISOR_SECRETS_ENDPOINT"

// Source reads the secret store: every value it holds, by name.
type Source func(ctx context.Context) (map[string]string, error)

// FromGetenv returns the sources GPUADVISOR_SECRETS names, read one after
// the other, or nil when the variable is unset. AWS credentials and region
// come from the default chain.
func FromGetenv(ctx context.Context, getenv func(string) string) (Source, error) {
	list := strings.TrimSpace(getenv(EnvSource))
	if list == "" {
		return nil, nil
	}
	srcs, err := parseSources(list)
	if err != nil {
		return nil, err
	}
	cfg, err := awstrust.LoadDefaultConfig(ctx)
	if err != nil {
		return nil, fmt.Errorf("secrets: aws config: %w", err)
	}
	o := clientOptions{endpoint: strings.TrimSpace(getenv(EnvEndpoint))}
	return func(ctx context.Context) (map[string]string, error) {
		all := map[string]string{}
		for _, src := range srcs {
			vals, err := fetch(ctx, cfg, src, o)
			if err != nil {
				return nil, err
			}
			maps.Copy(all, vals)
		}
		return all, nil
	}, nil
}

// parseSources splits a comma-separated GPUADVISOR_SECRETS and checks each.
func parseSources(list string) ([]string, error) {
	var out []string
	for _, src := range strings.Split(list, ",") {
		src = strings.TrimSpace(src)
		if src == "" {
			continue
		}
		if _, _, err := parseSource(src); err != nil {
			return nil, err
		}
		out = append(out, src)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("secrets: %s=%q names no source; want secretsmanager:<id> or ssm:<path>, separated by commas", EnvSource, list)
	}
	return out, nil
}

// Load reads the source once and returns the Keys it holds with a value.
func Load(ctx context.Context, src Source) (map[string]string, error) {
	all, err := src(ctx)
	if err != nil {
		return nil, err
	}
	vals := map[string]string{}
	for k, v := range all {
		if slices.Contains(Keys, k) && v != "" {
			vals[k] = v
		}
	}
	return vals, nil
}

// Names lists the names of vals in order, for a log line (never the values).
func Names(vals map[string]string) []string {
	return slices.Sorted(maps.Keys(vals))
}

// Overlay is getenv with the secrets under it: a variable set (not empty) in
// the environment wins, else the secret's value.
func Overlay(getenv func(string) string, vals map[string]string) func(string) string {
	return func(k string) string {
		if v := getenv(k); v != "" {
			return v
		}
		return vals[k]
	}
}

// Defaults of a Cache.
const (
	// DefaultTTL is how long values are used before they are read again.
	DefaultTTL = 5 * time.Minute
	// DefaultMinForced is the least time between two reads forced by
	// signature failures: a flood of forged requests cannot turn into a
	// flood of reads (each costs money and counts against a quota).
	DefaultMinForced = time.Minute
)

// Cache holds the values of a source, read again after TTL or when forced.
// It is safe for concurrent use.
type Cache struct {
	Source Source
	// TTL and MinForced: zero means DefaultTTL and DefaultMinForced.
	TTL, MinForced time.Duration
	// Now is the clock; nil means time.Now.
	Now func() time.Time

	mu      sync.Mutex
	vals    map[string]string
	version int
	read    time.Time // when vals were read
	forced  time.Time // the last forced read
}

// Values returns the current values and their version (it grows each time a
// read finds different values). After the TTL it reads the source again; if
// that read fails, the old values are kept (and tried again on the next
// call), and the error is returned only when there are none yet.
func (c *Cache) Values(ctx context.Context) (map[string]string, int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	now := c.now()
	if c.vals != nil && now.Sub(c.read) < orDefault(c.TTL, DefaultTTL) {
		return c.vals, c.version, nil
	}
	if err := c.readLocked(ctx, now); err != nil && c.vals == nil {
		return nil, 0, err
	}
	return c.vals, c.version, nil
}

// Force reads the source again now, unless a forced read happened less than
// MinForced ago. It reports whether the values changed.
func (c *Cache) Force(ctx context.Context) (bool, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	now := c.now()
	if !c.forced.IsZero() && now.Sub(c.forced) < orDefault(c.MinForced, DefaultMinForced) {
		return false, nil
	}
	c.forced = now
	before := c.version
	err := c.readLocked(ctx, now)
	return c.version != before, err
}

func (c *Cache) readLocked(ctx context.Context, now time.Time) error {
	vals, err := Load(ctx, c.Source)
	if err != nil {
		return err
	}
	c.read = now
	if c.vals == nil || !maps.Equal(vals, c.vals) {
		c.vals = vals
		c.version++
	}
	return nil
}

func orDefault(d, def time.Duration) time.Duration {
	if d > 0 {
		return d
	}
	return def
}

func (c *Cache) now() time.Time {
	if c.Now != nil {
		return c.Now()
	}
	return time.Now()
}

type clientOptions struct{ endpoint string }

// parseSource splits secretsmanager:<id> or ssm:<path>.
func parseSource(src string) (kind, id string, err error) {
	kind, id, ok := strings.Cut(src, ":")
	if !ok || id == "" {
		return "", "", fmt.Errorf("secrets: %s=%q: want secretsmanager:<id> or ssm:<path>", EnvSource, src)
	}
	if kind != "secretsmanager" && kind != "ssm" {
		return "", "", fmt.Errorf("secrets: %s=%q: unknown source %q; want secretsmanager:<id> or ssm:<path>", EnvSource, src, kind)
	}
	if kind == "ssm" && !strings.HasPrefix(id, "/") {
		id = "/" + id // a path without its leading slash (as in an IAM ARN)
	}
	return kind, id, nil
}

func fetch(ctx context.Context, cfg aws.Config, src string, o clientOptions) (map[string]string, error) {
	kind, id, err := parseSource(src)
	if err != nil {
		return nil, err
	}
	switch kind {
	case "secretsmanager":
		return secretValue(ctx, cfg, id, o.endpoint)
	case "ssm":
		return ssmParameters(ctx, cfg, id, o.endpoint)
	}
	return nil, fmt.Errorf("secrets: %s=%q: unknown source %q; want secretsmanager:<id> or ssm:<path>", EnvSource, src, kind)
}
