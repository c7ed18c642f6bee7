package doctor

import (
	"context"
	"errors"
	"strings"
	"time"

	"gpuadvisor/infra/llm"
	"gpuadvisor/prompts"
)

// llmCheck sends the configured endpoint one tiny request: a key it
// refuses, a model it does not serve or an endpoint that does not answer
// shows here rather than as template drafts in chat.
func (c *checks) llmCheck(ctx context.Context, env func(string) string, timeout time.Duration) {
	const name = "LLM"
	l, err := llm.Load(env)
	var ce *llm.ConfigError
	switch {
	case errors.As(err, &ce):
		c.fail(name, ce.Key+" "+ce.Message, c.t("for example "+ce.Example, "例如 "+ce.Example))
		return
	case err != nil:
		c.fail(name, err.Error(), c.t("set OPENAI_MODEL (and OPENAI_BASE_URL for a non-OpenAI endpoint)", "设置 OPENAI_MODEL（非 OpenAI 端点还需 OPENAI_BASE_URL）"))
		return
	case l == nil:
		c.skip(name, c.t("not configured: drafts come from the templates (set OPENAI_API_KEY to use one)", "未配置：草稿用模板生成（设置 OPENAI_API_KEY 即可启用）"))
		return
	}
	model := ""
	if m, ok := l.(prompts.Modeler); ok {
		model = m.Model()
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	start := time.Now()
	_, err = l.Complete(ctx, prompts.Prompt{System: "You are a health check. Reply with the single word OK.", User: "ping"})
	took := time.Since(start).Round(time.Millisecond)
	if err != nil {
		msg := err.Error()
		if k := env("OPENAI_API_KEY"); len(k) > 4 {
			msg = strings.ReplaceAll(msg, k, "***")
		}
		fix := c.t("check OPENAI_BASE_URL and that the endpoint is reachable from here", "检查 OPENAI_BASE_URL，以及这台机器能否访问该端点")
		switch {
		case strings.Contains(msg, "401") || strings.Contains(strings.ToLower(msg), "unauthorized") || strings.Contains(strings.ToLower(msg), "api key"):
			fix = c.t("the endpoint refused OPENAI_API_KEY (401): put the key of this endpoint in the secret", "端点拒绝了 OPENAI_API_KEY（401）：把该端点的密钥写入 secret")
		case strings.Contains(msg, "404") || strings.Contains(strings.ToLower(msg), "model"):
			fix = c.t("the endpoint does not serve OPENAI_MODEL "+model+": use one of its model names", "端点不提供 OPENAI_MODEL "+model+"：换成它的模型名")
		case errors.Is(err, context.DeadlineExceeded):
			fix = c.t("no answer within "+timeout.String()+": check the URL, the network, or raise --timeout", timeout.String()+" 内无应答：检查地址与网络，或加大 --timeout")
		}
		c.fail(name, c.t("model "+model+": "+chatSafe(msg), "模型 "+model+"："+chatSafe(msg)), fix)
		return
	}
	c.pass(name, c.t("model "+model+" answered in "+took.String(), "模型 "+model+" 在 "+took.String()+" 内应答"))
}

// chatSafe keeps an error message to one short line.
func chatSafe(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 200 {
		s = s[:200] + "…"
	}
	return s
}
