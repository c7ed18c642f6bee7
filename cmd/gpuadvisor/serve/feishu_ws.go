package serve

import (
	"context"
	"errors"
	"fmt"

	"gpuadvisor/infra/feishuws"
)

// runFeishuWS keeps Feishu's long connection open until ctx ends. Events
// arrive in plaintext over the connection the app secret opened, so they go
// to the handler's event logic (HandleEvent) without signature or
// decryption: the same router, de-duplication and cards as /feishu/events.
func (s *server) runFeishuWS(ctx context.Context) {
	c := s.cfg.Feishu.Config
	ws := &feishuws.Client{
		AppID:     c.AppID,
		AppSecret: c.AppSecret,
		BaseURL:   c.BaseURL,
		Handle:    s.feishu.HandleEvent,
		Log:       s.log,
	}
	s.log.Info("feishu long connection starting", "base_url", c.BaseURL)
	err := ws.Run(ctx)
	if ctx.Err() != nil {
		return
	}
	if errors.Is(err, feishuws.ErrRejected) {
		err = fmt.Errorf("%w (check FEISHU_APP_ID and FEISHU_APP_SECRET, and that the app subscribes to events by long connection: 事件与回调 > 订阅方式 > 使用长连接接收事件)", err)
	}
	s.fail(fmt.Errorf("feishu long connection stopped: %w", err))
}
