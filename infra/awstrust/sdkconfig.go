//go:build !lambda.norpc

package awstrust

import (
	"context"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/config"
)

// sdkConfig loads the configuration with the SDK (profiles, shared files,
// SSO, web identity, container and instance credentials).
func sdkConfig(ctx context.Context) (aws.Config, error) { return LoadWith(ctx) }

// LoadWith is config.LoadDefaultConfig with optFns and HTTPClient for the
// region's clients (the system roots in the China regions), loaded anew. It
// is not in the functions' builds (tag lambda.norpc).
func LoadWith(ctx context.Context, optFns ...func(*config.LoadOptions) error) (aws.Config, error) {
	opts := append([]func(*config.LoadOptions) error{config.WithHTTPClient(HTTPClient())}, optFns...)
	cfg, err := config.LoadDefaultConfig(ctx, opts...)
	if err != nil {
		return aws.Config{}, fmt.Errorf("aws config with the Amazon roots: %w", err)
	}
	if !UsesAmazonRoots(cfg.Region) {
		return config.LoadDefaultConfig(ctx, optFns...)
	}
	return cfg, nil
}
