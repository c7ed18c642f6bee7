package awstrust

import (
	"crypto/tls"
	"crypto/x509"
	"fmt"
	"net/http"
	"os"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	awshttp "github.com/aws/aws-sdk-go-v2/aws/transport/http"
	"github.com/aws/aws-sdk-go-v2/credentials"
)

// On Lambda the whole AWS configuration is in a few environment variables
// Lambda sets itself: the region, and the execution role's credentials
// (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN; "Defined
// runtime environment variables",
// https://docs.aws.amazon.com/lambda/latest/dg/configuration-envvars.html#configuration-envvars-runtime).
// The SDK's config.LoadDefaultConfig finds them there too, after looking for
// shared files, profiles, SSO, web identity and container credentials; that
// search costs a cold start more CPU than the rest of the AWS setup.
// envConfig builds the same configuration directly, but only when nothing
// else could change it: every AWS_* variable set is one of lambdaEnv (or
// Lambda's own AWS_LAMBDA_* and X-Ray's AWS_XRAY_*), and the region and both
// keys are there. Anything else (a profile, a config file, an endpoint or
// retry setting) is left to the SDK's loader, which the functions' builds
// leave out (sdkconfig_lambda.go): there it is an error naming the variable.

// lambdaEnv are the AWS_* variables envConfig reads or knows to be
// irrelevant to the configuration: Lambda's reserved ones, the older
// spellings of the keys (AWS_ACCESS_KEY, which Lambda sets beside
// AWS_ACCESS_KEY_ID, and AWS_SECRET_KEY), AWS_ACCOUNT_ID and AWS_CA_BUNDLE.
var lambdaEnv = map[string]bool{
	"AWS_REGION": true, "AWS_DEFAULT_REGION": true, "AWS_ACCESS_KEY_ID": true, "AWS_ACCESS_KEY": true,
	"AWS_SECRET_ACCESS_KEY": true, "AWS_SECRET_KEY": true, "AWS_SESSION_TOKEN": true, "AWS_ACCOUNT_ID": true, "AWS_CA_BUNDLE": true,
	"AWS_EXECUTION_ENV": true,
}

// envConfig returns the configuration of a Lambda environment (ok false
// when the environment is not only that, see above), with the Amazon roots
// (plus AWS_CA_BUNDLE's certificates) as the HTTP client's trust store; in
// the China regions the system roots, as LoadWith gives there.
func envConfig(environ []string) (cfg aws.Config, ok bool, err error) {
	env := map[string]string{}
	for _, kv := range environ {
		k, v, _ := strings.Cut(kv, "=")
		if !strings.HasPrefix(k, "AWS_") {
			continue
		}
		if !lambdaEnv[k] && !strings.HasPrefix(k, "AWS_LAMBDA_") && !strings.HasPrefix(k, "AWS_XRAY_") {
			return aws.Config{}, false, nil
		}
		env[k] = v
	}
	region := env["AWS_REGION"]
	if region == "" {
		region = env["AWS_DEFAULT_REGION"]
	}
	id, secret := env["AWS_ACCESS_KEY_ID"], env["AWS_SECRET_ACCESS_KEY"]
	if region == "" || id == "" || secret == "" {
		return aws.Config{}, false, nil
	}
	client := HTTPClient()
	if !UsesAmazonRoots(region) {
		client = awshttp.NewBuildableClient().WithTransportOptions(HTTP1Only) // the system roots, as the SDK's default client
	}
	if f := env["AWS_CA_BUNDLE"]; f != "" {
		pem, err := os.ReadFile(f)
		if err != nil {
			return aws.Config{}, false, fmt.Errorf("AWS_CA_BUNDLE: %w", err)
		}
		var appendErr error
		client = client.WithTransportOptions(func(tr *http.Transport) {
			if tr.TLSClientConfig == nil {
				tr.TLSClientConfig = &tls.Config{MinVersion: tls.VersionTLS12}
			}
			if tr.TLSClientConfig.RootCAs == nil { // as the SDK does: the bundle instead of the system roots
				tr.TLSClientConfig.RootCAs = x509.NewCertPool()
			}
			if !tr.TLSClientConfig.RootCAs.AppendCertsFromPEM(pem) {
				appendErr = fmt.Errorf("AWS_CA_BUNDLE %s holds no PEM certificate", f)
			}
		})
		if appendErr != nil {
			return aws.Config{}, false, appendErr
		}
	}
	creds := credentials.StaticCredentialsProvider{Value: aws.Credentials{
		AccessKeyID: id, SecretAccessKey: secret, SessionToken: env["AWS_SESSION_TOKEN"],
		Source: "EnvConfigCredentials", AccountID: env["AWS_ACCOUNT_ID"],
	}}
	return aws.Config{Region: region, Credentials: aws.NewCredentialsCache(creds), HTTPClient: client}, true, nil
}
