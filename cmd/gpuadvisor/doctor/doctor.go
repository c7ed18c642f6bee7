package doctor

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"
	"time"

	"gpuadvisor/chat"
)

// Usage is doctor's help text.
const Usage = `Usage: gpuadvisor doctor [--slack-url URL] [--feishu-url URL] [--secrets-file FILE]... [--timeout 10s] [--json] [--lang zh|en]

Checks this machine's configuration (the environment, and each --secrets-file: the JSON
object the deployed secret holds) and says what to fix: each platform's secrets present and
well formed, the LLM endpoint answering one tiny request when one is configured. With the
deployed URLs (the stack's SlackUrl and FeishuUrl outputs, or serve's /slack/commands and
/feishu/events) it probes them as the platforms do: a badly signed slash command must be
refused and a signed /gpu help answered; an encrypted Feishu challenge must be answered.
Exit status 0 when every check that ran passed, 1 when one failed, 2 for bad usage.

Flags:
`

// Options are doctor's flags.
type Options struct {
	SlackURL, FeishuURL string
	SecretsFiles        []string
	Timeout             time.Duration
}

type files []string

func (f *files) String() string     { return strings.Join(*f, ",") }
func (f *files) Set(v string) error { *f = append(*f, v); return nil }

// Main runs doctor: args are the flags after the word doctor; jsonOut and
// lang come from the global flags (lang "" follows LANG). It returns the
// exit status.
func Main(ctx context.Context, args []string, jsonOut bool, lang chat.Lang, stdout, stderr io.Writer, getenv func(string) string) int {
	if lang == "" {
		lang = chat.EN
		if l := strings.ToLower(getenv("LANG") + getenv("LC_ALL")); strings.Contains(l, "zh") {
			lang = chat.ZH
		}
	}
	var o Options
	var sf files
	fs := flag.NewFlagSet("doctor", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&o.SlackURL, "slack-url", "", "the deployed Slack URL to probe (SlackUrl)")
	fs.StringVar(&o.FeishuURL, "feishu-url", "", "the deployed Feishu URL to probe (FeishuUrl)")
	fs.Var(&sf, "secrets-file", "a JSON object of secrets (as the deployed secret holds), read over the environment; may be repeated")
	fs.DurationVar(&o.Timeout, "timeout", 10*time.Second, "how long each probe waits")
	fs.Usage = func() {
		fmt.Fprint(stderr, Usage)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "gpuadvisor doctor: %s %q; %s\n", chat.T(lang, "takes flags only, not", "只接受参数，不接受"), strings.Join(fs.Args(), " "),
			chat.T(lang, "for example: gpuadvisor doctor --slack-url https://abc.lambda-url.ap-east-1.on.aws/", "例如：gpuadvisor doctor --slack-url https://abc.lambda-url.ap-east-1.on.aws/"))
		return 2
	}
	if o.Timeout <= 0 {
		fmt.Fprintln(stderr, "gpuadvisor doctor:", chat.T(lang, "--timeout must be positive, for example 10s", "--timeout 须为正数，例如 10s"))
		return 2
	}
	o.SecretsFiles = sf
	env, err := environment(getenv, o.SecretsFiles)
	if err != nil {
		fmt.Fprintln(stderr, "gpuadvisor doctor:", err)
		return 2
	}
	r := Run(ctx, lang, o, env, &http.Client{Timeout: o.Timeout}, time.Now())
	if jsonOut {
		b, _ := json.MarshalIndent(r, "", "  ")
		stdout.Write(append(b, '\n'))
	} else {
		writeText(stdout, lang, r)
	}
	if !r.OK {
		return 1
	}
	return 0
}

// Run makes every check and returns the report.
func Run(ctx context.Context, lang chat.Lang, o Options, env func(string) string, client *http.Client, now time.Time) Report {
	c := &checks{lang: lang}
	slack := c.slackSecrets(env)
	feishu := c.feishuSecrets(env)
	if !slack && !feishu {
		c.fail("platforms", c.t("neither Slack nor Feishu is configured", "Slack 和飞书都没有配置"),
			c.t("set SLACK_SIGNING_SECRET and SLACK_BOT_TOKEN, or the four FEISHU_ values (README: Configuration), or pass --secrets-file", "设置 SLACK_SIGNING_SECRET 和 SLACK_BOT_TOKEN，或四个 FEISHU_ 变量（README：Configuration），或用 --secrets-file"))
	}
	c.llmCheck(ctx, env, o.Timeout)
	if o.SlackURL != "" {
		c.slackProbe(ctx, client, o.SlackURL, env, now)
	}
	if o.FeishuURL != "" {
		c.feishuProbe(ctx, client, o.FeishuURL, env)
	}
	return c.report()
}

// environment is getenv with each secrets file's values over it (later
// files win), as the functions read the deployed secret.
func environment(getenv func(string) string, paths []string) (func(string) string, error) {
	over := map[string]string{}
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			return nil, fmt.Errorf("--secrets-file %s: %w", p, err)
		}
		var m map[string]any
		if err := json.Unmarshal(b, &m); err != nil {
			return nil, fmt.Errorf("--secrets-file %s is not a JSON object of names and values (for example {\"SLACK_SIGNING_SECRET\":\"…\"}): %w", p, err)
		}
		for k, v := range m {
			s, ok := v.(string)
			if !ok {
				return nil, fmt.Errorf("--secrets-file %s: %s is not a string", p, k)
			}
			over[k] = s
		}
	}
	return func(k string) string {
		if v, ok := over[k]; ok {
			return strings.TrimSpace(v)
		}
		return strings.TrimSpace(getenv(k))
	}, nil
}
